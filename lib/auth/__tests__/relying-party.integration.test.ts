import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  HttpBrowser,
  samePage,
  type Visit,
  startTestOp,
  type Misbehaviour,
  type TestOp,
  type TestOpClient,
  SSO_BRANDS,
  startSsoApp,
  type SsoApp,
  type SsoBrand,
} from "@/lib/testing";
import { poolUser } from "../user-pool";

/**
 * The brands as OpenID relying parties against a test OP that misbehaves on purpose (spec §2.4, §4.4, §5 SSO rules).
 * A Node "browser" with a cookie jar follows the redirects: page → authorize → /oauth2/idpresponse → page.
 */
const ADA = { sub: "nw-1001", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
const ADA_USERNAME = "TestIdP_nw-1001";
const DEEP = "/search?placeId=asvkd5lspcgqy&curr=EUR&lang=de&rooms=2&source=aurora-partner&label=x%20y";

let op: TestOp;
let app: SsoApp;
const clients: TestOpClient[] = [];

beforeAll(async () => {
  op = await startTestOp(clients);
  // Short IdP check and retry windows (defaults 5 s and 60 s) keep the "IdP down" cases quick. One trusted proxy in
  // front, as in production: its X-Forwarded-Proto says whether the visitor came over TLS.
  app = await startSsoApp(op.issuer, {
    SSO_IDP_CHECK_SECONDS: "1",
    SSO_IDP_RETRY_SECONDS: "2",
    TRUSTED_PROXY_HOPS: "1",
  });
  clients.push(...app.clients);
});
afterAll(async () => {
  await app?.close();
  await op?.stop();
});
beforeEach(() => op.reset());

/** The same page: path and every query parameter with its value (Next re-encodes a query: %20 may come back as +). */
function expectSamePage(actual: string, expected: string) {
  expect(samePage(actual, expected), `${actual} is ${expected}`).toBe(true);
}

/** The username the page's header shows as signed in (in any language), or undefined for an anonymous page. */
const signedInName = (v: Visit) => /class="account-name" data-username="([^"]+)"/.exec(v.body)?.[1];

async function session(browser: HttpBrowser, url: string) {
  const res = await browser.request(url, { headers: { accept: "application/json" } });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as { user?: { name: string; email: string; username: string } } | null;
}

/** The header's "Sign in" form, as the brand's page posts it. */
function signInForm(browser: HttpBrowser, brand: SsoBrand, back: string) {
  return browser.request(app.page(brand, "/sso/sign-in"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(app.page(brand)).origin },
    body: new URLSearchParams({ return: back }).toString(),
  });
}

/** A visit that must end on the page asked for, anonymous, with no error shown. */
function expectAnonymousLanding(visit: Visit, url: string) {
  expect(visit.status).toBe(200);
  expectSamePage(visit.url, url);
  expect(signedInName(visit)).toBeUndefined();
  expect(visit.body).toMatch(/<form class="account"[^>]*>.*?<button type="submit"[^>]*>[^<]+<\/button><\/form>/);
  expect(visit.body).not.toContain('class="sso-notice"');
}

describe("silent login (spec §1.4, §4.4 rule 1)", () => {
  it("with a session at the IdP: page → authorize → idpresponse → the same page, signed in, in exactly 3 redirects", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    const start = app.page("aurora", DEEP);
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    const [page, authorize, callback] = visit.hops.map((h) => new URL(h.url));
    expect(page!.href).toBe(start);
    expect(authorize!.origin).toBe(op.issuer);
    expect(callback!.href.startsWith(app.page("aurora", "/oauth2/idpresponse?"))).toBe(true);
    expectSamePage(visit.url, start); // the query survives the round trip
    expect(signedInName(visit)).toBe(ADA_USERNAME);

    // The authorize request: code flow, prompt=none, state, nonce, PKCE S256, scope, the allow-listed redirect URI.
    const params = op.authorizeRequests[0]!.params;
    expect(params).toMatchObject({
      response_type: "code",
      client_id: SSO_BRANDS.aurora.clientId,
      prompt: "none",
      scope: "openid email profile",
      code_challenge_method: "S256",
      redirect_uri: app.page("aurora", "/oauth2/idpresponse"),
    });
    expect(params.state!.length).toBeGreaterThan(20);
    expect(params.nonce!.length).toBeGreaterThan(20);
    // The token request names the same redirect URI and authenticates as configured (client_secret_post here).
    expect(op.tokenRequests).toHaveLength(1);
    expect(op.tokenRequests[0]).toMatchObject({
      authMethod: "client_secret_post",
      status: 200,
      params: { grant_type: "authorization_code", redirect_uri: app.page("aurora", "/oauth2/idpresponse") },
    });

    expect(await session(browser, app.page("aurora", "/api/auth/session"))).toEqual({
      user: { name: "Ada Quill", email: ADA.email, username: "TestIdP_nw-1001" },
      expires: expect.any(String),
    });
    const row = await poolUser(app.store.db, "aurora", "TestIdP_nw-1001");
    expect(row).toMatchObject({
      sub: "nw-1001",
      email: ADA.email,
      given_name: "Ada",
      family_name: "Quill",
      sign_ins: 1,
    });

    // Signed in: the next pages are served directly.
    const next = await browser.navigate(app.page("aurora", "/"));
    expect(next.redirects).toBe(0);
    expect(signedInName(next)).toBe(ADA_USERNAME);
  });

  it("a client_secret_basic brand signs in too, and the same partner user is a separate user of its own pool", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    await browser.navigate(app.page("aurora", "/"));
    const visit = await browser.navigate(app.page("sakura", "/"));
    expect(visit.redirects).toBe(3);
    expect(signedInName(visit)).toBe(ADA_USERNAME);
    expect(op.tokenRequests.map((t) => t.authMethod)).toEqual(["client_secret_post", "client_secret_basic"]);
    expect(op.tokenRequests[1]!.params.client_secret).toBeUndefined();
    const a = await poolUser(app.store.db, "aurora", "TestIdP_nw-1001");
    const b = await poolUser(app.store.db, "sakura", "TestIdP_nw-1001");
    expect(a?.brand_id).toBe("aurora");
    expect(b?.brand_id).toBe("sakura");
  });

  it("without a session at the IdP: back on the page, anonymous, no error, and no second attempt", async () => {
    const browser = new HttpBrowser();
    const start = app.page("aurora", DEEP);
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expect(new URL(visit.hops[2]!.url).searchParams.get("error")).toBe("login_required");
    expectAnonymousLanding(visit, start);
    // No second attempt on the next pages, and no leftover sign-in cookies.
    for (const p of ["/", "/search?q=Paris", DEEP])
      expect((await browser.navigate(app.page("aurora", p))).redirects).toBe(0);
    expect(op.authorizeRequests).toHaveLength(1);
    const names = browser.cookiesFor(start).map((c) => c.key);
    expect(names).toContain("sso_attempt");
    expect(names.filter((n) => n.startsWith("authjs.") || n === "sso_flow" || n === "sso_notice")).toEqual([]);
  });

  it.each([
    "login_required",
    "interaction_required",
    "consent_required",
    "account_selection_required",
    "access_denied",
    "server_error",
    "temporarily_unavailable",
    "unknown_thing<script>",
  ])("an IdP answering %s: anonymous on the page, never a loop", async (error) => {
    op.user = ADA;
    op.misbehave = { authorizeError: error };
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Paris");
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expectAnonymousLanding(visit, start);
    expect((await browser.navigate(start)).redirects).toBe(0);
    expect(app.logs()).toContain(`"idpError":"${error.replace(/[^\w.-]/g, "?")}"`);
  });

  it("an IdP that answers prompt=none with a 401 page strands the visitor there once; the next page does not try again", async () => {
    op.misbehave = { authorize401: true };
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Paris");
    const stranded = await browser.navigate(start);
    expect(stranded.redirects).toBe(1);
    expect(stranded.status).toBe(401);
    expect(new URL(stranded.url).origin).toBe(op.issuer);
    const back = await browser.navigate(start);
    expect(back.redirects).toBe(0);
    expectAnonymousLanding(back, start);
  });

  it("a brand with silent login off never redirects; its visitors sign in by hand", async () => {
    op.user = ADA;
    const visit = await new HttpBrowser().navigate(app.page("cedar", "/"));
    expect(visit.redirects).toBe(0);
    expect(visit.body).toContain(">Sign in</button>");
    expect(signedInName(visit)).toBeUndefined();
    expect(op.authorizeRequests).toHaveLength(0);
  });

  it("interactive sign-in (the header's form) asks the IdP without prompt=none and signs in", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    const res = await signInForm(browser, "cedar", "/search?q=Rome");
    expect(res.status).toBe(303);
    const authorize = new URL(res.headers.location!);
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.has("prompt")).toBe(false);
    const visit = await browser.navigate(authorize.href);
    expect(visit.url).toBe(app.page("cedar", "/search?q=Rome"));
    expect(signedInName(visit)).toBe(ADA_USERNAME);
  });

  it("the sign-in and sign-out forms take only the brand's own pages' posts, of a few KB", async () => {
    // Each on its own connection: Node's client would queue the next request behind a body the server refused.
    const post = (body: string, headers: Record<string, string>) =>
      new HttpBrowser().request(app.page("cedar", "/sso/sign-in"), {
        method: "POST",
        headers: { ...headers, connection: "close" },
        body,
      });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect((await post("return=/", { ...form, origin: "https://evil.example" })).status).toBe(403);
    expect((await post("return=/", { ...form, origin: "null" })).status).toBe(403);
    expect((await post("return=/", { ...form, "sec-fetch-site": "cross-site" })).status).toBe(403);
    const big = `return=/&x=${"a".repeat(200_000)}`;
    const origin = new URL(app.page("cedar")).origin;
    expect((await post(big, { ...form, origin })).status).toBe(413);
    expect((await post(big, { ...form, origin, "transfer-encoding": "chunked" })).status).toBe(413);
    expect((await post("{}", { "content-type": "application/json", origin })).status).toBe(415);
    expect(op.authorizeRequests).toHaveLength(0);
  });

  it("never for bots, prefetches, client-side fetches, non-GET requests, APIs, frames or static files", async () => {
    op.user = ADA;
    const cases: [string, Record<string, string>, string?][] = [
      ["/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }],
      ["/", { "user-agent": "facebookexternalhit/1.1" }],
      ["/", { "sec-purpose": "prefetch" }],
      ["/", { purpose: "prefetch" }],
      // Next's router: a prefetch and a client-side navigation (fetches, not navigations).
      [
        "/",
        { rsc: "1", "next-router-prefetch": "1", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", accept: "*/*" },
      ],
      [
        "/search?q=Paris",
        {
          rsc: "1",
          "next-router-state-tree": "%5B%5D",
          "sec-fetch-mode": "cors",
          "sec-fetch-dest": "empty",
          accept: "*/*",
        },
      ],
      ["/", { "sec-fetch-dest": "iframe" }],
      ["/", { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" }],
      ["/", { accept: "application/json" }],
      ["/", { "user-agent": "" }],
      ["/api/health", {}],
      ["/api/auth/session", {}],
      ["/v1/openapi.json", {}],
      ["/ops", {}],
      ["/brands/aurora.svg", {}],
      ["/robots.txt", {}],
      ["/sign-in", {}],
      ["/", {}, "HEAD"],
    ];
    for (const [p, headers, method] of cases) {
      const browser = new HttpBrowser();
      const res = await browser.request(app.page("aurora", p), { headers, method });
      expect(
        res.headers.location?.startsWith(op.issuer) ?? false,
        `${method ?? "GET"} ${p} ${JSON.stringify(headers)}`,
      ).toBe(false);
    }
    const post = await new HttpBrowser().request(app.page("aurora", "/"), { method: "POST", body: "" });
    expect(post.headers.location?.startsWith(op.issuer) ?? false).toBe(false);
    expect(op.authorizeRequests).toHaveLength(0);
  });

  it("a visitor who signed out of the brand is not signed in again silently", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    browser.setCookie(app.page("aurora"), "sso_signed_out", "1");
    const visit = await browser.navigate(app.page("aurora", "/"));
    expect(visit.redirects).toBe(0);
    expect(op.authorizeRequests).toHaveLength(0);
  });

  it("a browser that keeps no cookies is never caught in a loop", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    browser.cookiesFor = () => []; // sends none back
    const visit = await browser.navigate(app.page("aurora", "/search?q=Paris"), { maxRedirects: 8 });
    expect(visit.status).toBe(200);
    expect(visit.redirects).toBeLessThanOrEqual(4);
    expect(op.authorizeRequests).toHaveLength(1);
  });
});

describe("the callback refuses what it must, and always lands anonymous (spec §2.4 id_token rules, §5)", () => {
  const refusals: [string, Misbehaviour][] = [
    ["a bad signature", { foreignKey: true }],
    ["an HS256 token (spec §5 rule 2)", { alg: "HS256" }],
    ["an ES256 token", { alg: "ES256" }],
    ['an unsigned token (alg "none")', { alg: "none" }],
    ["another issuer", { claims: (c) => ({ ...c, iss: `${c.iss}/` }) }],
    ["no audience", { claims: (c) => ({ ...c, aud: undefined }) }],
    ["another audience", { claims: (c) => ({ ...c, aud: "someone-else" }) }],
    ["several audiences without azp", { claims: (c) => ({ ...c, aud: [c.aud as string, "other"] }) }],
    [
      "several audiences with azp naming another client",
      { claims: (c) => ({ ...c, aud: [c.aud as string, "other"], azp: "other" }) },
    ],
    ["no sub", { claims: (c) => ({ ...c, sub: undefined }) }],
    ["no iat", { claims: (c) => ({ ...c, iat: undefined }) }],
    ["an iat in the future", { claims: (c) => ({ ...c, iat: (c.iat as number) + 3600 }) }],
    ["an expired token", { claims: (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 300 }) }],
    ["another nonce", { claims: (c) => ({ ...c, nonce: "not-the-nonce" }) }],
    ["no nonce", { claims: (c) => ({ ...c, nonce: undefined }) }],
    ["a kid the key set does not have", { kid: "nobody" }],
    ["a code bound to another redirect URI (token request refused)", { codeForOtherRedirectUri: true }],
    ["UserInfo answering for another sub", { thinIdToken: true, userinfoSub: "someone-else" }],
  ];

  it.each(refusals)("%s", async (what, misbehave) => {
    op.user = ADA;
    op.misbehave = misbehave;
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Lisbon");
    const visit = await browser.navigate(start);
    expect(visit.redirects, what).toBe(3);
    expectAnonymousLanding(visit, start);
    expect(await session(browser, app.page("aurora", "/api/auth/session"))).toBeNull();
    expect((await browser.navigate(start)).redirects).toBe(0);
  });

  it("accepted: several audiences with azp naming this client; no kid when the set holds one key", async () => {
    for (const misbehave of [
      { claims: (c: Record<string, unknown>) => ({ ...c, aud: [c.aud as string, "other"], azp: c.aud }) },
      { kid: null },
    ] as Misbehaviour[]) {
      op.reset();
      op.user = ADA;
      op.misbehave = misbehave;
      const visit = await new HttpBrowser().navigate(app.page("aurora", "/"));
      expect(signedInName(visit)).toBe(ADA_USERNAME);
    }
  });

  it("refused: no kid while the key set holds two keys (after a rotation the brand knows both)", async () => {
    op.user = ADA;
    await new Promise((r) => setTimeout(r, 1100)); // the key set is fetched again at most once a second
    await op.rotate();
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
    op.misbehave = { kid: null };
    const start = app.page("aurora", "/search?q=Rome");
    expectAnonymousLanding(await new HttpBrowser().navigate(start), start);
  });

  it("a rotated key: the unknown kid fetches the key set once more, then the token is accepted", async () => {
    op.user = ADA;
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
    const before = op.jwksRequests;
    await new Promise((r) => setTimeout(r, 1100)); // the key set is fetched again at most once a second
    await op.rotate();
    const visit = await new HttpBrowser().navigate(app.page("aurora", "/"));
    expect(signedInName(visit)).toBe(ADA_USERNAME);
    expect(op.jwksRequests - before).toBe(1);
  });

  it("a key replaced under the same kid: one more fetch of the key set, then accepted", async () => {
    op.user = ADA;
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
    await new Promise((r) => setTimeout(r, 1100));
    await op.replaceKeyKeepingKid();
    const before = op.jwksRequests;
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
    expect(op.jwksRequests - before).toBe(1);
  });

  it("an id_token without names: UserInfo is asked (same sub) and fills them in", async () => {
    op.user = ADA;
    op.misbehave = { thinIdToken: true };
    const visit = await new HttpBrowser().navigate(app.page("sakura", "/"));
    expect(signedInName(visit)).toBe(ADA_USERNAME);
    expect(op.userinfoRequests).toBe(1);
    op.reset();
    op.user = ADA;
    await new HttpBrowser().navigate(app.page("sakura", "/"));
    expect(op.userinfoRequests).toBe(0); // only when the id_token lacks a required claim
  });

  it("a callback whose state is not this browser's is refused, and does not abort the pending sign-in", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    const first = await browser.navigate(app.page("aurora", "/search?q=Oslo"), { maxRedirects: 1 });
    const callback = new URL(first.hops[1]!.location!);
    const forged = new URL(callback);
    forged.searchParams.set("state", "forged");
    const refused = await browser.navigate(forged.href);
    expectAnonymousLanding(refused, app.page("aurora", "/"));
    // A forged error answer does not clear the pending sign-in either.
    const forgedError = new URL(app.page("aurora", "/oauth2/idpresponse?error=login_required&state=forged"));
    await browser.navigate(forgedError.href);
    const real = await browser.navigate(callback.href);
    expect(real.url).toBe(app.page("aurora", "/search?q=Oslo"));
    expect(signedInName(real)).toBe(ADA_USERNAME);
  });

  it("a planted return address never leads to another site (//host tricks)", async () => {
    op.misbehave = { authorizeError: "access_denied" };
    const tricks = [
      "/.//evil.example/phish",
      "//evil.example/",
      "/%2F%2Fevil.example",
      "/\\evil.example",
      "https://evil.example/",
    ];
    for (const trick of tricks) {
      // A pending sign-in, then a callback-url cookie an attacker managed to plant (it is not sealed by Auth.js).
      const browser = new HttpBrowser();
      const first = await browser.navigate(app.page("aurora", "/search?q=Oslo"), { maxRedirects: 1 });
      browser.setCookie(app.page("aurora"), "authjs.callback-url", encodeURIComponent(app.page("aurora", trick)));
      const res = await browser.request(first.hops[1]!.location!);
      expect(res.status, trick).toBe(303);
      const target = new URL(res.headers.location!, app.page("aurora"));
      expect(target.origin, trick).toBe(new URL(app.page("aurora")).origin);
      expect(res.headers.location!.startsWith("//"), trick).toBe(false);
    }
    // Auth.js would save a callbackUrl query in that cookie: the brand does not take one.
    const planted = await new HttpBrowser().request(
      app.page("aurora", "/api/auth/session?callbackUrl=/.//evil.example/"),
    );
    expect(planted.status).toBe(400);
    expect(planted.headers["set-cookie"] ?? []).toEqual([]);
    // Nor do the forms: their return path stays on the site.
    const form = await signInForm(new HttpBrowser(), "cedar", "/.//evil.example/phish");
    const state = new URL(form.headers.location!).searchParams.get("state");
    expect(state).toBeTruthy();
    expect(form.headers["set-cookie"]!.find((c) => c.startsWith("authjs.callback-url="))).toContain(
      encodeURIComponent(app.page("cedar", "/evil.example/phish")),
    );
  });

  it("after a sign-in, none of its pending cookies is left behind", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    await browser.navigate(app.page("aurora", "/"));
    const names = browser.cookiesFor(app.page("aurora")).map((c) => c.key);
    expect(names).toContain("authjs.session-token");
    expect(names.filter((n) => /authjs\.(state|nonce|pkce|callback-url)|sso_flow/.test(n))).toEqual([]);
  });

  it("a replayed callback (another browser, or the same one again) signs nobody in", async () => {
    op.user = ADA;
    const victim = new HttpBrowser();
    const first = await victim.navigate(app.page("aurora", "/"), { maxRedirects: 1 });
    const callback = first.hops[1]!.location!;
    expect(signedInName(await victim.navigate(callback))).toBe(ADA_USERNAME);
    const attacker = new HttpBrowser();
    attacker.setCookie(app.page("aurora"), "sso_attempt", String(Math.floor(Date.now() / 1000)));
    const replay = await attacker.navigate(callback);
    expect(signedInName(replay)).toBeUndefined();
    expect(await session(attacker, app.page("aurora", "/api/auth/session"))).toBeNull();
    expect(op.tokenRequests).toHaveLength(1); // the replay never reached the token endpoint
  });
});

describe("the silent-SSO test page (/sso-test): a sign-in of its own that signs nobody in", () => {
  /** The page's "Run the test" form, as the brand's page posts it: the answer sends the browser to the IdP. */
  async function startTest(browser: HttpBrowser, brand: SsoBrand, origin = new URL(app.page(brand)).origin) {
    return browser.request(app.page(brand, "/sso/test/start"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: "",
    });
  }

  it("traces a passing sign-in step by step; the sealed test cookie goes only to the callback; nobody is signed in", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    const start = await startTest(browser, "aurora");
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.location!);
    expect(authorize.origin).toBe(op.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ prompt: "none", code_challenge_method: "S256" });
    expect(String(start.headers["set-cookie"])).toMatch(
      /^sso_test=[^;]+; Path=\/oauth2\/idpresponse; .*HttpOnly; SameSite=lax/i,
    );
    const visit = await browser.navigate(authorize.href);
    expect(new URL(visit.url).pathname).toBe("/sso-test");
    expect(visit.body).toContain("Passed: silent sign-in works in this browser");
    expect(visit.body).toContain(ADA.email);
    expect(visit.body).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(visit.body).not.toContain(SSO_BRANDS.aurora.secret);
    expect(browser.cookiesFor(app.page("aurora", "/oauth2/idpresponse")).map((c) => c.key)).not.toContain("sso_test");
    expect(await session(browser, app.page("aurora", "/api/auth/session"))).toBeNull();
    expect(op.tokenRequests).toHaveLength(1);
  });

  it("a replayed callback shows the result again and never asks the IdP twice", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    const start = await startTest(browser, "aurora");
    const sealed = browser.cookiesFor(app.page("aurora", "/oauth2/idpresponse")).find((c) => c.key === "sso_test")!;
    const first = await browser.navigate(start.headers.location!, { maxRedirects: 0 });
    const callback = first.hops[0]!.location!;
    const trace = (await browser.navigate(callback)).url;
    expect(op.tokenRequests).toHaveLength(1);
    // The same callback with the same sealed cookie, again and again: the first trace, no token request.
    for (let i = 0; i < 3; i++) {
      const replay = new HttpBrowser();
      replay.addCookie(app.page("aurora", "/oauth2/idpresponse"), sealed);
      const visit = await replay.navigate(callback);
      expect(visit.url).toBe(trace);
    }
    expect(op.tokenRequests).toHaveLength(1);
  });

  it("an IdP's error, however odd, is shown shortened with a fitting hint, never a 5xx", async () => {
    for (const [error, hint] of [
      ["login_required", /SameSite=None; Secure/],
      ["__proto__", /no error OAuth or OpenID Connect defines/],
      ["constructor", /no error OAuth or OpenID Connect defines/],
      [`<b>${"x".repeat(3000)}`, /no error OAuth or OpenID Connect defines/],
    ] as const) {
      const browser = new HttpBrowser();
      const start = new URL((await startTest(browser, "aurora")).headers.location!);
      const callback = app.page(
        "aurora",
        `/oauth2/idpresponse?${new URLSearchParams({ error, state: start.searchParams.get("state")!, iss: "y".repeat(5000) })}`,
      );
      const visit = await browser.navigate(callback);
      expect(visit.status, error.slice(0, 20)).toBe(200);
      expect(visit.body).toContain("Failed: silent sign-in would not sign you in");
      expect(visit.body).toMatch(hint);
      expect(visit.body).not.toContain("<b>x");
      expect(visit.body).not.toContain("x".repeat(100));
    }
    expect(op.tokenRequests).toHaveLength(0);
  });

  it("a token the brand would refuse: the rules say why, the claims' values are not shown", async () => {
    op.user = ADA;
    op.misbehave = { claims: (c) => ({ ...c, nonce: "another-flow's-nonce" }) };
    const browser = new HttpBrowser();
    const visit = await browser.navigate((await startTest(browser, "aurora")).headers.location!);
    expect(visit.body).toContain("Failed: silent sign-in would not sign you in");
    expect(visit.body).toMatch(/data-rule="nonce" data-ok="false"/);
    expect(visit.body).not.toContain(ADA.email);
    expect(visit.body).toContain("not shown: the token failed the brand");
    expect(op.userinfoRequests).toBe(0);
  });

  it("starts only from the brand's own page (a POST of the same origin), 10 a minute per network within 30 per brand", async () => {
    expect((await new HttpBrowser().request(app.page("cedar", "/sso/test/start"))).status).toBe(405);
    const crossSite = await startTest(new HttpBrowser(), "cedar", "https://evil.example");
    expect(crossSite.status).toBe(403);
    // Each network a loopback /24 of its own (the server sees the address the client connects from).
    const from = (network: number) => new HttpBrowser({ localAddress: `127.0.${network}.1` });
    const starts = async (network: number, n: number) => {
      const locations: string[] = [];
      for (let i = 0; i < n; i++) locations.push((await startTest(from(network), "cedar")).headers.location!);
      return locations;
    };
    const first = await starts(11, 11);
    expect(first.slice(0, 10).every((l) => l.startsWith(op.issuer))).toBe(true);
    expect(first[10]).toBe("/sso-test?busy=1");
    // One network's posts leave the others their share: the page is not busy for every partner.
    expect((await starts(12, 10)).every((l) => l.startsWith(op.issuer))).toBe(true);
    expect((await starts(13, 10)).every((l) => l.startsWith(op.issuer))).toBe(true);
    // 30 a minute per brand stay the outer bound, whatever the network.
    const [over] = await starts(14, 1);
    expect(over).toBe("/sso-test?busy=1");
    const busy = await new HttpBrowser().navigate(app.page("cedar", over!));
    expect(busy.body).toContain("try again in a minute");
  });
});

describe("sessions belong to their brand", () => {
  it("a brand's session cookie replayed on another brand's host is not a session there", async () => {
    op.user = ADA;
    const browser = new HttpBrowser();
    await browser.navigate(app.page("aurora", "/"));
    const cookie = browser.cookie(app.page("aurora"), "authjs.session-token")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("lax");
    const thief = new HttpBrowser();
    thief.setCookie(app.page("cedar"), "authjs.session-token", cookie.value);
    expect(await session(thief, app.page("cedar", "/api/auth/session"))).toBeNull();
    const page = await thief.navigate(app.page("cedar", "/"));
    expect(signedInName(page)).toBeUndefined();
  });

  it("behind a TLS proxy (X-Forwarded-Proto: https) every sign-on cookie is Secure, HttpOnly and host-only", async () => {
    op.user = ADA;
    const res = await new HttpBrowser().request(app.page("delta", "/search?q=Paris"), {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(302);
    const authorize = new URL(res.headers.location!);
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `https://${SSO_BRANDS.delta.host}:${app.port}/oauth2/idpresponse`,
    );
    const cookies = res.headers["set-cookie"]!;
    expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual([
      "__Host-authjs.callback-url",
      "__Host-authjs.nonce",
      "__Host-authjs.pkce.code_verifier",
      "__Host-authjs.state",
      "sso_attempt",
      "sso_flow",
    ]);
    for (const c of cookies) {
      expect(c).toMatch(/; Secure/i);
      expect(c).toMatch(/; HttpOnly/i);
      expect(c).toMatch(/; SameSite=Lax/i);
      expect(c).toMatch(/; Path=\//i);
      expect(c).not.toMatch(/Domain=/i);
    }
  });

  it("never sends the IdP a redirect URI the partner did not register (a TLS proxy that did not say https, another spelling of the host, another port)", async () => {
    op.user = ADA;
    const hosts = [
      `${SSO_BRANDS.delta.host}:${app.port}`, // plain http, but the brand's redirect URIs are https
      `${SSO_BRANDS.aurora.host}.:${app.port}`,
      `BRAND-A.localhost:${app.port}`,
      `${SSO_BRANDS.aurora.host}:1`,
    ];
    for (const host of hosts) {
      const res = await new HttpBrowser().request(app.page("aurora", "/"), { headers: { host } });
      expect(res.headers.location?.startsWith(op.issuer) ?? false, host).toBe(false);
      expect(res.status, host).toBe(200);
    }
    expect(op.authorizeRequests).toHaveLength(0);
    expect(app.logs()).toContain("this origin's callback is not among the brand's redirect URIs");
  });

  it("/api/auth/session answers on every brand host; a host no brand owns gets 404", async () => {
    for (const brand of ["aurora", "sakura", "cedar"] as const)
      expect(await session(new HttpBrowser(), app.page(brand, "/api/auth/session"))).toBeNull();
    const res = await new HttpBrowser().request(`http://nobody.localhost:${app.port}/api/auth/session`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "UNKNOWN_HOST" } });
  });
});

describe("nothing a client sends gives a 5xx, and no secret reaches the logs", () => {
  it("odd requests to the sign-on routes", async () => {
    const odd = [
      "/api/auth/session?callbackUrl=http://[",
      "/api/auth/session?callbackUrl=javascript:alert(1)",
      "/api/auth/signin?callbackUrl=https://evil.example/",
      "/api/auth/signin/nope",
      "/api/auth/callback/partner?code=x&state=y",
      "/api/auth/callback/other?code=x",
      "/api/auth/nothing",
      "/api/auth/error?error=Configuration",
      "/oauth2/idpresponse",
      "/oauth2/idpresponse?code=",
      "/oauth2/idpresponse?code=abc&state=%00%ff",
      `/oauth2/idpresponse?error=${"x".repeat(5000)}`,
      "/oauth2/idpresponse?error=login_required&error=x&state=a&state=b",
      "/sign-in?error=Configuration",
    ];
    for (const p of odd) {
      for (const cookie of [undefined, "authjs.callback-url=http://[; authjs.state=garbage; sso_attempt=NaN"]) {
        const browser = new HttpBrowser();
        const res = await browser.request(app.page("aurora", p), { headers: cookie ? { cookie } : {} });
        expect(res.status, `${p} ${cookie ?? ""}`).toBeLessThan(500);
        if (res.headers.location)
          expect(new URL(res.headers.location, app.page("aurora")).origin).not.toBe("https://evil.example");
      }
    }
    // Only Auth.js's session, CSRF and provider endpoints are served; never a POST, never its own pages.
    for (const p of ["/api/auth/signin", "/api/auth/signout", "/api/auth/callback/partner?code=x", "/api/auth/error"])
      expect((await new HttpBrowser().request(app.page("aurora", p))).status, p).toBe(404);
    const post = await new HttpBrowser().request(app.page("aurora", "/api/auth/signin/partner"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(post.status).toBe(405);
    // Forwarded headers a client (or a proxy chain) sends, however odd, on a brand's pages.
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-proto": "https,http" },
      { "x-forwarded-proto": "javascript" },
      { "x-forwarded-host": "a b" },
      { "x-forwarded-host": "evil.example" },
      { "x-forwarded-proto": "https, https", "x-forwarded-host": "brand-b.localhost" },
    ]) {
      const res = await new HttpBrowser().request(app.page("cedar", "/"), { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body).toContain('data-brand="cedar"');
    }
  });

  it("the logs hold no client secret, code, or token", () => {
    const logs = app.logs();
    expect(op.issued.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(SSO_BRANDS).map((b) => b.secret), ...op.issued])
      expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/); // no JWT or JWE (state, cookies, tokens)
  });
});

describe("an IdP that is down or misconfigured", () => {
  it("a discovery document naming another issuer: no sign-in is tried", async () => {
    op.user = ADA;
    op.misbehave = { discoveryIssuer: `${op.issuer}/` };
    // The brand knows the discovery document from earlier tests: wait for its check window (1 s here) to pass.
    await new Promise((r) => setTimeout(r, 1100));
    const visit = await new HttpBrowser().navigate(app.page("sakura", "/"));
    expect(visit.redirects).toBe(0);
    expect(op.authorizeRequests).toHaveLength(0);
    expect(app.logs()).toMatch(/discovery document's issuer .* is not the configured issuer/);
    op.reset();
    await new Promise((r) => setTimeout(r, 2100)); // the circuit closes again after the retry window (2 s here)
    op.user = ADA;
    expect(signedInName(await new HttpBrowser().navigate(app.page("sakura", "/")))).toBe(ADA_USERNAME);
  });
  it("a visitor is served the page (no redirect to a dead IdP); silent login resumes after the retry window", async () => {
    op.user = ADA;
    await op.stop();
    await new Promise((r) => setTimeout(r, 1100)); // past the window in which a recent answer counts as "up"
    const visit = await new HttpBrowser().navigate(app.page("aurora", "/search?q=Paris"));
    expect(visit.status).toBe(200);
    expect(visit.redirects).toBe(0);
    expect(app.logs()).toContain("identity provider unavailable; silent login paused");
    await op.start();
    // The circuit stays open for SSO_IDP_RETRY_SECONDS: still no attempt right away, then silent login resumes.
    expect((await new HttpBrowser().navigate(app.page("aurora", "/"))).redirects).toBe(0);
    await new Promise((r) => setTimeout(r, 2100));
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
  });
});
