import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, test } from "./fixtures/test";
import { startAppServer } from "@/lib/testing";
import { BRANDS, IDP, site, watchConsole } from "./fixtures/site";
import { account, IdpLoginPage, PARTNER_USER, PARTNER_USER_2, signInAtPartnerSite, watchIdp } from "./fixtures/sso";
import { DEMO_SSO_CLIENTS, startDemoSso } from "@/lib/partner-idp";

/**
 * Silent single sign-on in a real browser (spec §1.4, §4.4, §4.6 scenario C): the reference partner IdP over HTTPS,
 * the two demo brands as relying parties, silent login on (Aurora authenticates with client_secret_post, Sakura with
 * client_secret_basic).
 */
const name = (u: typeof PARTNER_USER) => `${u.given_name} ${u.family_name}`;
const poolUsers = (brand: string) => {
  const db = new Database(".data/e2e/hotels.sqlite", { readonly: true });
  try {
    return db.prepare("select username, email, sign_ins from sso_users where brand_id = ?").all(brand) as {
      username: string;
      email: string;
    }[];
  } finally {
    db.close();
  }
};

test("signed in at the partner's site, a visitor opening a brand is signed in there without any login page", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signInAtPartnerSite(page);
  const idp = watchIdp(page);
  await page.goto(site("aurora", "/"));
  await expect(account(page)).toContainText(`Signed in as ${name(PARTNER_USER)}`);
  expect(idp.authorize).toHaveLength(1);
  expect(idp.authorize[0]!.searchParams.get("prompt")).toBe("none");
  expect(idp.loginPages).toEqual([]);
  expect(page.url()).toBe(site("aurora", "/"));
  // The brand's session: Auth.js's endpoint names the user of the brand's pool.
  const session = await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()));
  expect(session.user).toEqual({
    name: name(PARTNER_USER),
    email: PARTNER_USER.email,
    username: `Northwind_${PARTNER_USER.sub}`,
  });
  const cookie = (await page.context().cookies(site("aurora"))).find((c) => c.name === "authjs.session-token")!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", domain: BRANDS.aurora.host });
  expect(errors).toEqual([]);
});

test("without a session at the IdP the brand stays anonymous after one round trip, shows no error and does not try again", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const idp = watchIdp(page);
  await page.goto(site("aurora", "/search?q=Paris"));
  await expect(page).toHaveURL(site("aurora", "/search?q=Paris"));
  await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.locator(".sso-notice")).toHaveCount(0);
  expect(idp.authorize).toHaveLength(1);
  for (const p of ["/", "/search?q=Rome", "/ping"]) {
    await page.goto(site("aurora", p));
    await expect(page).toHaveURL(site("aurora", p));
  }
  expect(idp.authorize).toHaveLength(1);
  expect(idp.loginPages).toEqual([]);
  expect(errors).toEqual([]);
});

test("the same IdP session signs the visitor into the second brand as a separate user of that brand's pool", async ({
  page,
}) => {
  await signInAtPartnerSite(page, PARTNER_USER_2);
  await page.goto(site("aurora", "/"));
  await expect(account(page)).toContainText(name(PARTNER_USER_2));
  const idp = watchIdp(page);
  await page.goto(site("sakura", "/"));
  await expect(account(page)).toContainText(`Signed in as ${name(PARTNER_USER_2)}`);
  expect(idp.loginPages).toEqual([]);
  const username = `Northwind_${PARTNER_USER_2.sub}`;
  expect(poolUsers("aurora").filter((u) => u.username === username)).toHaveLength(1);
  expect(poolUsers("sakura").filter((u) => u.username === username)).toHaveLength(1);
  // Each brand's session is its own: cookies are host-only.
  const cookies = await page.context().cookies();
  const sessions = cookies.filter((c) => c.name === "authjs.session-token").map((c) => c.domain);
  expect(sessions.sort()).toEqual([BRANDS.aurora.host, BRANDS.sakura.host]);
});

test("after signing out of a brand the visitor is not silently signed back in; the other brand is untouched", async ({
  page,
}) => {
  await signInAtPartnerSite(page);
  await page.goto(site("aurora", "/search?q=Paris"));
  await page.goto(site("sakura", "/"));
  await page.goto(site("aurora", "/search?q=Paris"));
  await expect(account(page)).toContainText(name(PARTNER_USER));
  await account(page).getByRole("button", { name: "Sign out" }).click();
  await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL(site("aurora", "/search?q=Paris"));
  // The page says so, once.
  await expect(page.locator(".sso-notice")).toHaveText("You are signed out.");
  await expect(page.locator(".sso-notice")).toHaveAttribute("role", "status");
  const idp = watchIdp(page);
  for (const p of ["/", "/search?q=Rome"]) {
    await page.goto(site("aurora", p));
    await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.locator(".sso-notice")).toHaveCount(0);
  }
  expect(idp.authorize).toEqual([]);
  await page.goto(site("sakura", "/"));
  await expect(account(page)).toContainText(name(PARTNER_USER));
  // The partner's own session is not the brand's to end.
  await page.goto(`${IDP}/`);
  await expect(page.getByText(`Signed in as ${name(PARTNER_USER)}`)).toBeVisible();
});

test("interactive sign-in from the header: the IdP's login page, then back on the same page, signed in", async ({
  page,
}) => {
  await page.goto(site("sakura", "/search?q=Tokyo"));
  await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await account(page).getByRole("button", { name: "Sign in" }).click();
  await new IdpLoginPage(page).signIn();
  await expect(page).toHaveURL(site("sakura", "/search?q=Tokyo"));
  await expect(account(page)).toContainText(`Signed in as ${name(PARTNER_USER)}`);
  // Signed in at the IdP now: the other brand signs in silently.
  await page.goto(site("aurora", "/"));
  await expect(account(page)).toContainText(name(PARTNER_USER));
});

test("a deep link with a query (a nearby-places url) survives the silent round trip", async ({ page, request }) => {
  await signInAtPartnerSite(page);
  const res = await request.post("/v1/nearby-places", {
    headers: { "X-Partner-Key": BRANDS.aurora.key },
    data: { placeName: "Paris", currency: "GBP", language: "fr", userCountry: "DE", userDevice: "desktop", hits: 3 },
  });
  const { places } = (await res.json()) as { places: { url: string }[] };
  const link = new URL(places[0]!.url);
  expect(link.host).toBe(new URL(site("aurora")).host);
  const idp = watchIdp(page);
  await page.goto(link.href);
  await expect(account(page)).toContainText(name(PARTNER_USER));
  expect(idp.authorize).toHaveLength(1);
  const landed = new URL(page.url());
  expect(landed.pathname).toBe(link.pathname);
  expect([...landed.searchParams]).toEqual([...link.searchParams]);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});

test("both token endpoint authentications sign in: Aurora by client_secret_post, Sakura by client_secret_basic", async ({
  page,
}) => {
  const registry = JSON.parse(fs.readFileSync(".data/e2e-sso/brands.json", "utf8")) as {
    brands: { id: string; sso: { environments: { production: { tokenEndpointAuthMethod: string } } } }[];
  };
  const method = (id: string) =>
    registry.brands.find((b) => b.id === id)!.sso.environments.production.tokenEndpointAuthMethod;
  expect([method("aurora"), method("sakura")]).toEqual([
    DEMO_SSO_CLIENTS.aurora.method,
    DEMO_SSO_CLIENTS.sakura.method,
  ]);
  expect(new Set([method("aurora"), method("sakura")])).toEqual(new Set(["client_secret_post", "client_secret_basic"]));
  await signInAtPartnerSite(page);
  for (const brand of ["aurora", "sakura"] as const) {
    await page.goto(site(brand, "/"));
    await expect(account(page)).toContainText(name(PARTNER_USER));
  }
});

test.describe("an IdP that is down", () => {
  test("visitors get the brand's page, anonymous: never a browser error page", async ({ browser }) => {
    // A server of its own, whose IdP this test can stop.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sso-down-"));
    let sso: Awaited<ReturnType<typeof startDemoSso>> | undefined;
    const app = await startAppServer(async (port) => {
      sso = await startDemoSso({ appPort: port, idpPort: 0, dataDir: dir });
      return { DATABASE_URL: `sqlite://${dir}/hotels.sqlite`, ...sso.env, SSO_IDP_CHECK_SECONDS: "0" };
    });
    try {
      const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
      const brand = `http://${BRANDS.aurora.host}:${app.port}`;
      await page.goto(`${brand}/`); // the IdP answers: one silent round trip (no session there)
      await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
      // Probed before every silent sign-in (SSO_IDP_CHECK_SECONDS 0): the next visitor finds the IdP gone at once.
      await sso!.idp.close();
      const fresh = await (await browser.newContext()).newPage();
      const response = await fresh.goto(`${brand}/search?q=Paris`);
      expect(response?.status()).toBe(200);
      await expect(fresh).toHaveURL(`${brand}/search?q=Paris`);
      await expect(account(fresh).getByRole("button", { name: "Sign in" })).toBeVisible();
      // Sign-in by hand says plainly that it is not available, instead of a browser error.
      await account(fresh).getByRole("button", { name: "Sign in" }).click();
      await expect(fresh.locator(".sso-notice")).toContainText("not available right now");
      await expect(fresh).toHaveURL(`${brand}/search?q=Paris`);
    } finally {
      await app.stop();
      await sso?.idp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
