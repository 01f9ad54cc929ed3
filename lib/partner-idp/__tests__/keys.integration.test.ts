import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers, retireKeys, rotateKeys, startPartnerIdp, type PartnerIdp } from "..";
import { authorizeUrl, Browser } from "./https-client";

/** Key rotation (spec §4.6 scenario C: "serve old and new keys during rotation") and the data dir's files. */

const CLIENT = {
  clientId: "brand-a",
  clientSecret: "brand-a-secret-0001",
  redirectUris: ["http://brand-a.localhost:3000/oauth2/idpresponse"],
};
const REDIRECT_URI = CLIENT.redirectUris[0]!;

let dataDir: string;
let idp: PartnerIdp;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-keys-"));
  idp = await startPartnerIdp({ dataDir, clients: [CLIENT] });
});

afterAll(async () => {
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function jwks(browser: Browser): Promise<JSONWebKeySet> {
  return JSON.parse(
    (await browser.get(`${idp.issuer}/.well-known/jwks.json`, { cookies: false })).body,
  ) as JSONWebKeySet;
}

/** A code for the browser's session (signing in first when it has none), exchanged for an id_token. */
async function idToken(browser: Browser, signInFirst: boolean): Promise<string> {
  let reply = await browser.get(
    authorizeUrl(idp.issuer, { clientId: CLIENT.clientId, redirectUri: REDIRECT_URI, state: "s", nonce: "n" }),
  );
  if (signInFirst) {
    expect(reply.location).toContain("/login/");
    const login = await browser.postForm(
      reply.location!,
      { email: demoUsers[0]!.email, password: DEMO_PASSWORD },
      { origin: idp.issuer },
    );
    reply = await browser.get(login.location!);
  }
  const code = new URL(reply.location!).searchParams.get("code");
  expect(code).toEqual(expect.any(String));
  const token = await browser.request("POST", `${idp.issuer}/oauth/token`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    }).toString(),
    cookies: false,
  });
  expect(token.status).toBe(200);
  return (JSON.parse(token.body) as { id_token: string }).id_token;
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("data dir", () => {
  it("keeps private keys readable by the owner only", () => {
    expect(mode(path.join(dataDir, "jwks.json"))).toBe(0o600);
    expect(mode(path.join(dataDir, "cookie-keys.json"))).toBe(0o600);
    expect(mode(path.join(dataDir, "tls", "ca-key.pem"))).toBe(0o600);
    expect(mode(path.join(dataDir, "tls", "server-key.pem"))).toBe(0o600);
  });

  it("reuses keys and certificates on a second start", async () => {
    const browser = new Browser(idp.caFile);
    const kids = (await jwks(browser)).keys.map((k) => k.kid);
    const again = await startPartnerIdp({ dataDir, clients: [CLIENT] });
    try {
      expect(again.spkiSha256).toBe(idp.spkiSha256);
      expect(again.caFile).toBe(idp.caFile);
      const body = (await new Browser(again.caFile).get(`${again.issuer}/.well-known/jwks.json`)).body;
      expect((JSON.parse(body) as JSONWebKeySet).keys.map((k) => k.kid)).toEqual(kids);
    } finally {
      await again.close();
    }
  });
});

describe("rotation", () => {
  it("publishes old and new keys, signs with the new one, and keeps sessions across the reload", async () => {
    const browser = new Browser(idp.caFile);
    const before = await idToken(browser, true);
    const oldKid = decodeProtectedHeader(before).kid;

    const { kids, added } = await rotateKeys(dataDir);
    expect(kids).toEqual([added, oldKid]);
    await idp.reloadKeys();

    const published = await jwks(browser);
    expect(published.keys.map((k) => k.kid)).toEqual([added, oldKid]);

    // Same browser, no new login: the session survived the Provider being rebuilt.
    const after = await idToken(browser, false);
    expect(decodeProtectedHeader(after).kid).toBe(added);
    const keySet = createLocalJWKSet(published);
    await expect(jwtVerify(after, keySet, { issuer: idp.issuer, audience: CLIENT.clientId })).resolves.toBeDefined();
    // A token signed before the rotation still verifies while the old key stays published.
    await expect(jwtVerify(before, keySet, { issuer: idp.issuer, audience: CLIENT.clientId })).resolves.toBeDefined();
  });

  it("keeps at most two old keys", async () => {
    for (let i = 0; i < 3; i++) await rotateKeys(dataDir);
    await idp.reloadKeys();
    expect((await jwks(new Browser(idp.caFile))).keys).toHaveLength(3);
  });

  it("is picked up from the file by a running server (retire: only the signing key stays)", async () => {
    const browser = new Browser(idp.caFile);
    const { kids, retired } = retireKeys(dataDir);
    expect(kids).toHaveLength(1);
    expect(retired).toHaveLength(2);
    const deadline = Date.now() + 5000;
    let published = await jwks(browser);
    while (published.keys.length !== 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      published = await jwks(browser);
    }
    expect(published.keys.map((k) => k.kid)).toEqual(kids);
  });

  it("keeps the keys in use when the file is broken", async () => {
    const browser = new Browser(idp.caFile);
    const kids = (await jwks(browser)).keys.map((k) => k.kid);
    const file = path.join(dataDir, "jwks.json");
    const saved = fs.readFileSync(file);
    fs.writeFileSync(file, '{"keys": []}');
    try {
      await expect(idp.reloadKeys()).rejects.toThrow(/jwks\.json/);
      expect((await jwks(browser)).keys.map((k) => k.kid)).toEqual(kids);
    } finally {
      fs.writeFileSync(file, saved);
    }
  });
});
