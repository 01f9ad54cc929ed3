import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers, startPartnerIdp, type PartnerIdp } from "@/lib/partner-idp";
import type { SsoCheckReport } from "../run";
import { cliEntry } from "@/lib/testing";

/** `npm run sso:check` as partners and operators run it: flags, the report, --json, the exit status. */
const REDIRECT_URI = "http://brand-a.localhost:3000/oauth2/idpresponse";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sso-check-cli-"));
let good: PartnerIdp;
let broken: PartnerIdp;

beforeAll(async () => {
  const clients = [{ clientId: "brand-a", clientSecret: "brand-a-secret-0001", redirectUris: [REDIRECT_URI] }];
  good = await startPartnerIdp({ dataDir, clients });
  broken = await startPartnerIdp({ dataDir, clients, faults: ["wrong-secret-accepted"] });
});
afterAll(async () => {
  await good?.close();
  await broken?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function check(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...cliEntry("sso-check"), ...args], {
    env: {
      ...process.env,
      SSO_DEV_ALLOW_LOOPBACK: "true",
      LOG_LEVEL: "warn",
      CLIENT_SECRET: "brand-a-secret-0001",
      PW: DEMO_PASSWORD,
      ...env,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

const flags = (idp: PartnerIdp) => [
  "--issuer",
  idp.issuer,
  "--client-id",
  "brand-a",
  "--client-secret-env",
  "CLIENT_SECRET",
  "--redirect-uri",
  REDIRECT_URI,
  "--username",
  demoUsers[0]!.email,
  "--password-env",
  "PW",
  "--ca",
  idp.caFile,
];

describe("npm run sso:check", () => {
  it("passes the reference IdP: a readable table with the spec rule per row, progress on stderr, exit 0", async () => {
    const run = await check(flags(good));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\| pass +\| +Discovery \|.*\| +§4\.7\.1, §4\.4 \|/);
    expect(run.stdout).toContain(
      "PASSED: every required item (optional ones not checked: 5) (24 passed, 0 failed, 5 could not be checked)",
    );
    expect(run.stderr).toMatch(/\[ 1\/29\] pass/);
    expect(run.stdout + run.stderr).not.toContain("brand-a-secret-0001");
  }, 60_000);

  it("--json gives the report as JSON; a failed item exits 1 with its hint", async () => {
    const run = await check([...flags(broken), "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as SsoCheckReport;
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed.map((r) => r.id)).toEqual(["token.wrong_secret"]);
    expect(failed[0]!.hint).toMatch(/401/);
  }, 60_000);

  it("wrong usage exits 64, as every command does, and says what is missing in one line", async () => {
    const run = await check(["--issuer", good.issuer]);
    expect(run.code).toBe(64);
    expect(run.stderr).toBe(
      "sso:check: missing: --client-id, --client-secret, --redirect-uri (or --brand)\n(--help shows the usage)\n",
    );
    const half = await check([...flags(good), "--other-client-id", "brand-b", "--partner-api", good.issuer]);
    expect(half.code).toBe(64);
    expect(half.stderr).toContain("missing: --partner-api-key, --other-client-id with --other-client-secret");
    const selector = await check([
      ...flags(good),
      "--step-selector",
      "1:username=#login",
      "--step-selector",
      "2:submit=text=Allow",
    ]);
    expect(selector.code).toBe(64);
    expect(selector.stderr).toMatch(
      /^sso:check: --step-selector "2:submit=text=Allow": "text=Allow" is not a CSS selector/,
    );
    // The operators' token would go to --server: never over plain http to another machine.
    const plain = await check(["--sign-in-yourself", "--server", "http://ops.example.com", "--brand", "aurora"]);
    expect(plain.code).toBe(64);
    expect(plain.stderr).toMatch(
      /^sso:check: --server: an https URL \(plain http only for a platform on this machine\)/,
    );
    const global = await check([...flags(good), "--submit-selector", "button[type=submit"]);
    expect(global.code).toBe(64);
    expect(global.stderr).toMatch(/^sso:check: --submit-selector: "button\[type=submit" is not a CSS selector/);
  });
});
