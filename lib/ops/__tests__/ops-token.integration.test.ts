import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer, cliEntry } from "@/lib/testing";

/**
 * What the README says of the operators' token, against the built app over HTTP: the
 * token's length, and the token (or a wrong one, or a session made from it) never in the server's logs. The page
 * off without OPS_TOKEN is in lib/brands/__tests__/hosts-keys-preferences.integration.test.ts (a server without the token).
 */
const TOKEN = "promises-operators-token-5521";
const WRONG = "promises-wrong-token-8813";
let server: NearbyServer;

beforeAll(async () => {
  server = await startNearbyServer(50, { env: { OPS_TOKEN: TOKEN, LOG_LEVEL: "debug" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const signIn = (token: string) =>
  fetch(`${server.url}/ops/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
    redirect: "manual",
  });

describe("the operators' token (README: Operators' status page)", () => {
  it("is never logged: not the token, not a wrong one, not the session it starts", async () => {
    const wrong = await signIn(WRONG);
    expect(wrong.headers.get("location")).toMatch(/\/ops\?error=1$/);
    const right = await signIn(TOKEN);
    expect(right.status).toBe(303);
    const session = /ops_session=([^;]+)/.exec(right.headers.get("set-cookie") ?? "")?.[1];
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await fetch(`${server.url}/ops`, { headers: { cookie: `ops_session=${session}` } });
    expect(await page.text()).toContain("Sync runs");
    for (const token of [TOKEN, WRONG]) {
      for (const url of [`${server.url}/ops`, `${server.url}/api/health`, `${server.url}/ops/hotels?id=H1`])
        expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    }
    const out = await fetch(`${server.url}/ops/logout`, {
      method: "POST",
      headers: { cookie: `ops_session=${session}` },
      redirect: "manual",
    });
    expect(out.status).toBe(303);

    const logs = server.logs();
    // The refused sign-in was logged (so the logs were captured, at debug level), without what was typed.
    expect(logs).toContain("operators' sign-in refused");
    for (const secret of [TOKEN, WRONG, session!]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/"level":50/);
  });

  it("must have at least 16 characters: a shorter one stops the server at start, without printing it", () => {
    const short = "short-ops-tok15"; // 15 characters
    const run = spawnSync(process.execPath, [...cliEntry("start"), "--port", "1"], {
      env: { ...process.env, OPS_TOKEN: short, LOG_LEVEL: "debug" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("start failed: Invalid environment configuration");
    expect(run.stderr).toContain("OPS_TOKEN: must have at least 16 characters");
    expect(run.stdout + run.stderr).not.toContain(short);
  });
});
