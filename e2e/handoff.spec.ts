import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { screenshotPath, site, watchConsole } from "./fixtures/site";

/** An ISO date n days from today (UTC): far enough from "today" that no time zone makes it past. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** What a visitor types into Chromium's en-US date field: month, day, year. */
const typed = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

const CHECK_IN = inDays(50);
const CHECK_OUT = inDays(54);
const BOOKING = "https://booking.example";

/**
 * The demo Aurora brand's booking site (lib/brands/demo-brands.json: https://booking.example/hotel/{mapping:EXP}…) is
 * answered by the test itself: nothing leaves the machine, and the page the visitor lands on is the redirect's target.
 */
async function bookingSite(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().route(`${BOOKING}/**`, (route) => {
    seen.push(route.request().url());
    return route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Example Booking</title><h1>Rates</h1>",
    });
  });
  return seen;
}

test("a traveller picks dates, guests and currency on a hotel page, and the hand-off carries them", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const seen = await bookingSite(page);
  await page.goto(site("aurora", "/hotels/HTL-0000001"));
  const stay = page.getByRole("region", { name: "Your stay" });
  const cta = stay.getByRole("link", { name: "See rates at Example Booking" });
  // Before any choice: one room for two adults, no dates, and the site says it will ask for them.
  await expect(stay.getByTestId("handoff-summary")).toHaveText("1 room · 2 adults · EUR");
  await expect(stay.getByText("No dates chosen yet: Example Booking will ask for them.")).toBeVisible();

  await stay.getByLabel("Check-in").pressSequentially(typed(CHECK_IN));
  await stay.getByLabel("Check-out").pressSequentially(typed(CHECK_OUT));
  await stay.getByRole("button", { name: /^Rooms and guests/ }).click();
  const room = stay.getByRole("group", { name: "Room 1" });
  await room.getByLabel("Adults").selectOption("3");
  await stay.getByRole("button", { name: "Done" }).click();
  await stay.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/checkIn=/);
  // The currency switcher saves the choice and comes back to the same stay.
  // React's change handler is attached once the switcher hydrates: a choice made before that changes nothing.
  const currency = page.getByLabel("Currency");
  await expect
    .poll(() => currency.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))))
    .toBe(true);
  // Language and currency wait in the header's menu.
  await page.locator(".header-menu > summary").click();
  await currency.selectOption("GBP");
  await expect(stay.getByTestId("handoff-summary")).toContainText("4 nights · 1 room · 3 adults · GBP");
  expect(new URL(page.url()).searchParams.get("checkIn")).toBe(CHECK_IN);

  await cta.click();
  await expect(page).toHaveURL(/^https:\/\/booking\.example\/hotel\/\d+\?/);
  const landed = new URL(page.url());
  expect(Object.fromEntries(landed.searchParams)).toEqual({
    checkin: CHECK_IN,
    checkout: CHECK_OUT,
    rooms: "1",
    adults: "3",
    children: "0",
    currency: "GBP",
    lang: "en",
    aid: "aurora-partner",
    label: "aurora-hotel-page",
  });
  await expect(page.getByRole("heading", { name: "Rates" })).toBeVisible();
  expect(seen).toEqual([landed.href]);
  expect(errors).toEqual([]);
});

test("without a template the controls say what they are for; the hotel page shows what a traveller needs", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto(site("sakura", "/hotels/HTL-0000002"));
  const stay = page.getByRole("region", { name: "Your stay" });
  await expect(stay.getByRole("link", { name: /See rates/ })).toHaveCount(0);
  await expect(stay.getByTestId("handoff")).toContainText("Hotel details only: this site shows no prices");
  await expect(stay.getByTestId("handoff")).toContainText("Currency (USD):");
  await expect(page.getByText("Other providers")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(/\d{2}:\d{2}:\d{2}\.\d{3} Z/);
  // The gallery shows whole images: each photo keeps its proportions inside its frame.
  const fit = await page
    .locator(".gallery img")
    .first()
    .evaluate((img) => getComputedStyle(img).objectFit);
  expect(fit).toBe("contain");
  // Legal numbers under a small heading: the first of the seed's hotels that has them.
  for (let n = 2; n < 30; n++) {
    await page.goto(site("sakura", `/hotels/HTL-${String(n).padStart(7, "0")}`));
    if ((await page.locator("section.legal").count()) === 0) continue;
    const legal = page.getByRole("region", { name: "Legal" });
    await expect(legal.getByRole("heading", { level: 2, name: "Legal" })).toBeVisible();
    await expect(legal).toContainText(/Licence:?\s*LIC-\d+/);
    fs.mkdirSync(path.dirname(screenshotPath("x")), { recursive: true });
    await page.screenshot({ path: screenshotPath("handoff-none-legal-desktop.png"), fullPage: true });
    break;
  }
  await expect(page.locator("section.legal")).toHaveCount(1);
  expect(errors).toEqual([]);
});

for (const [device, viewport] of Object.entries({
  desktop: { width: 1280, height: 900 },
  mobile: { width: 390, height: 844 },
})) {
  test(`screenshot: a hotel page with the hand-off at ${device} width`, async ({ page }) => {
    await bookingSite(page);
    await page.setViewportSize(viewport);
    fs.mkdirSync(path.dirname(screenshotPath("x")), { recursive: true });
    await page.goto(site("aurora", `/hotels/HTL-0000001?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&rooms=2-6`));
    await expect(page.getByRole("link", { name: "See rates at Example Booking" })).toBeVisible();
    for (const img of await page.locator(".gallery img").all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`handoff-hotel-${device}.png`), fullPage: true });
    const widths = await page.evaluate(() => ({
      content: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
  });
}
