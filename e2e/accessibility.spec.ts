import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { IDP, PORT, site } from "./fixtures/site";
import { signInAtPartnerSite } from "./fixtures/sso";

/**
 * Every page type of both brands (anonymous, and signed in through the partner's IdP), the operators' sign-in and the
 * reference IdP's pages, checked with axe-core (WCAG 2.1 A and AA rules).
 */
const PAGES = [
  site("aurora"),
  site("sakura"),
  site("aurora", "/search?q=Paris"),
  site("sakura", "/search?q=Paris&sort=name&pets=1"),
  site("aurora", "/hotels/HTL-0000001"),
  site("sakura", "/hotels/HTL-0000002"),
  site("aurora", "/search?q=Paris&rooms=2-4,1&checkIn=2020-01-01&checkOut=2020-03-01"),
  site("sakura", "/hotels/HTL-0000001?rooms=x&checkIn=2099-01-02&checkOut=2099-01-01"),
  site("aurora", "/no-such-page"),
  site("sakura", "/sign-in"),
  site("aurora", "/sign-in?error=OAuthCallbackError"),
  site("aurora", "/sso/sign-in-yourself"),
  site("sakura", `/sso/sign-in-yourself/${"A".repeat(22)}.${"B".repeat(43)}`),
  `${IDP}/`,
  `http://127.0.0.1:${PORT}/ops`,
];

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

for (const url of PAGES) {
  test(`accessible: ${url.replace(/^https?:\/\//, "")}`, async ({ page }) => {
    await page.goto(url);
    await expectAccessible(page);
  });
}

test("accessible: the maps, with a marker and its card highlighted and a marker focused", async ({ page }) => {
  await page.goto(site("aurora", "/search?q=Paris"));
  const markers = page.getByTestId("results-map").locator("a.map-marker");
  await markers.nth(1).hover();
  await expect(page.locator(".hotel-card[data-active]")).toHaveCount(1);
  await markers.nth(2).focus();
  await expectAccessible(page);
  await page.goto(site("sakura", "/hotels/HTL-0000002"));
  await expect(page.getByTestId("hotel-map").locator(".map-marker-current")).toBeVisible();
  await expectAccessible(page);
});

test("accessible: the IdP's login page, the partner site and a brand signed in", async ({ page }) => {
  await page.goto(`${IDP}/`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await expectAccessible(page);
  await page.goto(`${IDP}/`); // the login page again, from the partner site's own flow
  await signInAtPartnerSite(page);
  await expectAccessible(page);
  await page.goto(site("aurora", "/search?q=Paris"));
  await expect(page.locator("header .account")).toContainText("Signed in as");
  await expectAccessible(page);
});

test("accessible: the hotel gallery's lightbox, open", async ({ page }) => {
  await page.goto(site("aurora", "/hotels/HTL-0000001"));
  await page.locator(".gallery figure > a").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
});

test("accessible: the rooms-and-guests picker open, two rooms and a child, on the home and hotel pages", async ({
  page,
}) => {
  for (const url of [site("aurora"), site("sakura", "/hotels/HTL-0000002")]) {
    await page.goto(url);
    await page.getByRole("button", { name: /^Rooms and guests/ }).click();
    const panel = page.getByRole("group", { name: "Rooms and guests" });
    await panel.getByRole("group", { name: "Room 1" }).getByLabel("Children").selectOption("1");
    await panel.getByRole("button", { name: "Add a room" }).click();
    await expect(panel.getByRole("group", { name: "Room 2" })).toBeVisible();
    await expectAccessible(page);
  }
});
