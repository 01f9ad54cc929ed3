import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers, startPartnerIdp, type PartnerIdp } from "..";
import { Browser, type Reply } from "./https-client";

/** The scenario-B partner authentication API (spec §4.5, §2.4 "User profile" and "Error body", §5 SSO rule 4). */

const API_KEY = "partner-api-test-key-0001";
const USER = demoUsers[1]!;

let dataDir: string;
let idp: PartnerIdp;
let client: Browser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-api-"));
  idp = await startPartnerIdp({ dataDir, clients: [], partnerApiKey: API_KEY });
  client = new Browser(idp.caFile);
});

afterAll(async () => {
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function call(
  route: "validate" | "get-user",
  body: unknown,
  opts: { key?: string | null; contentType?: string; raw?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": opts.contentType ?? "application/json" };
  const key = opts.key === undefined ? API_KEY : opts.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return client.request("POST", `${idp.partnerApiUrl}/auth/${route}`, {
    headers,
    body: opts.raw ?? JSON.stringify(body),
    cookies: false,
  });
}

const json = (reply: Reply) => JSON.parse(reply.body) as Record<string, unknown>;
const profile = { user_id: USER.sub, email: USER.email, given_name: USER.given_name, family_name: USER.family_name };

describe("partner API authentication", () => {
  it("is at <issuer>/partner-api", () => {
    expect(idp.partnerApiUrl).toBe(`${idp.issuer}/partner-api`);
  });

  it("answers a missing or wrong key with 401 and an error body", async () => {
    for (const key of [null, "wrong-key", `${API_KEY}x`]) {
      const reply = await call("validate", { email: USER.email, password: DEMO_PASSWORD }, { key });
      expect(reply.status).toBe(401);
      expect(json(reply).error).toEqual(expect.any(String));
      expect(json(reply)).not.toHaveProperty("user_id");
    }
  });

  it("answers 503 while no key is configured", async () => {
    const bare = await startPartnerIdp({ dataDir, clients: [] });
    try {
      const reply = await new Browser(bare.caFile).request("POST", `${bare.partnerApiUrl}/auth/get-user`, {
        headers: { "content-type": "application/json", authorization: "Bearer anything" },
        body: JSON.stringify({ email: USER.email }),
      });
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.body)).toHaveProperty("error");
    } finally {
      await bare.close();
    }
  });
});

describe("POST /auth/validate", () => {
  it("answers good credentials with 200 and the user profile", async () => {
    const reply = await call("validate", { email: USER.email.toUpperCase(), password: DEMO_PASSWORD });
    expect(reply.status).toBe(200);
    expect(json(reply)).toEqual(profile);
  });

  it("answers a wrong password and an unknown e-mail alike: 401 with an error body", async () => {
    const wrong = await call("validate", { email: USER.email, password: "not-the-password" });
    const unknown = await call("validate", { email: "nobody@example.test", password: "not-the-password" });
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(json(reply)).toEqual({ error: expect.any(String) });
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it("answers a body without the fields with 400", async () => {
    const reply = await call("validate", { email: USER.email });
    expect(reply.status).toBe(400);
    expect(json(reply).error).toEqual(expect.any(String));
  });
});

describe("POST /auth/get-user", () => {
  it("answers a known user with 200 and the profile", async () => {
    const reply = await call("get-user", { email: USER.email });
    expect(reply.status).toBe(200);
    expect(json(reply)).toEqual(profile);
  });

  it("answers an unknown user with 404 and an error body", async () => {
    const reply = await call("get-user", { email: "nobody@example.test" });
    expect(reply.status).toBe(404);
    expect(json(reply)).toEqual({ error: expect.any(String) });
  });
});

describe("bad requests are 4xx with an error body, never 5xx", () => {
  it("answers malformed JSON with 400", async () => {
    const reply = await call("validate", undefined, { raw: '{"email": ' });
    expect(reply.status).toBe(400);
    expect(json(reply).error).toEqual(expect.any(String));
  });

  it("answers JSON that is not an object, or fields of the wrong type, with 400", async () => {
    for (const raw of ["null", "[]", '"x"', '{"email": 1, "password": true}']) {
      const reply = await call("validate", undefined, { raw });
      expect(reply.status).toBe(400);
    }
  });

  it("answers another content type with 415", async () => {
    const reply = await call("validate", undefined, {
      contentType: "application/x-www-form-urlencoded",
      raw: `email=${encodeURIComponent(USER.email)}&password=${DEMO_PASSWORD}`,
    });
    expect(reply.status).toBe(415);
    expect(json(reply).error).toEqual(expect.any(String));
  });

  it("answers a body over 16 KB with 413", async () => {
    const reply = await call("validate", { email: USER.email, password: "x".repeat(20_000) });
    expect(reply.status).toBe(413);
    expect(json(reply).error).toEqual(expect.any(String));
  });

  it("answers GET with 405 and an unknown route with 404", async () => {
    const get = await client.get(`${idp.partnerApiUrl}/auth/validate`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(get.status).toBe(405);
    const missing = await client.request("POST", `${idp.partnerApiUrl}/auth/nothing`, {
      headers: { "content-type": "application/json", authorization: `Bearer ${API_KEY}` },
      body: "{}",
    });
    expect(missing.status).toBe(404);
  });
});

describe("password guessing (the login page and /auth/validate share it)", () => {
  it("pauses checks for an address after 10 failures, with Retry-After; other addresses go on", async () => {
    const target = demoUsers[2]!;
    for (let i = 0; i < 10; i++)
      expect((await call("validate", { email: target.email, password: `guess-${i}` })).status).toBe(401);
    const paused = await call("validate", { email: target.email, password: DEMO_PASSWORD });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers["retry-after"])).toBeGreaterThan(800);
    expect(json(paused).error).toMatch(/too many failed attempts/);
    const other = await call("validate", { email: USER.email, password: DEMO_PASSWORD });
    expect(other.status).toBe(200);
  });
});
