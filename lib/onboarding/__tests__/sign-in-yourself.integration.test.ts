import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  runCli,
  HttpBrowser,
  CHROMIUM,
  SSO_BRANDS,
  startSsoApp,
  type SsoApp,
  startTestOp,
  type TestOp,
  type TestOpClient,
} from "@/lib/testing";
import { CHECK_ITEMS, type CheckItemId } from "@/lib/sso-check";

/**
 * "Sign in yourself" end to end in Chromium: an operator (the command, or the operators' route) makes a one-time
 * link; the partner, played by this test, opens it in their own browser and signs in by hand at a provider that asks
 * for a password and then a one-time code (what the validator's robot is never given), whose session cookie is
 * SameSite=Lax; the browser walks the silent round trips through the brand's registered callback; the report shows
 * in that browser, in the command, and among the brand's reports. The test OP (lib/testing/test-op.ts) plays the
 * provider, with its login page.
 */
const ADA = { sub: "nw-2001", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
const PASSWORD = "correct horse battery staple";
const ONE_TIME_CODE = "314159";
const OPS_TOKEN = "self-sign-operators-token-0001";
const LINK = /(http:\/\/brand-a\.localhost:\d+\/sso\/sign-in-yourself\/[\w-]+\.[\w-]+)/;

let op: TestOp;
let strictOp: TestOp;
let app: SsoApp;
let browser: Browser;
const clients: TestOpClient[] = [];

beforeAll(async () => {
  op = await startTestOp(clients, { loginPage: { password: PASSWORD, oneTimeCode: ONE_TIME_CODE, sameSite: "Lax" } });
  op.user = ADA;
  // A provider whose session cookie is SameSite=Strict: a browser never sends it on a redirect from another site.
  strictOp = await startTestOp(clients, { loginPage: { password: PASSWORD, sameSite: "Strict" } });
  strictOp.user = ADA;
  // The IdP is up for the whole file: the brand trusts its start-up discovery (no probe before each sign-in).
  app = await startSsoApp(op.issuer, { OPS_TOKEN, SSO_IDP_CHECK_SECONDS: "3600", SSO_HTTP_TIMEOUT_MS: "20000" });
  clients.push(...app.clients);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await op?.stop();
  await strictOp?.stop();
});

/** The operators' route as a script calls it (the command does the same): the link, or the refusal. */
async function makeLink(fields: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/ops/sso/aurora/sign-in-yourself`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ environment: "production", credentials: "configured", ...fields }),
  });
  return { status: res.status, body: (await res.json()) as { link?: string; id?: string; error?: { code: string } } };
}

/** The partner's browser, and the authorize requests it went to (one each: the login goes back to its own). */
async function partnerBrowser() {
  const context = await browser.newContext();
  const page = await context.newPage();
  const authorize: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    const state = url.searchParams.get("state");
    if (
      r.isNavigationRequest() &&
      url.pathname === "/authorize" &&
      !authorize.some((u) => u.searchParams.get("state") === state)
    )
      authorize.push(url);
  });
  return { context, page, authorize };
}

/** The partner opens the link, presses Start and signs in by hand: the e-mail and password, then the one-time code. */
async function signInByHand(page: Page, link: string, provider: TestOp, oneTimeCode?: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor({ timeout: 15_000 });
  expect(new URL(page.url()).origin).toBe(provider.issuer);
  await page.getByLabel("E-mail").fill(ADA.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  if (oneTimeCode) {
    await page.getByLabel("One-time code").fill(oneTimeCode);
    await page.getByRole("button", { name: "Continue" }).click();
  }
}

/** The report as the partner's page shows it: each item's status. */
async function reportIn(page: Page): Promise<Record<string, string>> {
  await page.getByRole("heading", { name: "The report" }).waitFor({ timeout: 30_000 });
  const rows = await page
    .locator(".check-results tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute("data-item"), tr.getAttribute("data-status")]));
  return Object.fromEntries(rows);
}

const CODE_ITEMS: CheckItemId[] = [
  "authorize.code",
  "authorize.silent",
  "token.post",
  "token.basic",
  "token.wrong_secret",
  "token.reused_code",
  "token.other_redirect",
  "id_token.signature",
  "id_token.iss",
  "id_token.claims",
  "id_token.nonce",
  "id_token.profile",
  "userinfo",
];

describe("sign in yourself", () => {
  it("prints a link; the partner signs in by hand (password, one-time code, a SameSite=Lax session); every code item is checked on silent round trips; the command prints the report", async () => {
    const cli = runCli(
      "sso-check",
      ["--sign-in-yourself", "--server", app.url, "--brand", "aurora", "--environment", "production"],
      { OPS_TOKEN, LOG_LEVEL: "warn" },
    );
    let stderr = "";
    cli.child.stderr!.on("data", (d: Buffer) => (stderr += d));
    // The server's own checks run first (its headless browser for prompt=none): then the link.
    await expect.poll(() => stderr, { timeout: 90_000, message: stderr }).toMatch(/Waiting for the partner's browser/);
    const link = LINK.exec(stderr)![1]!;

    const { page, authorize } = await partnerBrowser();
    await signInByHand(page, link, op, ONE_TIME_CODE);
    const shown = await reportIn(page);
    for (const id of CODE_ITEMS) expect(shown[id], id).toBe("pass");
    for (const id of ["discovery.json", "jwks.rs256", "authorize.prompt_none", "authorize.unknown_client"])
      expect(shown[id], id).toBe("pass");
    // What no page of another site can read: said so, with how to check it by hand.
    expect(shown.session_cookie).toBe("skipped");
    await expect
      .poll(() => page.locator("tr[data-item='session_cookie']").innerText())
      .toMatch(/cannot read the cookies of your browser.*SameSite None and Secure/s);
    // The login page showed once; then one silent round trip (prompt=none) per page, each with the Lax cookie.
    expect(op.loginPagesShown).toBe(1);
    expect(authorize.map((u) => u.searchParams.get("prompt"))).toEqual([null, "none", "none", "none"]);
    expect(new Set(authorize.map((u) => u.searchParams.get("redirect_uri")))).toEqual(
      new Set([`http://${SSO_BRANDS.aurora.host}:${app.port}/oauth2/idpresponse`]),
    );

    // The command printed the same report, as the normal run prints its table.
    const done = await cli.done;
    expect(done.code, done.stderr).toBe(0);
    for (const id of CODE_ITEMS) {
      const title = CHECK_ITEMS.find((i) => i.id === id)!.title;
      expect(done.stdout.split("\n").find((l) => l.includes(title)) ?? id, id).toMatch(/^\| pass /);
    }
    expect(done.stdout).toMatch(/passed, but incomplete: required items could not be checked \(\d+ passed, 0 failed/);
    expect(stderr).toMatch(/The partner started: 4 round trips/);

    // No code, token, secret or the link's token in the server's logs or the command's output.
    const said = app.logs() + done.stdout + done.stderr.replace(link, "");
    for (const secret of [...op.issued, SSO_BRANDS.aurora.secret, PASSWORD, ONE_TIME_CODE, link.split(".").pop()!])
      expect(said).not.toContain(secret);
  });

  it("is one link for one browser, on the brand's own host, started by a form of its own page; Stop shows what was found", async () => {
    const made = await makeLink();
    expect(made.status).toBe(201);
    const link = made.body.link!;
    const [id, token] = link.split("/").pop()!.split(".");
    const other = await partnerBrowser();
    const problem = async (url: string) => {
      await other.page.goto(url);
      return other.page.locator("[data-problem]").getAttribute("data-problem");
    };
    // Another brand's host, another host of this brand, a token changed by one character: not this run's link.
    expect(await problem(link.replace(SSO_BRANDS.aurora.host, SSO_BRANDS.sakura.host))).toBe("unknown");
    expect(await problem(link.replace(SSO_BRANDS.aurora.host, "aurora.localhost"))).toBe("elsewhere");
    expect(await problem(link.replace(token!, `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`))).toBe(
      "unknown",
    );
    // Another site's form cannot start it.
    const crossSite = await new HttpBrowser().request(`${new URL(link).origin}/sso/sign-in-yourself/start`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ link: `${id}.${token}` }).toString(),
    });
    expect(crossSite.status).toBe(403);

    // The partner starts it; the link is used up for anyone else.
    const partner = await partnerBrowser();
    await partner.page.goto(link);
    await partner.page.getByRole("button", { name: "Start" }).click();
    await partner.page.getByRole("heading", { name: "Sign in", exact: true }).waitFor({ timeout: 15_000 });
    expect(await problem(link)).toBe("used");
    const origin = new URL(link).origin;
    const late = await new HttpBrowser().request(`${origin}/sso/sign-in-yourself/start`, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ link: `${id}.${token}` }).toString(),
    });
    expect(late.status).toBe(303);
    expect(late.headers.location).toBe("/sso/sign-in-yourself?problem=used");
    expect(late.headers["set-cookie"]).toBeUndefined();

    // A forged callback the partner's browser is made to open (another's code, a state the run never sent): not
    // taken for the sign-in's answer, which is still awaited; the page says what came back.
    await partner.page.goto(`${origin}/oauth2/idpresponse?code=someone-elses-code&state=forged-state`);
    expect(new URL(partner.page.url()).pathname).toBe("/sso/sign-in-yourself");
    await expect
      .poll(() => partner.page.locator("[data-problem='state']").innerText())
      .toMatch(/with a state this run did not send \(last: "forged-state", sent "[\w-]+"\): not used/);
    expect(await partner.page.locator(".round-trips li[data-state='current']").count()).toBe(1);

    // The partner does not sign in, comes back and stops: the report says what the server found, and why the rest
    // could not be checked.
    await partner.page.goto(`${origin}/sso/sign-in-yourself`);
    await partner.page.getByRole("button", { name: "Stop and show the report" }).click();
    const shown = await reportIn(partner.page);
    expect(shown["discovery.json"]).toBe("pass");
    expect(shown["authorize.code"]).toBe("skipped");
    await expect
      .poll(() => partner.page.locator("tr[data-item='authorize.code']").innerText())
      .toMatch(/the partner stopped the run at round trip 1 of 4.*state this run did not send/s);
    await other.context.close();
    await partner.context.close();
  });

  it("still checks the id_token and UserInfo items when client_secret_post is refused, on a Basic exchange's tokens", async () => {
    op.misbehave = { basicOnly: true };
    try {
      const made = await makeLink();
      expect(made.status).toBe(201);
      const { page, authorize } = await partnerBrowser();
      await signInByHand(page, made.body.link!, op, ONE_TIME_CODE);
      const shown = await reportIn(page);
      expect(shown["token.post"]).toBe("fail");
      for (const id of ["id_token.signature", "id_token.nonce", "id_token.profile", "userinfo", "token.basic"])
        expect(shown[id], id).toBe("pass");
      await expect
        .poll(() => page.locator("tr[data-item='token.post']").innerText())
        .toMatch(/tokens of a client_secret_basic exchange/);
      // One round trip more for the Basic exchange's code.
      expect(authorize).toHaveLength(5);
      await page.context().close();
    } finally {
      op.misbehave = {};
    }
  });

  it("fails authorize.silent with its hint when the provider's session cookie does not come back on a redirect (SameSite=Strict)", async () => {
    const made = await makeLink({
      credentials: "entered",
      issuer: strictOp.issuer,
      clientId: SSO_BRANDS.aurora.clientId,
      clientSecret: SSO_BRANDS.aurora.secret,
    });
    expect(made.status).toBe(201);
    const { page } = await partnerBrowser();
    await signInByHand(page, made.body.link!, strictOp);
    const shown = await reportIn(page);
    expect(shown["authorize.code"]).toBe("pass");
    expect(shown["token.post"]).toBe("pass");
    expect(shown["authorize.silent"]).toBe("fail");
    await expect
      .poll(() => page.locator("tr[data-item='authorize.silent']").innerText())
      .toMatch(/error=login_required[\s\S]*SameSite=None; Secure/);
    expect(shown["token.wrong_secret"]).toBe("skipped");
    await page.context().close();
  });

  it("refuses bad input with the field named, and a run without the operators' token", async () => {
    expect((await makeLink({ username: "ada@example.test" })).body.error).toMatchObject({
      code: "INVALID_FIELD",
      field: "username",
    });
    expect((await makeLink({ redirectUri: "https://elsewhere.example/oauth2/idpresponse" })).body.error).toMatchObject({
      code: "INVALID_FIELD",
      field: "redirectUri",
    });
    const anonymous = await fetch(`${app.url}/ops/sso/aurora/sign-in-yourself`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "environment=production",
    });
    expect(anonymous.status).toBe(401);
  });
});
