import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { BRANDS, parisId, onTestPort, site, watchConsole, type BrandName } from "./fixtures/site";

interface NearbyPlace {
  placeName: string;
  placeId: string;
  placeCategory: string;
  hotelsCnt: number;
  url: string;
}

/** POST /v1/nearby-places as a partner does. */
async function nearby(
  request: APIRequestContext,
  brand: BrandName,
  body: Record<string, unknown>,
): Promise<NearbyPlace[]> {
  const res = await request.post("/v1/nearby-places", {
    headers: { "X-Partner-Key": BRANDS[brand].key },
    data: { currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop", ...body },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).places;
}

const resultCount = (page: Page) => page.getByTestId("result-count");

for (const brand of ["aurora", "sakura"] as const) {
  test(`${brand}: home in the brand's look, suggestions as the visitor types, popular destinations`, async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto(site(brand));
    await expect(page).toHaveTitle(BRANDS[brand].name);
    await expect(page.locator("header")).toContainText(BRANDS[brand].name);
    const popular = page.getByRole("region", { name: "Popular destinations" }).getByRole("link");
    expect(await popular.count()).toBeGreaterThan(3);

    const box = page.getByRole("combobox", { name: "Destination or hotel" });
    await box.fill("Par");
    const options = page.getByRole("listbox").getByRole("option");
    const option = options.filter({ hasText: /^Paris/ }).first();
    await expect(option).toBeVisible();
    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    // Choosing a place moves on to the dates; the search goes to its results.
    await option.click();
    await expect(page.getByRole("dialog", { name: "Choose dates on a calendar" })).toBeVisible();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?.*placeId=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in Paris");
    expect(errors).toEqual([]);
  });
}

test("the two brands look different: their theme colours and fonts", async ({ page }) => {
  const look = async (brand: BrandName) => {
    await page.goto(site(brand));
    return page.locator("header.brand-header").evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, font: getComputedStyle(document.querySelector("h1")!).fontFamily };
    });
  };
  const [a, b] = [await look("aurora"), await look("sakura")];
  expect(a.background).toBe("rgb(11, 79, 108)");
  expect(b.background).toBe("rgb(176, 48, 92)");
  expect(a.font).not.toBe(b.font);
});

test("a partner's nearby-places link lands on the brand's results: as many hotels as hotelsCnt said", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const places = await nearby(request, "sakura", { placeName: "Paris", hits: 5, label: "e2e-link" });
  expect(places.length).toBeGreaterThan(0);
  for (const place of places.slice(0, 3)) {
    expect(place.url.startsWith(site("sakura", "/search?"))).toBe(true);
    await page.goto(onTestPort(place.url));
    await expect(page.locator("header")).toContainText(BRANDS.sakura.name);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(place.placeName);
    const properties = place.hotelsCnt === 1 ? "property" : "properties";
    await expect(resultCount(page)).toHaveText(`${place.hotelsCnt} of ${place.hotelsCnt} ${properties}`);
  }
  expect(errors).toEqual([]);
});

test("search results sort, filter and page, with a clear empty state", async ({ page, request }) => {
  const errors = watchConsole(page);
  // A country with more than one page of hotels.
  const countries = await nearby(request, "aurora", {
    placeName: "Paris",
    radius: 1000,
    hits: 50,
    placeCategories: ["country"],
  });
  const big =
    countries.find((c) => c.hotelsCnt > 20) ??
    (await (async () => {
      throw new Error(`no country with more than 20 hotels: ${JSON.stringify(countries)}`);
    })());
  await page.goto(site("aurora", `/search?placeId=${big.placeId}`));
  await expect(resultCount(page)).toHaveText(`${big.hotelsCnt} of ${big.hotelsCnt} properties`);
  const cards = page.locator(".hotel-card");
  await expect(cards).toHaveCount(20);
  const pages = Math.ceil(big.hotelsCnt / 20);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: `Page ${pages}` })).toBeVisible();
  const firstPage = await cards.locator("h2").allTextContents();
  await page.getByRole("link", { name: /Next/ }).click();
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  const secondPage = await cards.locator("h2").allTextContents();
  expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);

  // A country: popularity by default (its busiest town's hotels first); by name as soon as it is chosen.
  await expect(page.getByLabel("Sort by")).toHaveValue("popular");
  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  const names = await cards.locator("h2").allTextContents();
  expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en", { sensitivity: "base", numeric: true })));

  // Pet-friendly only: every card says so, the count drops.
  await page.getByLabel(/Pet-friendly/).check();
  await expect(page).toHaveURL(/pets=1/);
  const filtered = Number(/^(\d+) of/.exec((await resultCount(page).textContent())!)![1]);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(big.hotelsCnt);
  for (const card of (await cards.all()).slice(0, 5)) await expect(card.locator(".tags")).toContainText("Pet-friendly");

  // Property type choices come from the place's hotels; a filter nothing matches gets the empty state.
  await page.goto(site("aurora", `/search?placeId=${big.placeId}&type=Castle`));
  await expect(page.getByText("No properties match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(resultCount(page)).toHaveText(`${big.hotelsCnt} of ${big.hotelsCnt} properties`);
  expect(errors).toEqual([]);
});

test("typed text without a choice finds the best place; nothing found is said plainly", async ({ page }) => {
  await page.goto(site("aurora", "/search?q=paris"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in Paris");
  await page.goto(site("aurora", "/search?q=Qwxzyv"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No destination matches “Qwxzyv”.");
});

test("link preferences: a forced value replaces the saved one, an unforced one applies only when none is saved", async ({
  page,
  request,
  context,
}) => {
  const errors = watchConsole(page);
  const paris = await parisId(request);
  const visit = async (query: string) => page.goto(site("aurora", `/search?placeId=${paris}&${query}`));
  const sortLabel = page.locator(".filters label").first().locator("span");

  await visit("lang=de&forceLanguageChange=false"); // nothing saved: the link's language applies and is saved
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(sortLabel).toHaveText("Sortieren nach");
  await visit("lang=fr&forceLanguageChange=false"); // saved German wins over an unforced French
  await expect(sortLabel).toHaveText("Sortieren nach");
  await visit("lang=fr&forceLanguageChange=true"); // forced: French, and it replaces the saved German
  await expect(sortLabel).toHaveText("Trier par");
  await page.goto(site("aurora"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await visit("lang=ja&forceLanguageChange=true"); // a language the brand does not offer is ignored
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  const currency = page.locator("footer span").first();
  await visit("curr=USD&forceCurrencyChange=false");
  await expect(currency).toContainText("USD");
  await visit("curr=GBP&forceCurrencyChange=false");
  await expect(currency).toContainText("USD");
  await visit("curr=CHF&forceCurrencyChange=true");
  await expect(currency).toContainText("CHF");

  const cookies = await context.cookies(site("aurora"));
  const lang = cookies.find((c) => c.name === "lang")!;
  expect(lang).toMatchObject({ value: "fr", httpOnly: true, sameSite: "Lax", path: "/" });
  expect(cookies.find((c) => c.name === "curr")?.value).toBe("CHF");

  // The switchers save an explicit choice and come back to the same page.
  // They wait in the header's menu.
  await page.goto(site("aurora", `/search?placeId=${paris}&sort=name`));
  await page.locator(".header-menu > summary").click();
  await page.getByLabel("Langue").selectOption("es");
  await expect(page).toHaveURL(new RegExp(`/search\\?placeId=${paris}&sort=name$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.locator(".header-menu > summary").click();
  await page.getByLabel("Moneda").selectOption("GBP");
  await expect(currency).toContainText("GBP");

  // Brands never share preferences: the other brand still shows its defaults.
  await page.goto(site("sakura"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(currency).toContainText("USD");
  expect(errors).toEqual([]);
});

test("the switchers only return to pages of the same site", async ({ page }) => {
  for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
    await page.goto(site("aurora", `/preferences?lang=de&return=${encodeURIComponent(target)}`));
    expect(new URL(page.url()).host).toBe(`${BRANDS.aurora.host}:${new URL(site("aurora")).port}`);
    expect(new URL(page.url()).pathname).toBe("/");
  }
});

for (const brand of ["aurora", "sakura"] as const) {
  test(`${brand}: a hotel page shows the record and loads its nearby places`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(site(brand, "/search?q=Paris"));
    const first = page.locator(".hotel-card h2 a").filter({ hasNotText: "Hostile" }).first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} · ${BRANDS[brand].name}`);
    for (const section of ["About the property", "Check-in / Check-out", "Policies", "Payment", "At a glance"]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    // Gallery: the hero image first, every image loaded (served by the app: no internet), captions shown.
    const images = page.locator(".gallery img");
    expect(await images.count()).toBeGreaterThanOrEqual(3);
    await expect(page.locator(".gallery figure").first()).toHaveClass(/hero/);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(page.locator(".gallery figcaption").first()).toContainText(name);
    // Supplier HTML keeps its allow-listed structure.
    expect(await page.locator(".panel .rich li").count()).toBeGreaterThan(0);

    const nearbyList = page.getByTestId("nearby-places").locator("li");
    await expect(nearbyList.first()).toBeVisible();
    expect(await nearbyList.count()).toBeGreaterThan(2);
    const placeLink = nearbyList.first().getByRole("link");
    const placeName = (await placeLink.textContent())!;
    await placeLink.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(placeName);
    expect(errors).toEqual([]);
  });
}

test("hostile content renders inert: no script, handler or javascript: URL runs", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(site("aurora", "/hotels/XSS-1"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hostile Inn");
  // Only the http(s) image is shown; the javascript: one is dropped.
  await expect(page.locator(".gallery img")).toHaveCount(1);
  await page.getByText("Nice").click();
  await page.locator(".gallery figcaption").hover();
  // Nothing of the record's text became markup: the page's own JSON-LD data block and map are the only script and svg.
  await expect(
    page.locator(
      'article script:not([type="application/ld+json"]), article iframe, article svg:not(figure.map > svg), article [onclick], article [onerror]',
    ),
  ).toHaveCount(0);
  await expect(page.locator('article script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page.locator("article figure.map > svg")).toHaveCount(1);
  await expect(page.locator('article a[href^="javascript"]')).toHaveCount(0);
  await expect(page.getByText("Shady Manager")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});

test("an unknown hotel is the brand's 404 page", async ({ page }) => {
  const errors = watchConsole(page, { allow404: true });
  const response = await page.goto(site("sakura", "/hotels/NOPE-404"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.locator("header")).toContainText(BRANDS.sakura.name);
  expect(errors).toEqual([]);
});

test("a vacation rental's page shows its rooms, beds, house rules, occupancy, size and manager", async ({ page }) => {
  const errors = watchConsole(page);
  // The first of a few big cities that has rentals in the seed (which one depends on the generator's draws).
  const rentals = page.locator(".hotel-card h2 a");
  for (const city of ["Paris", "London", "Rome", "Barcelona", "Berlin", "Tokyo", "New York"]) {
    await page.goto(site("aurora", `/search?q=${encodeURIComponent(city)}&vr=1`));
    if ((await rentals.count()) > 0) break;
  }
  expect(await rentals.count()).toBeGreaterThan(0);
  await rentals.first().click();
  const details = page.getByRole("region", { name: "Vacation rental details" });
  await expect(details).toBeVisible();
  for (const term of ["Bedrooms", "Beds", "Bathrooms", "Maximum occupancy", "Size", "Managed by"]) {
    await expect(details.locator("dt", { hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  await expect(details.locator("dt", { hasText: /^House rules: / }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "At a glance" }).locator("dd").nth(2)).toHaveText("Yes");
  expect(errors).toEqual([]);
});
