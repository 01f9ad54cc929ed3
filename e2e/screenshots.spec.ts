import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { IDP, site, watchConsole, type BrandName } from "./fixtures/site";
import { account, IdpLoginPage, PARTNER_PASSWORD, PARTNER_USER, watchIdp } from "./fixtures/sso";
import { testSettings } from "@/lib/config";

/**
 * Home, search and hotel pages of both brands at desktop and mobile width, and the sign-on flow. `npm run screenshots`
 * writes them to e2e/screenshots (linked from the README and docs/); a test run writes them under .data.
 */
const OUT = testSettings().SCREENSHOT_DIR;
/** Scrolls every image into view (they load lazily) and waits until each has loaded. */
async function loadImages(page: Page, selector: string) {
  for (const img of await page.locator(selector).all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
}

const WIDTHS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const;

for (const brand of ["aurora", "sakura"] as BrandName[]) {
  for (const [device, viewport] of Object.entries(WIDTHS)) {
    test(`screenshots: ${brand} at ${device} width`, async ({ page }) => {
      const errors = watchConsole(page);
      fs.mkdirSync(OUT, { recursive: true });
      await page.setViewportSize(viewport);
      // Each page is taken whole, and none may scroll sideways: its content fits the viewport's width.
      const shot = async (name: string) => {
        await page.screenshot({ path: path.join(OUT, `${brand}-${name}-${device}.png`), fullPage: true });
        const widths = await page.evaluate(() => ({
          content: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
        }));
        expect(widths.content, `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(widths.viewport);
      };

      await page.goto(site(brand));
      await expect(page.getByRole("heading", { level: 2, name: "Popular destinations" })).toBeVisible();
      await shot("home");
      await page.goto(site(brand, "/search?q=Paris"));
      await expect(page.getByTestId("result-count")).toBeVisible();
      await loadImages(page, ".hotel-card img");
      await shot("search");
      await page.locator(".hotel-card h2 a").filter({ hasNotText: "Hostile" }).first().click();
      await expect(page.getByTestId("nearby-places").locator("li").first()).toBeVisible();
      await loadImages(page, ".gallery img");
      await shot("hotel");
      expect(errors).toEqual([]);
    });
  }
}

test("screenshots: the sign-on flow (a brand page, the IdP's login page, signed in by hand, then silently elsewhere)", async ({
  page,
  browser,
}) => {
  fs.mkdirSync(OUT, { recursive: true });
  await page.setViewportSize(WIDTHS.desktop);
  const shot = (name: string, p: Page = page) =>
    p.screenshot({ path: path.join(OUT, `sso-${name}.png`), fullPage: false });
  // No session at the partner yet: the silent attempt comes back login_required and the page stays anonymous.
  await page.goto(site("aurora", "/search?q=Paris"));
  await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  await shot("aurora-signed-out");
  await account(page).getByRole("button", { name: "Sign in" }).click();
  await new IdpLoginPage(page).expectShown();
  await page.getByLabel("E-mail").fill(PARTNER_USER.email);
  await shot("idp-login");
  await page.getByLabel("Password").fill(PARTNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(site("aurora", "/search?q=Paris"));
  await expect(account(page)).toContainText(PARTNER_USER.given_name);
  await shot("aurora-signed-in");
  // The partner's session now signs the visitor in to the other brand silently: no login page, three redirects.
  const idpSeen = watchIdp(page);
  await page.goto(site("sakura"));
  await expect(account(page)).toContainText(PARTNER_USER.given_name);
  expect(idpSeen.loginPages).toEqual([]);
  await shot("sakura-signed-in");
  await page.goto(`${IDP}/`);
  await expect(page.getByText("Signed in as")).toBeVisible();
  await shot("partner-site");
  // An interactive sign-in the IdP answers with access_denied (the visitor cancelled there): back on the page, with a
  // short notice instead of an error page.
  const visitor = await (await browser.newContext({ viewport: WIDTHS.mobile })).newPage();
  const idp = watchIdp(visitor);
  await visitor.goto(site("sakura", "/search?q=Tokyo"));
  await account(visitor).getByRole("button", { name: "Sign in" }).click();
  await new IdpLoginPage(visitor).expectShown();
  const authorize = idp.authorize.at(-1)!;
  const callback = new URL(authorize.searchParams.get("redirect_uri")!);
  callback.search = new URLSearchParams({
    error: "access_denied",
    state: authorize.searchParams.get("state")!,
  }).toString();
  await visitor.goto(callback.href);
  await expect(visitor).toHaveURL(site("sakura", "/search?q=Tokyo"));
  await expect(visitor.locator(".sso-notice")).toContainText("did not complete");
  await shot("sakura-sign-in-failed-mobile", visitor);
});
