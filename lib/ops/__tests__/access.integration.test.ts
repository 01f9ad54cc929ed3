import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/testing";

/**
 * The operators' token is guessed at no cheaper anywhere than at the sign-in form: a wrong `Authorization: Bearer`
 * counts as a failed sign-in of the client's network on every route that reads it, and past the limit a bearer token
 * (the right one too) is refused unread with 429 and Retry-After. The sign-in and sign-out forms take only the
 * operators' own pages' posts, so another site cannot spend an operator's network's attempts nor sign them out.
 */
const TOKEN = "access-test-operators-token-0001";
const LIMIT = 3;
let server: NearbyServer;

beforeAll(async () => {
  server = await startNearbyServer(30, {
    // One trusted proxy hop: each case comes from a network of its own (X-Forwarded-For), so their counts stay apart.
    env: { OPS_TOKEN: TOKEN, OPS_HOST: "127.0.0.1", OPS_SIGN_IN_LIMIT: String(LIMIT), TRUSTED_PROXY_HOPS: "1" },
  });
});
afterAll(async () => {
  await server?.close();
});

const from = (network: number) => ({ "x-forwarded-for": `198.51.${network}.7`, connection: "close" });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The ways in that read a bearer token: readiness details, a page, an operators' form route. */
const ROUTES = {
  "/api/health": (headers: Record<string, string>) => fetch(`${server.url}/api/health`, { headers }),
  "the status page /ops": (headers: Record<string, string>) => fetch(`${server.url}/ops`, { headers }),
  "a page under /ops (/ops/sso)": (headers: Record<string, string>) => fetch(`${server.url}/ops/sso`, { headers }),
  "an operators' form route (POST /ops/sso/{brand}/steps)": (headers: Record<string, string>) =>
    fetch(`${server.url}/ops/sso/aurora/steps`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "step=nothing",
      redirect: "manual",
    }),
};

const signInForm = (token: string, headers: Record<string, string>) =>
  fetch(`${server.url}/ops/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ token }).toString(),
    redirect: "manual",
  });

describe("a bearer token is counted like the sign-in form's token", () => {
  it("/api/health: wrong tokens look like no token, and past the limit even the right one is refused unread", async () => {
    const net = from(1);
    expect((await (await ROUTES["/api/health"]({ ...net, ...bearer(TOKEN) })).json()).hotels).toBe(30);
    for (let i = 0; i < LIMIT; i++) {
      const res = await ROUTES["/api/health"]({ ...net, ...bearer(`wrong-guess-number-${i}-0000`) });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
    const refused = await ROUTES["/api/health"]({ ...net, ...bearer(TOKEN) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    // One count with the form's: the form is throttled for that network too…
    expect((await signInForm(TOKEN, net)).headers.get("location")).toMatch(/\/ops\?error=throttled$/);
    // …and health without a token still answers (load balancers send none).
    expect((await fetch(`${server.url}/api/health`, { headers: net })).status).toBe(200);
    // Another network is not affected.
    expect((await (await ROUTES["/api/health"]({ ...from(2), ...bearer(TOKEN) })).json()).hotels).toBe(30);
  });

  it.each(Object.keys(ROUTES).map((name, i) => [name, i + 10] as const))(
    "%s counts a wrong bearer token, then refuses bearer tokens with 429",
    async (name, network) => {
      const call = ROUTES[name as keyof typeof ROUTES];
      const net = from(network);
      for (let i = 0; i < LIMIT; i++) {
        const res = await call({ ...net, ...bearer(`wrong-guess-number-${i}-0000`) });
        expect(res.status).not.toBe(429);
        expect(await res.text()).not.toContain("Sync runs");
      }
      const refused = await call({ ...net, ...bearer(TOKEN) });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.text()).not.toContain("Sync runs");
    },
  );

  it("a bearer token after failed form sign-ins is refused too (one limit for both ways in)", async () => {
    const net = from(20);
    for (let i = 0; i < LIMIT; i++)
      expect((await signInForm(`wrong-guess-number-${i}-0000`, net)).headers.get("location")).toMatch(/error=1$/);
    expect((await ROUTES["/api/health"]({ ...net, ...bearer(TOKEN) })).status).toBe(429);
  });
});

describe("the sign-in and sign-out forms take only the operators' own pages' posts", () => {
  const crossSite = { origin: "https://attacker.test", "sec-fetch-site": "cross-site" };

  it("another site's sign-in posts are refused (403) and do not count towards the network's lock-out", async () => {
    const net = from(30);
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await signInForm(`wrong-guess-number-${i}-0000`, { ...net, ...crossSite });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: "CROSS_SITE_FORM" } });
    }
    // A form of another site without Origin (Sec-Fetch-Site only) is refused the same way.
    expect((await signInForm("wrong-guess-0000", { ...net, "sec-fetch-site": "cross-site" })).status).toBe(403);
    // The operator's own form, from the page itself, still signs in.
    const own = await signInForm(TOKEN, { ...net, origin: server.url, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toMatch(/\/ops$/);
    expect(own.headers.get("set-cookie")).toMatch(/ops_session=[A-Za-z0-9_-]{43}/);
  });

  it("another site's sign-out post is refused (403) and the session lives on; the page's own signs out", async () => {
    const net = from(31);
    const signedIn = await signInForm(TOKEN, { ...net, origin: server.url });
    const cookie = /ops_session=([^;]*)/.exec(signedIn.headers.get("set-cookie") ?? "")![1]!;
    const statusPage = () =>
      fetch(`${server.url}/ops`, { headers: { ...net, cookie: `ops_session=${cookie}` } }).then((r) => r.text());
    const signOut = (headers: Record<string, string>) =>
      fetch(`${server.url}/ops/logout`, {
        method: "POST",
        headers: { ...net, cookie: `ops_session=${cookie}`, ...headers },
        redirect: "manual",
      });
    expect(await statusPage()).toContain("Sync runs");
    const forged = await signOut(crossSite);
    expect(forged.status).toBe(403);
    expect(forged.headers.get("set-cookie")).toBeNull();
    expect(await statusPage()).toContain("Sync runs");
    const own = await signOut({ origin: server.url, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(303);
    expect(await statusPage()).not.toContain("Sync runs");
  });
});
