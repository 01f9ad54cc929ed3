import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { BRANDS, parisId, screenshotPath, site, watchConsole, type BrandName } from "./fixtures/site";

/**
 * Phone first, a search box that helps, results a traveller can use: the brand pages at 390 × 844 (an iPhone 12–15),
 * the destination box and its range calendar by keyboard, and the results' filters, counts and pages.
 */

const PHONE = { width: 390, height: 844 };

/** The seed's France (the country), as the destination box suggests it: more hotels than one page holds. */
async function franceId(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/suggest?q=France", { headers: { host: BRANDS.aurora.host } });
  const { places } = await res.json();
  const france = places.find((p: { placeCategory: string }) => p.placeCategory === "country");
  expect(france).toBeDefined();
  return france.placeId;
}

const destinationBox = (page: Page) => page.getByRole("combobox", { name: "Destination or hotel" });
const suggestions = (page: Page) => page.getByRole("listbox").getByRole("option");
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

for (const brand of ["aurora", "sakura"] as BrandName[]) {
  test(`${brand} at 390 × 844: the first result shows without scrolling; menu, search, map open on demand`, async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(PHONE);
    await page.goto(site(brand, `/search?placeId=${await parisId(request)}`));
    const first = page.locator(".hotel-card").first();
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const card = (await first.boundingBox())!;
    const name = (await first.getByRole("heading").boundingBox())!;
    // The first hotel's card starts, and its name is read, on the first screen.
    expect(card.y).toBeGreaterThan(0);
    expect(name.y + name.height).toBeLessThanOrEqual(PHONE.height);
    await page.screenshot({ path: screenshotPath(`mobile-${brand}-results-first-screen.png`) });

    // The header is one row; language and currency wait in its menu.
    expect((await page.locator(".brand-header").boundingBox())!.height).toBeLessThanOrEqual(64);
    const language = page.getByRole("combobox", { name: "Language" });
    await expect(language).toBeHidden();
    await page.locator(".header-menu > summary").click();
    await expect(language).toBeVisible();
    await page.locator(".header-menu > summary").click();

    // The search is one line; "Edit" opens the form.
    await expect(destinationBox(page)).toBeHidden();
    await page.getByText("Edit", { exact: true }).click();
    await expect(destinationBox(page)).toBeVisible();
    await expect(destinationBox(page)).toHaveValue("Paris");

    // The map is behind a toggle.
    const map = page.getByTestId("results-map");
    await expect(map).toBeHidden();
    await page.getByText("Show map", { exact: true }).click();
    await expect(map).toBeVisible();

    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    expect(errors).toEqual([]);
  });
}

test("Escape closes the suggestions and keeps the text", async ({ page }) => {
  await page.goto(site("aurora"));
  const box = destinationBox(page);
  await box.pressSequentially("Par");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("Par");
  await expect(box).toBeFocused();
});

test("suggestions say each place's kind and where it lies; a typo and an airport code still find it", async ({
  page,
}) => {
  await page.goto(site("aurora"));
  const box = destinationBox(page);
  await box.pressSequentially("Paris");
  await expect(
    suggestions(page)
      .filter({ hasText: /^Paris/ })
      .first(),
  ).toContainText(/City · Île-de-France, France · \d+ hotels/);
  await box.fill("");
  await box.pressSequentially("Pariss");
  await expect(suggestions(page).first()).toContainText(/^Paris.*City/);
  await box.fill("");
  await box.pressSequentially("CDG");
  await expect(suggestions(page).first()).toContainText("(CDG)");
  await expect(suggestions(page).first()).toContainText(/Hotels in \S+|Airport/);
});

test("choosing a destination moves on to the dates: the range calendar picks both by keyboard and counts the nights", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await page.goto(site("aurora"));
  const box = destinationBox(page);
  // The list for the whole word (answers for "Pa", "Par", … come first and are replaced).
  const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "Paris");
  await box.pressSequentially("Paris");
  await answered;
  const active = suggestions(page).and(page.locator('[aria-selected="true"]'));
  for (let i = 0; i < 8; i++) {
    await box.press("ArrowDown");
    if (/^Paris.*City/.test((await active.textContent()) ?? "")) break;
  }
  await expect(active).toContainText(/^Paris.*City/);
  await box.press("Enter");

  // Still on the home page, the text is the place, and the focus is on a day of the calendar.
  await expect(page).toHaveURL(site("aurora"));
  await expect(box).toHaveValue("Paris");
  const calendar = page.getByRole("dialog", { name: "Choose dates on a calendar" });
  await expect(calendar).toBeVisible();
  const focused = calendar.locator("td:focus");
  await expect(focused).toHaveCount(1);
  await expect(calendar.getByTestId("calendar-status")).toHaveText("Choose your check-in date.");

  // Next month, that day: the check-in; three days on: the check-out.
  await page.keyboard.press("PageDown");
  await page.keyboard.press("Enter");
  await expect(calendar.getByTestId("calendar-status")).toHaveText("Now choose your check-out date.");
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(calendar.getByTestId("calendar-status")).toHaveText("3 nights");
  await expect(calendar.locator("td[aria-selected=true]")).toHaveCount(4);
  await expect(focused).toHaveAttribute("aria-label", /, Check-out$/);
  await page.screenshot({ path: screenshotPath("mobile-calendar.png") });

  const checkIn = await page.getByLabel("Check-in", { exact: true }).inputValue();
  const checkOut = await page.getByLabel("Check-out", { exact: true }).inputValue();
  expect(dayOf(checkOut) - dayOf(checkIn)).toBe(3);

  // Escape closes it, the focus returns to its button, the nights stay in view.
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(page.getByRole("button", { name: "Choose dates on a calendar" })).toBeFocused();
  await expect(page.getByTestId("stay-nights")).toHaveText("3 nights");

  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("placeId")).toMatch(/^[a-z0-9]+$/);
  expect([url.searchParams.get("checkIn"), url.searchParams.get("checkOut")]).toEqual([checkIn, checkOut]);
  await expect(page.locator(".search-summary > summary")).toContainText("3 nights");
  expect(errors).toEqual([]);
});

test("a country's results: popular first, filters apply at once with counts that follow the others, numbered pages", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await page.goto(site("aurora", `/search?placeId=${await franceId(request)}`));
  const sort = page.getByRole("combobox", { name: "Sort by" });
  await expect(sort).toHaveValue("popular");
  // Distance from a country's centre is not offered.
  await expect(sort.locator("option")).toHaveText(["Popularity", "Name"]);

  const count = page.getByTestId("result-count");
  const total = Number((await count.textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(20);

  // Pages are numbered; the current one is marked.
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveURL(/page=2/);

  // A filter applies as soon as it is ticked (no Apply button), back to page 1.
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  const pets = page.getByRole("checkbox", { name: /Pet-friendly/ });
  const petsCount = Number((await page.locator("label", { has: pets }).textContent())!.match(/\((\d+)\)/)![1]);
  await pets.check();
  await expect(page).toHaveURL(/pets=1/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(count).toHaveText(new RegExp(`^${petsCount} of ${total}`));

  // The property types now count pet-friendly hotels only: choosing one gives exactly its count.
  const type = page.getByRole("combobox", { name: "Property type" });
  const options = await type
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })));
  const withHotels = options.find((o) => o.value && !/\(0\)$/.test(o.text))!;
  const typeCount = Number(withHotels.text.match(/\((\d+)\)$/)![1]);
  expect(typeCount).toBeLessThanOrEqual(petsCount);
  await type.selectOption(withHotels.value);
  await expect(page).toHaveURL(/type=/);
  await expect(count).toHaveText(new RegExp(`^${typeCount} of ${total}`));
  // And pets now counts that type only.
  await expect(page.locator("label", { has: pets })).toContainText(`(${typeCount})`);
  expect(errors).toEqual([]);
});

test("without JavaScript: the filters submit with their button, the dates are typed, no calendar button", async ({
  browser,
  request,
}) => {
  const france = await franceId(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.goto(site("aurora", `/search?placeId=${france}`));
    await page.getByText("Filters", { exact: true }).click();
    await page.getByRole("checkbox", { name: /Pet-friendly/ }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/pets=1/);
    await page.getByText("Edit", { exact: true }).click();
    await expect(page.getByLabel("Check-in", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Choose dates on a calendar" })).toBeHidden();
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px nothing moves while results and hotel pages load (images, map, account)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: string[] };
      w.shifted = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; sources?: { node?: Node }[] }[]) {
          const nodes = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.className : s.node?.nodeName));
          w.shifted.push(`${e.value.toFixed(4)} ${nodes.join(", ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const path of [`/search?placeId=${await parisId(request)}`, "/hotels/HTL-0000001"]) {
      await page.goto(site("aurora", path));
      await expect(page.locator(".account")).toBeVisible();
      // Every image on the first screen has arrived (lazy ones included), and what is done is done.
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images]
              .filter((i) => i.getBoundingClientRect().top < innerHeight)
              .every((i) => i.complete && i.naturalWidth > 0),
          ),
        )
        .toBe(true);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted), path).toEqual([]);
    }
  });
}
