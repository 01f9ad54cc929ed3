import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startAppServer,
  type AppServer,
  LEMONLDAP_USER,
  LEMONLDAP_USER_CLAIMS,
  startLemonLdap,
  type LemonLdap,
  freePort,
  CHROMIUM,
  SSO_BRANDS,
  ssoBrandsFile,
  ssoClients,
  ssoEnv,
  openTestStore,
  type TestStore,
} from "@/lib/testing";
import { poolUser } from "../user-pool";

/**
 * The brands as relying parties of a provider nobody here wrote: Debian's LemonLDAP::NG 2.16 with its defaults
 * (lib/testing/lemonldap.ts), driven in Chromium as a visitor would be. A visitor signed in at its portal is signed
 * in to a brand with silent login without any page of its own, and the brand's /sso-test page passes for them.
 */
let llng: LemonLdap | undefined;
let app: AppServer;
let store: TestStore;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const brandPage = (path = "/") => `http://${SSO_BRANDS.aurora.host}:${app.port}${path}`;

beforeAll(async () => {
  store = await openTestStore("sqlite");
  // The brands are configured with the issuer before they start, and the provider with the brands' redirect URIs
  // (on the app's port): the provider's port is chosen first, and it starts as the app's environment is made.
  const llngPort = await freePort();
  const issuer = `http://127.0.0.1:${llngPort}`;
  app = await startAppServer(async (port) => {
    await llng?.stop(); // an earlier try whose port was taken
    const aurora = ssoClients(port).find((c) => c.clientId === SSO_BRANDS.aurora.clientId)!;
    llng = await startLemonLdap(aurora, { port: llngPort });
    // The provider is up for the whole run (it answered before the app starts): the brand trusts its start-up
    // discovery rather than probing it before each silent sign-in, a probe a loaded machine can make miss its wait.
    const trusted = { SSO_IDP_CHECK_SECONDS: "3600", SSO_HTTP_TIMEOUT_MS: "20000" };
    return { DATABASE_URL: store.databaseUrl, ...ssoEnv(ssoBrandsFile(issuer, port, "LLNG"), trusted) };
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await llng?.stop();
  await store?.drop();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext();
  page = await context.newPage();
});

/** Signs dwho in on LemonLDAP::NG's own portal, and waits until the browser holds its session cookie. */
async function signInAtPortal() {
  await page.goto(`${llng!.issuer}/`);
  await page.locator("input[name='user']").fill(LEMONLDAP_USER.username);
  await page.locator("input[name='password']").fill(LEMONLDAP_USER.password);
  await page.locator("button[type='submit']").first().click();
  await expect
    .poll(async () => (await context.cookies(llng!.issuer)).some((c) => c.name === "lemonldap"), { timeout: 15_000 })
    .toBe(true);
}

describe("a brand against LemonLDAP::NG 2.16", () => {
  it("signs a visitor with a session at LemonLDAP::NG in silently: no login page, their claims in the pool", async () => {
    await signInAtPortal();
    const seen: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest()) seen.push(new URL(r.url()).origin + new URL(r.url()).pathname);
    });
    await page.goto(brandPage("/"));
    await expect
      .poll(() => page.locator(".account-name").count(), {
        timeout: 15_000,
        message: `${seen.join(" → ")}\n${app.logs()}`,
      })
      .toBe(1);
    await expect.poll(() => page.locator("body").innerText()).toContain("Signed in as");
    // page → the provider's authorize → the brand's callback → the page: no page of the provider's shown.
    expect(seen).toEqual([
      brandPage("/"),
      `${llng!.issuer}/oauth2/authorize`,
      brandPage("/oauth2/idpresponse"),
      brandPage("/"),
    ]);
    const session = (await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))) as {
      user: { email: string; username: string };
    };
    expect(session.user).toMatchObject({
      email: LEMONLDAP_USER_CLAIMS.email,
      username: `LLNG_${LEMONLDAP_USER_CLAIMS.sub}`,
    });
    expect(await poolUser(store.db, "aurora", `LLNG_${LEMONLDAP_USER_CLAIMS.sub}`)).toMatchObject({
      email: LEMONLDAP_USER_CLAIMS.email,
      given_name: LEMONLDAP_USER_CLAIMS.given_name,
      family_name: LEMONLDAP_USER_CLAIMS.family_name,
    });
  });

  it("passes /sso-test for that visitor, step by step, without signing them in", async () => {
    await signInAtPortal();
    // Signed out of the brand (no silent login on this page visit): the test page's own silent sign-in is what runs.
    await context.addCookies([{ name: "sso_signed_out", value: "1", url: brandPage("/") }]);
    await page.goto(brandPage("/sso-test"));
    await page.getByRole("button", { name: "Run the test" }).click();
    await page.getByRole("heading", { level: 2 }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 2 }).innerText()).toBe(
      "Passed: silent sign-in works in this browser",
    );
    for (const id of ["authorize", "answer", "token", "id_token", "rules", "user"])
      expect(await page.locator(`[data-step="${id}"]`).getAttribute("data-status"), id).toBe("ok");
    expect(await page.locator(`[data-step="user"]`).innerText()).toContain(`LLNG_${LEMONLDAP_USER_CLAIMS.sub}`);
    expect(await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))).toBeNull();
  });
});
