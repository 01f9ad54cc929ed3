import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  HttpBrowser,
  SSO_BRANDS,
  startSsoApp,
  type SsoApp,
  startTestOp,
  type TestOp,
  type TestOpClient,
} from "@/lib/testing";

/**
 * The silent-SSO test page's trace link is readable by whoever holds it, on the brand's origin. Anyone can land a
 * callback of their own choosing on their own test (its state is in the authorize URL they were sent to), so the
 * text others chose (the IdP's error_description and error_uri, the claims' values) is shown only to the browser
 * that ran the test; another browser opening the link sees the error code, the steps and the rules.
 */
const ADA = { sub: "nw-1001", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
const PHISH = "Your account is locked. Call +1 555 0100 now to unlock it";
const PHISH_URI = "https://help.attacker.example/unlock";

let op: TestOp;
let app: SsoApp;
const clients: TestOpClient[] = [];

beforeAll(async () => {
  op = await startTestOp(clients);
  app = await startSsoApp(op.issuer);
  clients.push(...app.clients);
});
afterAll(async () => {
  await app?.close();
  await op?.stop();
});
beforeEach(() => op.reset());

/** The test page's "Run the test" form, as the brand's page posts it: the answer sends the browser to the IdP. */
async function startTest(browser: HttpBrowser): Promise<URL> {
  const start = await browser.request(app.page("aurora", "/sso/test/start"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(app.page("aurora")).origin },
    body: "",
  });
  expect(start.status).toBe(303);
  return new URL(start.headers.location!);
}

describe("a trace link opened by another browser", () => {
  it("a forged callback's error_description and error_uri: the tester sees them, nobody else does", async () => {
    const tester = new HttpBrowser();
    const authorize = await startTest(tester);
    // The tester never goes to the IdP: the callback is made up, with the test's own state.
    const forged = app.page(
      "aurora",
      `/oauth2/idpresponse?${new URLSearchParams({
        error: "access_denied",
        error_description: PHISH,
        error_uri: PHISH_URI,
        iss: "https://issuer.attacker.example",
        state: authorize.searchParams.get("state")!,
      })}`,
    );
    const own = await tester.navigate(forged);
    expect(new URL(own.url).pathname).toBe("/sso-test");
    expect(own.body).toContain("Failed: silent sign-in would not sign you in");
    expect(own.body).toContain(PHISH);
    expect(own.body).toContain(PHISH_URI);

    // The link, shared: another browser, and a plain HTTP client without any cookie.
    for (const other of [new HttpBrowser(), new HttpBrowser({ headers: { "user-agent": "curl/8.5.0" } })]) {
      const shared = await other.navigate(own.url);
      expect(shared.status).toBe(200);
      expect(shared.body).toContain("Failed: silent sign-in would not sign you in");
      expect(shared.body).toMatch(/data-step="answer" data-status="failed"/);
      expect(shared.body).toContain("access_denied");
      expect(shared.body).toContain("The IdP refused"); // the hint for the code
      expect(shared.body).toContain("shown only in the browser that ran this test");
      for (const text of [PHISH, "555 0100", "attacker.example"]) expect(shared.body).not.toContain(text);
    }
    expect(op.tokenRequests).toHaveLength(0);
  });

  it("an error code OAuth does not define is the forger's text too: the tester sees it, others '(another code)'", async () => {
    const tester = new HttpBrowser();
    const state = (await startTest(tester)).searchParams.get("state")!;
    const chosen = "Account_locked.call-5550100.unlock.evil.test";
    const own = await tester.navigate(
      app.page("aurora", `/oauth2/idpresponse?${new URLSearchParams({ error: chosen, state })}`),
    );
    expect(own.body).toContain(chosen);
    const shared = await new HttpBrowser().navigate(own.url);
    expect(shared.body).toMatch(/data-step="answer" data-status="failed"/);
    expect(shared.body).toContain("(another code)");
    for (const text of [chosen, "5550100", "evil.test"]) expect(shared.body).not.toContain(text);
  });

  it("a tester cookie of another browser, or a made-up one, does not show the text", async () => {
    const tester = new HttpBrowser();
    const authorize = await startTest(tester);
    const state = authorize.searchParams.get("state")!;
    const own = await tester.navigate(
      app.page("aurora", `/oauth2/idpresponse?${new URLSearchParams({ error: "x", error_description: PHISH, state })}`),
    );
    expect(own.body).toContain(PHISH);
    const [cookie] = tester.cookiesFor(app.page("aurora", "/sso-test")).filter((c) => c.key === "sso_test_tester");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "lax" });

    const other = new HttpBrowser();
    await startTest(other); // a test of its own gives it a tester cookie of its own
    expect((await other.navigate(own.url)).body).not.toContain(PHISH);
    const madeUp = new HttpBrowser();
    madeUp.setCookie(app.page("aurora"), "sso_test_tester", "A".repeat(32));
    expect((await madeUp.navigate(own.url)).body).not.toContain(PHISH);
    // The tester's cookie is kept across its tests: its earlier trace still shows the text after a second test.
    await startTest(tester);
    expect((await tester.navigate(own.url)).body).toContain(PHISH);
  });

  it("a passing trace: the claims' values for the tester only; the steps and rules for anyone with the link", async () => {
    op.user = ADA;
    const tester = new HttpBrowser();
    const own = await tester.navigate((await startTest(tester)).href);
    expect(own.body).toContain("Passed: silent sign-in works in this browser");
    for (const text of [ADA.email, ADA.given_name, ADA.family_name]) expect(own.body).toContain(text);

    const shared = await new HttpBrowser().navigate(own.url);
    expect(shared.body).toContain("Passed: silent sign-in works in this browser");
    expect(shared.body).toContain(`TestIdP_${ADA.sub}`);
    expect(shared.body.match(/data-rule="\w+" data-ok="true"/g)).toHaveLength(9);
    for (const text of [ADA.email, ADA.family_name]) expect(shared.body).not.toContain(text);
    expect(shared.body).not.toContain(SSO_BRANDS.aurora.secret);
  });
});
