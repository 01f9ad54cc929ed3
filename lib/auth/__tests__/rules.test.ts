import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { idpUrlProblem, isLoopbackHost } from "@/lib/http/node";
import { returnPath, safeCallbackUrl } from "../config";
import { mapAttributes } from "../profile";
import { silentSkipReason, type SilentCandidate } from "../silent";
import { BROWSER_HEADERS } from "@/lib/testing";

/** A top-level navigation as a browser sends it, with changes. */
function navigation(
  change: Partial<Omit<SilentCandidate, "headers">> & { headers?: Record<string, string | null> } = {},
) {
  const headers = new Headers(BROWSER_HEADERS);
  for (const [k, v] of Object.entries(change.headers ?? {})) {
    if (v === null) headers.delete(k);
    else headers.set(k, v);
  }
  const cookies: Record<string, string> = {};
  return {
    sessionMaxAgeSeconds: 3600,
    method: "GET",
    pathname: "/search",
    search: new URLSearchParams("q=Paris"),
    cookie: (name: string) => cookies[name],
    ...change,
    headers,
  } satisfies SilentCandidate;
}
const withCookies = (cookies: Record<string, string>) => ({ cookie: (n: string) => cookies[n] });

describe("when a silent login may start (spec §1.4, §4.4 rule 1)", () => {
  it("a browser's first top-level page navigation: yes (with or without Sec-Fetch headers)", () => {
    expect(silentSkipReason(navigation())).toBeUndefined();
    expect(
      silentSkipReason(navigation({ headers: { "sec-fetch-dest": null, "sec-fetch-mode": null } })),
    ).toBeUndefined();
  });

  it.each<[string, Parameters<typeof navigation>[0]]>([
    ["not a GET", { method: "POST" }],
    ["not a GET", { method: "HEAD" }],
    ["sign-in, preferences or test page", { pathname: "/sign-in" }],
    ["sign-in, preferences or test page", { pathname: "/preferences" }],
    ["sign-in, preferences or test page", { pathname: "/sso-test" }],
    ["a file", { pathname: "/robots.txt" }],
    ["a file", { pathname: "/brands/logo.svg" }],
    ["a prefetch", { headers: { "sec-purpose": "prefetch;prerender" } }],
    ["a prefetch", { headers: { purpose: "prefetch" } }],
    ["a prefetch", { headers: { "x-moz": "prefetch" } }],
    ["a prefetch", { headers: { "next-router-prefetch": "1" } }],
    ["a client-side request", { headers: { rsc: "1" } }],
    ["a client-side request", { headers: { "next-action": "abc" } }],
    ["not a top-level navigation", { headers: { "sec-fetch-dest": "iframe" } }],
    ["not a top-level navigation", { headers: { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } }],
    ["does not accept HTML", { headers: { accept: "application/json" } }],
    ["does not accept HTML", { headers: { accept: null } }],
    [
      "not a browser",
      { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } },
    ],
    ["not a browser", { headers: { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" } }],
    ["not a browser", { headers: { "user-agent": "Slackbot-LinkExpanding 1.0" } }],
    ["not a browser", { headers: { "user-agent": "curl/8.5.0" } }],
    ["not a browser", { headers: { "user-agent": null } }],
    ["the browser keeps no cookies", { search: new URLSearchParams("sso_skip=1") }],
    ["signed out of the brand", withCookies({ sso_signed_out: "1" })],
  ])("no: %s", (reason, change) => {
    expect(silentSkipReason(navigation(change))).toBe(reason);
  });

  it("once per browser session: an attempt is remembered until the brand's session lifetime has passed", () => {
    const now = Math.floor(Date.now() / 1000);
    const attempted = (at: string) => silentSkipReason(navigation(withCookies({ sso_attempt: at })));
    expect(attempted(String(now))).toBe("already tried in this browser session");
    expect(attempted(String(now - 3599))).toBe("already tried in this browser session");
    expect(attempted(String(now - 3601))).toBeUndefined(); // a session it could have given has expired
    // Whatever a client puts there, never a second redirect in a row.
    for (const odd of ["", "abc", "NaN", "-5", " 1", String(now + 10_000), "1e99", "1".repeat(20)])
      expect(attempted(odd)).toBe("already tried in this browser session");
    expect(attempted("1")).toBeUndefined(); // an attempt at the epoch's start is long past
  });
});

describe("where a sign-in may return to: the brand's own pages only", () => {
  const base = "http://brand-a.localhost:3000";
  it.each([
    ["/search?q=Paris&x=%20", `${base}/search?q=Paris&x=%20`],
    [`${base}/hotels/H1`, `${base}/hotels/H1`],
    ["https://evil.example/", base],
    ["//evil.example/path", base],
    ["/\\evil.example", base], // a backslash reads as a slash: another host
    ["http://brand-b.localhost:3000/", base],
    ["javascript:alert(1)", base],
    ["/api/auth/signout", base],
    ["/oauth2/idpresponse?code=x", base],
    ["/_next/static/x.js", base],
    ["/sign-in", base],
    ["http://[", base],
  ])("%s → %s", (url, expected) => {
    expect(safeCallbackUrl(url, base)).toBe(expected);
  });

  it("the callback lands on the path and query of the page the sign-in started from, or the home page", () => {
    expect(returnPath(`${"http://brand-a.localhost:3000"}/search?placeId=x&rooms=2`, base)).toBe(
      "/search?placeId=x&rooms=2",
    );
    expect(returnPath("https://evil.example/phish", base)).toBe("/");
    expect(returnPath(undefined, base)).toBe("/");
  });
});

describe("attribute mapping (spec §2.4: email, given_name, family_name; custom names mapped on our side)", () => {
  it("reads the standard claims, and a mapped claim in place of its attribute", () => {
    expect(mapAttributes({ email: "a@x.test", given_name: "Ada", family_name: "Quill" }, {})).toEqual({
      email: "a@x.test",
      given_name: "Ada",
      family_name: "Quill",
    });
    expect(
      mapAttributes(
        { mail: "a@x.test", email: "other@x.test", firstName: " Ada ", sn: "Quill" },
        {
          mail: "email",
          firstName: "given_name",
          sn: "family_name",
        },
      ),
    ).toEqual({ email: "a@x.test", given_name: "Ada", family_name: "Quill" });
  });

  it("ignores claims that are not non-empty strings, and bounds their length", () => {
    expect(mapAttributes({ email: ["a@x.test"], given_name: "   ", family_name: 42 }, {})).toEqual({});
    expect(mapAttributes({ email: "x".repeat(1000) }, {}).email).toHaveLength(320);
  });
});

describe("outbound URLs to a partner's IdP", () => {
  it.each([
    ["localhost", true],
    ["idp.localhost", true],
    ["LOCALHOST.", true],
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["[::ffff:7f00:1]", true],
    ["[::ffff:7f12:3456]", true],
    ["0.0.0.0", true],
    ["[::]", true],
    ["[0:0:0:0:0:0:0:1]", true],
    ["[::ffff:a00:1]", false],
    ["[::2]", false],
    ["[2001:db8::1]", false],
    ["128.0.0.1", false],
    ["localhost.example.com", false],
    ["login.partner.example", false],
    ["10.0.0.1", false],
  ])("%s is loopback: %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it("the URL parser's own spelling of a loopback address is caught too", () => {
    for (const url of ["https://[::ffff:127.0.0.1]/", "https://0.0.0.0:9443/", "https://[::]/", "https://127.1/"])
      expect(idpUrlProblem(url, { allowLoopback: false }), url).toMatch(/SSO_DEV_ALLOW_LOOPBACK/);
  });

  it("endpoints named by discovery follow the issuer's rules; queries are fine there", () => {
    expect(idpUrlProblem("https://login.partner.example/authorize?tenant=1", { allowLoopback: false })).toBeUndefined();
    expect(idpUrlProblem("https://login.partner.example/?x=1", { allowLoopback: false, issuer: true })).toMatch(
      /query/,
    );
    expect(idpUrlProblem("http://169.254.169.254/latest", { allowLoopback: true })).toMatch(/https/);
  });
});

describe("each brand's own sign-on secret", () => {
  let brandSecret: (id: string) => string;
  beforeAll(async () => {
    process.env.AUTH_SECRET = "unit-test-auth-secret-0123456789-abcdefgh";
    ({ brandSecret } = await import("../secret"));
  });

  it("is derived per brand: stable, distinct, and not the platform secret", () => {
    expect(brandSecret("aurora")).toBe(brandSecret("aurora"));
    expect(brandSecret("aurora")).not.toBe(brandSecret("sakura"));
    expect(brandSecret("aurora")).not.toContain(process.env.AUTH_SECRET);
    expect(Buffer.from(brandSecret("aurora"), "base64url")).toHaveLength(32);
  });
});

describe("waiting for a probe of the IdP", () => {
  it("an answer that arrived while this process's event loop was stalled still counts", async () => {
    const { withinProbeWait } = await import("../discovery");
    // An IdP that answers at once, over a real socket: Node reads socket I/O only after the timers that are due.
    const server = net.createServer((socket) => socket.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, "127.0.0.1");
    await new Promise((resolve) => client.once("connect", resolve));
    const answer = new Promise<boolean>((resolve) => client.once("data", () => resolve(true)));
    const waiting = withinProbeWait(answer);
    const until = performance.now() + 1700;
    while (performance.now() < until); // a long synchronous task (a catalog rebuild, a start-up load…)
    expect(await waiting).toBe(true);
    client.destroy();
    server.close();
  });

  it("no answer within 1.5 s is no answer", async () => {
    const { withinProbeWait } = await import("../discovery");
    const started = performance.now();
    expect(await withinProbeWait(new Promise<boolean>(() => undefined))).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1490);
    expect(performance.now() - started).toBeLessThan(2500);
  });
});
