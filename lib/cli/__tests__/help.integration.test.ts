import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEntry, answers, freePort } from "@/lib/testing";

/**
 * Every command of lib/cli answers --help (and -h) with its usage and exits 0 without starting anything (no server, no
 * build, no store), and refuses an unknown flag with exit 64; the demo says which setting moves a taken port; the
 * reference IdP starts without oidc-provider's "Unsupported runtime" line. The built bundles, as `npm run …` runs them.
 */
/** Every command the bundle step builds from lib/cli (package.json's build:cli), so a new one is tested here too. */
const COMMANDS = [
  ...JSON.parse(fs.readFileSync("package.json", "utf8")).scripts["build:cli"].matchAll(/lib\/cli\/([\w-]+)\.ts/g),
].map((m: RegExpMatchArray) => m[1]!);
/** Longer than any command needs to print its usage, even on a loaded machine; far shorter than any start. */
const PROMPT_MS = 20_000;

let dataDir: string;
let appPort: number;
let idpPort: number;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-help-"));
  appPort = await freePort();
  idpPort = await freePort();
  // Every port and folder a command could use, pointed at ones this test watches.
  env = {
    PORT: String(appPort),
    IDP_PORT: String(idpPort),
    PARTNER_IDP_PORT: String(idpPort),
    DATA_DIR: dataDir,
    PARTNER_IDP_DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  };
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs a built command to its end (killed after `limitMs`): its exit status, output, and how long it took. */
function run(name: string, args: string[], extraEnv: Record<string, string | undefined> = {}, limitMs = PROMPT_MS) {
  const started = Date.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, ...extraEnv };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, [...cliEntry(name), ...args], {
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

describe("every command's --help", () => {
  it.each(COMMANDS)("%s: prints its usage and exits 0 at once, binding no port", async (name) => {
    for (const flag of ["--help", "-h"]) {
      const result = await run(name, [flag]);
      expect(result.code, `${name} ${flag}: ${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/^Usage:/);
      expect(result.stdout).toContain(`npm ${name === "start" ? "start" : "run"}`);
      expect(result.stderr).toBe("");
      expect(result.ms).toBeLessThan(PROMPT_MS);
    }
    expect(await answers(appPort, 500)).toBe(false);
    expect(await answers(idpPort, 500)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]); // no store, no key, no certificate written
  });

  it.each(COMMANDS)("%s: refuses an unknown flag with exit 64, naming it", async (name) => {
    const result = await run(name, ["--no-such-flag"]);
    expect(result.code, result.stderr).toBe(64);
    expect(result.stderr).toMatch(/Unknown option '--no-such-flag'/);
    expect(result.stderr.trim().split("\n")).toHaveLength(2); // the problem, and where the usage is
    expect(result.stdout).toBe("");
  });
});

describe("npm run demo", () => {
  let taken: net.Server;
  beforeAll(async () => {
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(idpPort, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("with its IdP port taken, says in one line that IDP_PORT moves it, and stops at once", async () => {
    const result = await run("demo", ["--no-build"], { BRANDS_FILE: undefined });
    expect(result.code).not.toBe(0);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^demo failed: port ${idpPort} .*is taken.*set IDP_PORT to move it`));
    expect(result.stdout).toBe(""); // nothing built, generated or synced
  });
});

describe("npm run partner-idp", () => {
  it("starts without oidc-provider's 'Unsupported runtime' warning", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [...cliEntry("partner-idp"), "--port", String(port), "--data-dir", dataDir], {
      env: { ...process.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes("Ctrl-C to stop") && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(output).toContain("Ctrl-C to stop");
      expect(output).not.toContain("Unsupported runtime");
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  });

  it("refuses a clients file or a setting it cannot use before serving: one line naming the field, exit 1", async () => {
    const file = path.join(dataDir, "clients.json");
    const client = { clientId: "intranet", clientSecretEnv: "INTRANET_SECRET", redirectUris: ["http://rp.example/cb"] };
    fs.writeFileSync(file, JSON.stringify({ clients: [client] }));
    const secret = { INTRANET_SECRET: "intranet-secret-000001" };
    const refused = await run("partner-idp", ["--clients-file", file], secret);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toEqual([
      `partner-idp: Invalid clients file ${file}: clients.0.redirectUris.0: must be https (plain http only on this machine: localhost, *.localhost, 127.0.0.1, [::1])`,
    ]);
    expect(refused.stderr).not.toContain(secret.INTRANET_SECRET);

    const setting = await run("partner-idp", [], { PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: "maybe" });
    expect(setting.code).toBe(1);
    expect(setting.stderr.trim()).toMatch(/^partner-idp: PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: [^\n]+$/);
    expect(await answers(idpPort)).toBe(false);
  });
});
