import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { site, watchConsole, type BrandName } from "./fixtures/site";

/**
 * Home, search and hotel pages of both brands at desktop and mobile width. `npm run screenshots` writes them to
 * e2e/screenshots (linked from the README); a test run writes them under .data.
 */
const OUT = process.env.SCREENSHOT_DIR ?? path.join(".data", "screenshots");
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
      const shot = (name: string) =>
        page.screenshot({ path: path.join(OUT, `${brand}-${name}-${device}.png`), fullPage: true });

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
