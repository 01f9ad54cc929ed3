import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { loopbackName } from "@/lib/testing";
import { OutboundRefused } from "@/lib/http/node";
import type { PartnerIdp } from "@/lib/partner-idp";
import { startReference } from "../testing";
import { trustLocalCa } from "../trust";

/**
 * Reading a local provider's certificate (the command's --ca, the operators' page under the development switch):
 * a TLS connection like any other to a partner's server, under the outbound rules.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sso-trust-"));
let idp: PartnerIdp;
let ca: string;
let port: string;
beforeAll(async () => {
  idp = await startReference(dataDir);
  ca = fs.readFileSync(idp.caFile, "utf8");
  port = new URL(idp.issuer).port;
}, 60_000);
afterAll(async () => {
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const production = { allowLoopback: false };
const development = { allowLoopback: true };

async function refusal(p: Promise<unknown>): Promise<OutboundRefused> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(OutboundRefused);
  return e as OutboundRefused;
}

describe("trustLocalCa", () => {
  it("under the development switch reads the reference IdP's certificate (checked against its CA), by name or address", async () => {
    expect(await trustLocalCa(idp.issuer, ca, development)).toEqual({ caPem: ca, spkiSha256: idp.spkiSha256 });
    expect(await trustLocalCa(`https://127.0.0.1:${port}`, ca, development)).toEqual({
      caPem: ca,
      spkiSha256: idp.spkiSha256,
    });
  });

  it("still checks the certificate against the CA given", async () => {
    const otherCa = tls.rootCertificates[0]!;
    const e = await trustLocalCa(idp.issuer, otherCa, development).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(OutboundRefused);
  });

  it.each([
    ["https://localhost:PORT", /SSO_DEV_ALLOW_LOOPBACK/],
    ["https://127.0.0.1:PORT", /names this machine/],
    ["https://[::1]:PORT", /names this machine/],
    ["https://LOOPBACK_NAME:PORT", /resolves to an address that is this machine/],
    ["https://10.0.0.1/", /private/],
    ["https://10.255.255.1:8443/", /private/],
    ["https://169.254.169.254/", /metadata/],
    ["https://[::ffff:a9fe:a9fe]/", /metadata/],
    ["https://[fd00:ec2::254]/", /private/],
  ])("in production refuses %s before connecting", async (pattern, reason) => {
    expect(loopbackName, "a name of this machine in /etc/hosts").toBeTruthy();
    const issuer = pattern.replace("PORT", port).replace("LOOPBACK_NAME", loopbackName!);
    const started = Date.now();
    expect((await refusal(trustLocalCa(issuer, ca, production))).message).toMatch(reason);
    expect(Date.now() - started).toBeLessThan(1000); // refused, not timed out
  });

  it.each([
    ["https://10.0.0.1/", /private/],
    ["https://169.254.169.254/", /metadata/],
    ["https://[64:ff9b::a9fe:a9fe]/", /metadata/],
    [`http://localhost:PORT`, /https only/],
    ["https://user:pw@localhost:PORT", /credentials/],
  ])("under the development switch still refuses %s", async (pattern, reason) => {
    const issuer = pattern.replace("PORT", port);
    expect((await refusal(trustLocalCa(issuer, ca, development))).message).toMatch(reason);
  });

  it("follows SSO_DEV_ALLOW_LOOPBACK when not told (its callers, the command and the operators' page)", async () => {
    const attempt = trustLocalCa(`https://127.0.0.1:${port}`, ca);
    if (config().SSO_DEV_ALLOW_LOOPBACK) expect((await attempt).spkiSha256).toBe(idp.spkiSha256);
    else expect((await refusal(attempt)).message).toMatch(/this machine/);
  });
});
