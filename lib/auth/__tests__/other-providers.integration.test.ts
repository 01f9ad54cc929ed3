import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HttpBrowser,
  samePage,
  type Visit,
  CHROMIUM,
  SSO_BRANDS,
  startSsoApp,
  type SsoApp,
  startTestOp,
  type Misbehaviour,
  type TestOp,
  type TestOpClient,
} from "@/lib/testing";
import { poolUser } from "../user-pool";

/**
 * The brands against providers that behave as other providers do, not as ours: an issuer with a path whose discovery
 * document lives only under that path (`https://host/api/oidc`), login and consent pages before the code, any error
 * code for prompt=none (with or without the state), token_type in any case, aud as a string or an array with azp.
 * The whole file runs against such an issuer: every sign-in below also shows that a path issuer works.
 */
const ISSUER_PATH = "/api/oidc";
const ADA = { sub: "nw-2002", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
const ADA_USERNAME = "TestIdP_nw-2002";
const ADA_PASSWORD = "correct horse battery staple";
/** The brands' default sessionMaxAgeSeconds: the back-off between two silent attempts of one browser session. */
const BACK_OFF_SECONDS = 12 * 3600;

let op: TestOp;
let app: SsoApp;
const clients: TestOpClient[] = [];

beforeAll(async () => {
  op = await startTestOp(clients, { issuerPath: ISSUER_PATH });
  // The provider is up for the whole file: the brand trusts a discovery it once had rather than probing it before each
  // silent sign-in, and a loaded machine gets long time limits (a probe can miss its 1.5 s wait; a request its 3 s).
  app = await startSsoApp(op.issuer, {
    SSO_IDP_CHECK_SECONDS: "3600",
    SSO_IDP_RETRY_SECONDS: "1",
    SSO_HTTP_TIMEOUT_MS: "20000",
  });
  clients.push(...app.clients);
  // Ready once the brand sends a new visitor to the provider: its discovery at start may not have answered in time,
  // and the brand then waits out the retry window (1 s here) before it asks again.
  await vi.waitFor(
    async () => {
      const res = await new HttpBrowser().request(app.page("aurora"));
      if (!res.headers.location?.startsWith(op.issuer))
        throw new Error("the brand does not send visitors to the IdP yet");
    },
    { timeout: 60_000, interval: 100 },
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
  await op?.stop();
});
beforeEach(() => op.reset());

/** The username the page's header shows as signed in, or undefined for an anonymous page. */
const signedInName = (v: Visit) => /class="account-name" data-username="([^"]+)"/.exec(v.body)?.[1];

/** The visit ends on the page asked for (its query too), anonymous, with no error or notice shown. */
function expectAnonymousLanding(visit: Visit, url: string) {
  expect(visit.status).toBe(200);
  expect(samePage(visit.url, url), `${visit.url} is ${url}`).toBe(true);
  expect(signedInName(visit)).toBeUndefined();
  expect(visit.body).toMatch(/<form class="account"[^>]*>.*?<button type="submit"[^>]*>[^<]+<\/button><\/form>/);
  expect(visit.body).not.toContain('class="sso-notice"');
}

describe("an issuer with a path, its discovery document only under it", () => {
  it("silent sign-in: discovery, authorize, token and keys under the path, iss the issuer with its path", async () => {
    const origin = new URL(op.issuer).origin;
    // Nothing at the host's root: neither OIDC's nor RFC 8414's place for the document.
    for (const url of [
      `${origin}/.well-known/openid-configuration`,
      `${origin}/.well-known/openid-configuration${ISSUER_PATH}`,
    ])
      expect((await fetch(url)).status, url).toBe(404);
    const served = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(served.issuer).toBe(`${origin}${ISSUER_PATH}`);

    op.user = ADA;
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Paris&lang=de");
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expect(visit.hops[1]!.url.startsWith(`${op.issuer}/authorize?`)).toBe(true);
    expect(samePage(visit.url, start)).toBe(true);
    expect(signedInName(visit)).toBe(ADA_USERNAME);
    expect(op.tokenRequests).toMatchObject([{ status: 200 }]);
    expect(await poolUser(app.store.db, "aurora", ADA_USERNAME)).toMatchObject({ sub: ADA.sub, email: ADA.email });
  });

  it.each<[string, Misbehaviour["claims"]]>([
    ["the host without the path", (c) => ({ ...c, iss: new URL(op.issuer).origin })],
    ["the path with a trailing slash", (c) => ({ ...c, iss: `${op.issuer}/` })],
  ])("refuses an id_token whose iss is %s", async (_, claims) => {
    op.user = ADA;
    op.misbehave = { claims };
    const start = app.page("aurora", "/search?q=Rome");
    const browser = new HttpBrowser();
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expectAnonymousLanding(visit, start);
    expect(op.tokenRequests).toMatchObject([{ status: 200 }]); // the token came, and was refused
  });
});

describe("interactive sign-in through the provider's login and consent pages", () => {
  let chrome: Browser;
  beforeAll(async () => {
    chrome = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  }, 60_000);
  afterAll(async () => {
    await chrome?.close();
  });

  it("Sign in → the provider's login form → its consent page's Continue → back on the page, signed in", async () => {
    op.misbehave = { interactivePages: { user: ADA, password: ADA_PASSWORD } };
    const context = await chrome.newContext();
    const page = await context.newPage();
    try {
      // cedar has silent login off: its visitors sign in with the header's button.
      const start = app.page("cedar", "/search?q=Rome");
      await page.goto(start);
      await page.locator("form.account button[type=submit]").click();
      await page.waitForURL((u) => u.href.startsWith(`${op.issuer}/interaction/`));
      await expect.poll(() => page.locator("h1").textContent()).toBe("Sign in");
      await page.locator("input[name=email]").fill(ADA.email);
      await page.locator("input[name=password]").fill(ADA_PASSWORD);
      await page.locator("button[type=submit]").click();
      // Signed in at the provider: its consent page, a form that posts and is answered 303 to the brand's callback.
      await expect.poll(() => page.locator("h1").textContent()).toBe("Allow access");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((u) => u.origin === new URL(start).origin && u.pathname === "/search");
      await expect.poll(() => page.locator(".account-name").getAttribute("data-username")).toBe(ADA_USERNAME);
      expect(samePage(page.url(), start)).toBe(true);
      expect(op.authorizeRequests).toHaveLength(1);
      expect(op.authorizeRequests[0]!.params.prompt).toBeUndefined();
      expect(op.tokenRequests).toMatchObject([{ status: 200 }]);
      expect(await poolUser(app.store.db, "cedar", ADA_USERNAME)).toMatchObject({ given_name: "Ada" });
    } finally {
      await context.close();
    }
  });
});

describe("prompt=none answered with an error: back on the page, anonymous, no loop", () => {
  /** The visitor's first page goes through the provider once and lands anonymous; the next pages do not go again. */
  async function expectOneRoundTrip(browser: HttpBrowser, start: string) {
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expect(new URL(visit.hops[1]!.url).searchParams.get("prompt")).toBe("none");
    expectAnonymousLanding(visit, start);
    const before = op.authorizeRequests.length;
    for (const p of ["/", "/search?q=Oslo", new URL(start).pathname + new URL(start).search])
      expect((await browser.navigate(app.page("aurora", p))).redirects, p).toBe(0);
    expect(op.authorizeRequests).toHaveLength(before);
  }

  it.each([
    "invalid_request",
    "interaction_required",
    "consent_required",
    "login_required",
    "access_denied",
    "server_error",
    "urn:example:error:mfa-enrollment-needed",
    "<img src=x onerror=alert(1)>",
  ])("%s", async (error) => {
    op.user = ADA; // a session at the provider, which still says no to prompt=none
    op.misbehave = { promptNoneError: error };
    const logged = app.logs().length;
    await expectOneRoundTrip(new HttpBrowser(), app.page("aurora", "/search?q=Paris&curr=EUR"));
    expect(op.authorizeRequests).toHaveLength(1);
    await expect
      .poll(() => app.logs().slice(logged))
      .toContain(`"idpError":"${error.replace(/[^\w.-]/g, "?").slice(0, 64)}"`);
  });

  it("an error that leaves the state out (invalid_request): the same landing, and no loop", async () => {
    op.misbehave = { promptNoneError: "invalid_request", errorWithoutState: true };
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Lisbon&rooms=2");
    const visit = await browser.navigate(start);
    expect(new URL(visit.hops[2]!.url).searchParams.has("state")).toBe(false);
    expectAnonymousLanding(visit, start);
    for (const p of ["/", "/search?q=Oslo"])
      expect((await browser.navigate(app.page("aurora", p))).redirects, p).toBe(0);
    expect(op.authorizeRequests).toHaveLength(1);
  });

  it("tries again only after the brand's back-off (its session lifetime), once; signing in by hand works meanwhile", async () => {
    op.user = ADA;
    op.misbehave = { promptNoneError: "interaction_required" };
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Paris");
    await expectOneRoundTrip(browser, start);
    // The attempt's time is what the brand keeps (sso_attempt): a browser whose attempt is a minute short of the
    // back-off still does not go; past it, one round trip again, then none.
    const now = Math.floor(Date.now() / 1000);
    browser.setCookie(app.page("aurora"), "sso_attempt", String(now - BACK_OFF_SECONDS + 60));
    expect((await browser.navigate(start)).redirects).toBe(0);
    expect(op.authorizeRequests).toHaveLength(1);
    browser.setCookie(app.page("aurora"), "sso_attempt", String(now - BACK_OFF_SECONDS - 1));
    await expectOneRoundTrip(browser, start);
    expect(op.authorizeRequests).toHaveLength(2);

    // The header's "Sign in" asks without prompt=none, which this provider answers with a code.
    const form = await browser.request(app.page("aurora", "/sso/sign-in"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(start).origin },
      body: new URLSearchParams({ return: "/search?q=Paris" }).toString(),
    });
    expect(form.status).toBe(303);
    const visit = await browser.navigate(form.headers.location!);
    expect(signedInName(visit)).toBe(ADA_USERNAME);
  });
});

describe("token_type in any case (RFC 6749 §5.1: case-insensitive)", () => {
  it.each(["Bearer", "bearer", "BEARER"])("%s signs in", async (tokenType) => {
    op.user = ADA;
    op.misbehave = { tokenType };
    const visit = await new HttpBrowser().navigate(app.page("aurora", "/"));
    expect(signedInName(visit)).toBe(ADA_USERNAME);
  });

  it.each<[string, string | null]>([
    ["none at all", null],
    ["another type (mac)", "mac"],
    ["DPoP, never asked for", "DPoP"],
  ])("%s: refused, anonymous on the page", async (_, tokenType) => {
    op.user = ADA;
    op.misbehave = { tokenType };
    const start = app.page("aurora", "/search?q=Rome");
    const visit = await new HttpBrowser().navigate(start);
    expect(visit.redirects).toBe(3);
    expectAnonymousLanding(visit, start);
    expect(op.tokenRequests).toMatchObject([{ status: 200 }]);
  });
});

describe("aud as a string or an array, azp per OIDC Core §3.1.3.7", () => {
  const client = SSO_BRANDS.aurora.clientId;
  const accepted: [string, Misbehaviour["claims"]][] = [
    ["a string", (c) => ({ ...c, aud: client })],
    ["an array of this client alone", (c) => ({ ...c, aud: [client] })],
    ["an array with azp naming this client", (c) => ({ ...c, aud: ["api://hotels", client], azp: client })],
    ["a string with azp naming this client", (c) => ({ ...c, aud: client, azp: client })],
  ];
  const refused: [string, Misbehaviour["claims"]][] = [
    ["an array without azp", (c) => ({ ...c, aud: [client, "api://hotels"] })],
    ["an array with azp naming another client", (c) => ({ ...c, aud: [client, "other-rp"], azp: "other-rp" })],
    ["a string with azp naming another client", (c) => ({ ...c, aud: client, azp: "other-rp" })],
    ["an array without this client, azp naming it", (c) => ({ ...c, aud: ["other-rp"], azp: client })],
  ];

  it.each(accepted)("accepted: %s", async (_, claims) => {
    op.user = ADA;
    op.misbehave = { claims };
    expect(signedInName(await new HttpBrowser().navigate(app.page("aurora", "/")))).toBe(ADA_USERNAME);
  });

  it.each(refused)("refused: %s", async (_, claims) => {
    op.user = ADA;
    op.misbehave = { claims };
    const logged = app.logs().length;
    const browser = new HttpBrowser();
    const start = app.page("aurora", "/search?q=Lisbon");
    const visit = await browser.navigate(start);
    expect(visit.redirects).toBe(3);
    expectAnonymousLanding(visit, start);
    expect((await browser.navigate(start)).redirects).toBe(0);
    await expect.poll(() => app.logs().slice(logged)).toMatch(/the id_token was refused \((aud|azp):/);
  });
});

describe("no secret reaches the logs", () => {
  it("the logs hold no client secret, code or token", () => {
    const logs = app.logs();
    expect(op.issued.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(SSO_BRANDS).map((b) => b.secret), ...op.issued])
      expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
  });
});
