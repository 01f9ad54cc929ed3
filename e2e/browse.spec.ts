import { expect, test, type Page } from "@playwright/test";

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("home lists the synced hotels with the last sync run, filters by country and pages", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/");
  await expect(page.getByText("301 properties published")).toBeVisible();
  await expect(page.getByText(/#1 published/)).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(50);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByText("Page 2")).toBeVisible();

  await page.goto("/");
  await page.getByLabel("Country code").fill("FR");
  await page.getByRole("button", { name: "Filter" }).click();
  const countries = await page.locator("tbody tr td:nth-child(3)").allTextContents();
  expect(countries.length).toBeGreaterThan(0);
  expect(new Set(countries)).toEqual(new Set(["FR"]));
  expect(errors).toEqual([]);
});

test("a hotel page shows its content and images without the internet", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/");
  const first = page.locator("tbody tr a").first();
  const name = await first.textContent();
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
  await expect(page.getByText("Versions kept")).toBeVisible();
  const images = page.locator(".gallery img");
  expect(await images.count()).toBeGreaterThanOrEqual(3);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  expect(errors).toEqual([]);
});

test("content from the feed is inert: no script runs, no javascript: image", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/hotels/XSS-1");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Hostile");
  await expect(page.locator(".gallery img")).toHaveCount(0);
  await page.getByText("Nice").click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

test("an unknown hotel is a 404 page", async ({ page }) => {
  const response = await page.goto("/hotels/NOPE-404");
  expect(response?.status()).toBe(404);
});

test("health answers with the store and the count", async ({ request }) => {
  const res = await request.get("/api/health");
  const body = await res.json();
  expect(body).toMatchObject({ status: "ok", store: "sqlite", hotels: 301 });
  expect(body.places.total).toBeGreaterThan(140_000);
  expect(body.places.withHotels).toBeGreaterThan(100);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("every page credits the place data's sources in its footer", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer).toContainText("GeoNames (CC BY 4.0)");
  await expect(footer.getByRole("link", { name: "GeoNames" })).toHaveAttribute("href", "https://www.geonames.org/");
  await expect(footer.getByRole("link", { name: "OurAirports" })).toHaveAttribute(
    "href",
    "https://ourairports.com/data/",
  );
});

test("pages and the API are compressed as the browser asks (br)", async ({ request }) => {
  const res = await request.get("/", { headers: { "accept-encoding": "br" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(await res.text()).toContain("properties published");
});
