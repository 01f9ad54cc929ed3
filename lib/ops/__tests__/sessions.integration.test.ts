import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackFetch } from "@/lib/http/node";
import { startNearbyServer, type NearbyServer } from "@/lib/testing";

/**
 * Operators' sessions against the built app: a session is a random value the store knows (never the token or a
 * fixed function of it), sign-out ends it everywhere, it expires, failed sign-ins are throttled per network, and
 * the pages answer only on the operators' host.
 */
const TOKEN = "sessions-test-operators-token-01";
let server: NearbyServer;

beforeAll(async () => {
  server = await startNearbyServer(50, {
    env: { OPS_TOKEN: TOKEN, OPS_HOST: "127.0.0.1", OPS_SIGN_IN_LIMIT: "3", OPS_SESSION_HOURS: "2" },
  });
});
afterAll(async () => {
  await server?.close();
});

const form = (token: string) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", connection: "close" },
  body: new URLSearchParams({ token }).toString(),
  redirect: "manual" as const,
});

async function signIn(): Promise<string> {
  const res = await fetch(`${server.url}/ops/login`, form(TOKEN));
  expect(res.status).toBe(303);
  const cookie = /ops_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return cookie!;
}

const statusPage = (cookie?: string) =>
  fetch(`${server.url}/ops`, {
    headers: { connection: "close", ...(cookie ? { cookie: `ops_session=${cookie}` } : {}) },
  }).then((r) => r.text());

describe("operators' sessions", () => {
  it("are new random values each time, and sign-out ends one for good", async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a).not.toBe(b);
    expect(await statusPage(a)).toContain("Sync runs");
    const out = await fetch(`${server.url}/ops/logout`, {
      method: "POST",
      headers: { cookie: `ops_session=${a}`, connection: "close" },
      redirect: "manual",
    });
    expect(out.status).toBe(303);
    // The old cookie, replayed after sign-out, no longer opens the page; the other session still does.
    expect(await statusPage(a)).not.toContain("Sync runs");
    expect(await statusPage(b)).toContain("Sync runs");
  });

  it("expire after OPS_SESSION_HOURS", async () => {
    const started = Date.now();
    const cookie = await signIn();
    expect(await statusPage(cookie)).toContain("Sync runs");
    // The cookie and the stored session both end OPS_SESSION_HOURS (2 h) after the sign-in…
    const sessions = await server.store.db.selectFrom("ops_sessions").selectAll().execute();
    const newest = sessions.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    const lifetime = Date.parse(newest.expires_at) - Date.parse(newest.created_at);
    expect(lifetime).toBe(2 * 3600_000);
    expect(Math.abs(Date.parse(newest.created_at) - started)).toBeLessThan(60_000);
    // …and once that time has passed (moved into the past here rather than waited for), the cookie opens nothing.
    await server.store.db
      .updateTable("ops_sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id_hash", "=", newest.id_hash)
      .execute();
    expect(await statusPage(cookie)).not.toContain("Sync runs");
  });

  it("answer only on the operators' host", async () => {
    const elsewhere = await loopbackFetch(`http://brand-a.localhost:${server.port}/ops`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).not.toContain("Sign in");
  });

  it("refuse sign-ins from a network after too many failures, even with the right token", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/ops/login`, form(`wrong-token-number-${i}`));
      expect(res.headers.get("location")).toMatch(/\/ops\?error=1$/);
    }
    const throttled = await fetch(`${server.url}/ops/login`, form(TOKEN));
    expect(throttled.headers.get("location")).toMatch(/\/ops\?error=throttled$/);
    expect(throttled.headers.get("set-cookie")).toBeNull();
  });
});
