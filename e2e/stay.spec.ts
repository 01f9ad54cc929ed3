import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { BRANDS, parisId, PORT, onTestPort, screenshotPath, site, watchConsole } from "./fixtures/site";

/** An ISO date n days from today (UTC): far enough from "today" that no time zone makes it past. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** What a visitor types into Chromium's en-US date field: month, day, year. */
const typed = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

const CHECK_IN = inDays(40);
const CHECK_OUT = inDays(43);

const searchForm = (page: Page) => page.getByRole("search").filter({ has: page.getByLabel("Check-in") });
const roomsButton = (scope: Page | Locator) => scope.getByRole("button", { name: /^Rooms and guests/ });

/**
 * Tab until the locator has the focus (Chromium's date field keeps it for one more Tab after its year, as a visitor
 * finds), failing if it takes more than a few presses.
 */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

/** Every link of the page to a results or hotel page carries this stay. */
async function expectLinksCarry(page: Page, selector: string, stay: Record<string, string>) {
  const hrefs = await page.locator(selector).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const q = new URL(href).searchParams;
    for (const [k, v] of Object.entries(stay)) expect(q.get(k), `${k} in ${href}`).toBe(v);
  }
}

test("by keyboard alone: dates, two rooms with a child, and the stay reaches results, links and the hotel page", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto(site("aurora"));
  await page.getByRole("combobox", { name: "Destination or hotel" }).focus();
  await page.keyboard.type("Paris");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Check-in")).toBeFocused();
  await page.keyboard.type(typed(CHECK_IN));
  await tabTo(page, page.getByLabel("Check-out"));
  await page.keyboard.type(typed(CHECK_OUT));
  const toggle = roomsButton(page);
  await tabTo(page, toggle);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toContainText("1 room · 2 adults");

  // Open: focus moves to the first room's adults.
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("group", { name: "Rooms and guests" });
  const room1 = panel.getByRole("group", { name: "Room 1" });
  await expect(room1.getByLabel("Adults")).toBeFocused();
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await expect(room1.getByLabel("Children")).toBeFocused();
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await expect(room1.getByLabel("Age of child 1")).toBeFocused();
  await page.keyboard.type("7");
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Add a room" })).toBeFocused();
  await page.keyboard.press("Enter");
  const room2 = panel.getByRole("group", { name: "Room 2" });
  await expect(room2.getByLabel("Adults")).toBeFocused();
  await expect(room2.getByLabel("Adults")).toHaveValue("2");
  await page.screenshot({ path: screenshotPath("stay-picker-open.png") });
  // Escape closes and gives the focus back to the button, which now says the choice.
  await page.keyboard.press("Escape");
  await expect(toggle).toBeFocused();
  await expect(panel).toBeHidden();
  await expect(toggle).toContainText("2 rooms · 3 adults · 1 child");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
  await page.keyboard.press("Enter");

  // The results page: the URL, the box showing the same stay, and every link built from it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in Paris");
  const url = new URL(page.url());
  expect(url.searchParams.get("rooms")).toBe("1-7,2");
  expect(url.searchParams.get("checkIn")).toBe(CHECK_IN);
  expect(url.searchParams.get("checkOut")).toBe(CHECK_OUT);
  const stay = { rooms: "1-7,2", checkIn: CHECK_IN, checkOut: CHECK_OUT };
  const box = searchForm(page);
  await expect(box.getByLabel("Check-in")).toHaveValue(CHECK_IN);
  await expect(box.getByLabel("Check-out")).toHaveValue(CHECK_OUT);
  await expect(roomsButton(box)).toContainText("2 rooms · 3 adults · 1 child");
  await expect(box.getByRole("combobox")).toHaveValue("Paris");
  await expectLinksCarry(page, ".hotel-card a", stay);
  // Another destination from the results page's box keeps the stay; a country has more than one page.
  await box.getByRole("combobox").fill("France");
  await box.getByRole("combobox").press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in France");
  await expectLinksCarry(page, ".hotel-card a", stay);
  await expectLinksCarry(page, ".pager a", stay);
  const filters = page.locator("form.filters");
  for (const [k, v] of Object.entries(stay)) await expect(filters.locator(`input[name=${k}]`)).toHaveValue(v);
  // The filters form keeps the stay too.
  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  for (const [k, v] of Object.entries(stay)) expect(new URL(page.url()).searchParams.get(k)).toBe(v);

  // The hotel page: its stay form and its nearby-places links.
  await page.locator(".hotel-card h2 a").first().click();
  await expect(page).toHaveURL(/\/hotels\//);
  for (const [k, v] of Object.entries(stay)) expect(new URL(page.url()).searchParams.get(k)).toBe(v);
  const yourStay = page.getByRole("region", { name: "Your stay" });
  await expect(yourStay.getByLabel("Check-in")).toHaveValue(CHECK_IN);
  await expect(yourStay.getByLabel("Check-out")).toHaveValue(CHECK_OUT);
  await expect(roomsButton(yourStay)).toContainText("2 rooms · 3 adults · 1 child");
  await expect(page.getByTestId("nearby-places").locator("li").first()).toBeVisible();
  await expectLinksCarry(page, "[data-testid=nearby-places] a", stay);

  // Changing the stay there stays on the hotel page.
  const hotelPath = new URL(page.url()).pathname;
  await yourStay.getByLabel("Check-out").fill(inDays(45));
  await yourStay.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`checkOut=${inDays(45)}`));
  expect(new URL(page.url()).pathname).toBe(hotelPath);
  expect(errors).toEqual([]);
});

test("a partner's link prefills the stay on the results page, and the home page takes one too", async ({
  page,
  request,
}) => {
  const res = await request.post("/v1/nearby-places", {
    headers: { "X-Partner-Key": BRANDS.sakura.key },
    data: {
      placeName: "Paris",
      hits: 1,
      currency: "EUR",
      language: "en",
      userCountry: "DE",
      userDevice: "desktop",
      rooms: "3-5-12",
      checkIn: CHECK_IN,
      checkOut: CHECK_OUT,
    },
  });
  expect(res.status()).toBe(200);
  const [place] = (await res.json()).places as { url: string }[];
  await page.goto(onTestPort(place!.url));
  const box = searchForm(page);
  await expect(box.getByLabel("Check-in")).toHaveValue(CHECK_IN);
  await expect(box.getByLabel("Check-out")).toHaveValue(CHECK_OUT);
  await expect(roomsButton(box)).toContainText("1 room · 3 adults · 2 children");
  await roomsButton(box).click();
  await expect(box.getByLabel("Age of child 2")).toHaveValue("12");
  await expectLinksCarry(page, ".hotel-card a", { rooms: "3-5-12", checkIn: CHECK_IN, checkOut: CHECK_OUT });
  // Not the partner's tracking parameters: a visitor moving around the site is no new arrival.
  await expect(page.locator(".hotel-card a[href*='source=']")).toHaveCount(0);

  await page.goto(site("aurora", `/?rooms=1&checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}`));
  await expect(page.getByLabel("Check-in")).toHaveValue(CHECK_IN);
  await expect(roomsButton(page)).toContainText("1 room · 1 adult");
  await expectLinksCarry(page, ".destinations a", { rooms: "1", checkIn: CHECK_IN, checkOut: CHECK_OUT });
});

test("clear messages for check-out before check-in, a past date and a stay too long, from a URL or typed", async ({
  page,
  request,
  browser,
}) => {
  const placeId = await parisId(request);
  const cases = [
    { checkIn: CHECK_IN, checkOut: inDays(39), message: "Check-out must be after check-in.", field: "Check-out" },
    { checkIn: "2020-01-01", checkOut: "2020-01-03", message: "Check-in cannot be in the past.", field: "Check-in" },
    { checkIn: CHECK_IN, checkOut: inDays(40 + 31), message: "A stay can be at most 30 nights.", field: "Check-out" },
  ];
  for (const c of cases) {
    for (const path of [`/search?placeId=${placeId}`, "/hotels/HTL-0000001?x=1"]) {
      const response = await page.goto(site("aurora", `${path}&checkIn=${c.checkIn}&checkOut=${c.checkOut}`));
      expect(response?.status()).toBe(200);
      const problems = page.getByTestId("stay-problems");
      await expect(problems).toHaveText(c.message);
      // The field says it is wrong and points at the message; the dates are shown to be corrected.
      const field = page.getByRole("search").getByLabel(c.field);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveValue(c.field === "Check-in" ? c.checkIn : c.checkOut);
      // The wrong dates are not carried on.
      const links = path.startsWith("/search") ? ".hotel-card a" : "[data-testid=nearby-places] a";
      if (path.startsWith("/hotels"))
        await expect(page.getByTestId("nearby-places").locator("li").first()).toBeVisible();
      expect(await page.locator(`${links}[href*='checkIn=']`).count()).toBe(0);
    }
  }
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: screenshotPath("stay-message-hotel-mobile.png") });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Typed: the box says it before the form leaves, and moves the focus to the field.
  await page.goto(site("aurora"));
  await page.getByLabel("Check-in").fill(CHECK_IN);
  await page.getByLabel("Check-out").fill(inDays(38));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("stay-problems")).toHaveText("Check-out must be after check-in.");
  await expect(page.getByLabel("Check-out")).toBeFocused();
  expect(new URL(page.url()).pathname).toBe("/");

  // Invalid values in the URL: a message, never an error page; in the visitor's language.
  const german = await browser.newContext({ locale: "de-DE" });
  const de = await german.newPage();
  for (const [query, message] of [
    ["checkIn=2026-02-30&checkOut=2026-03-02", "Bitte geben Sie gültige Daten ein"],
    ["checkIn=2020-01-01&checkOut=2020-01-02", "Die Anreise darf nicht in der Vergangenheit liegen."],
    ["rooms=2-99", "Zimmer und Gäste waren nicht lesbar"],
    [`checkIn=${CHECK_IN}`, "Bitte wählen Sie ein An- und ein Abreisedatum."],
  ]) {
    const response = await de.goto(site("aurora", `/search?q=Paris&${query}`));
    expect(response?.status()).toBe(200);
    await expect(de.getByTestId("stay-problems")).toContainText(message!);
  }
  await german.close();
});

test("without JavaScript: a plain form GET carries the dates and the server says what is wrong", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(site("aurora", "/?rooms=2-4"));
  await page.getByRole("combobox", { name: "Destination or hotel" }).fill("Paris");
  await page.getByLabel("Check-in").fill(CHECK_IN);
  await page.getByLabel("Check-out").fill(CHECK_OUT);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in Paris");
  await expectLinksCarry(page, ".hotel-card a", { rooms: "2-4", checkIn: CHECK_IN, checkOut: CHECK_OUT });
  const box = searchForm(page);
  await box.getByLabel("Check-out").fill(inDays(20));
  await box.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("stay-problems")).toHaveText("Check-out must be after check-in.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hotels in Paris");
  await context.close();
});

/** A small seeded generator: the same strange queries every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

test("nothing in the query string of /search or a hotel page gives an error page (fuzzed)", async ({
  request,
  page,
}) => {
  const rnd = random(15);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const keys = ["checkIn", "checkOut", "rooms", "placeId", "q", "page", "sort", "type", "pets", "vr", "lang", "curr"];
  const values = [
    "",
    "%",
    "%00",
    "%ff%fe",
    "2026-02-29",
    "2024-02-29",
    "9999-12-31",
    "0000-00-00",
    "-1",
    "1e309",
    "NaN",
    "2,2,2,2,2,2,2,2,2",
    "8-17-17-17-17-17-17",
    "2-",
    ",",
    "<script>alert(1)</script>",
    "'\"><img src=x onerror=alert(1)>",
    "ünïcödé😀",
    "x".repeat(5000),
    "..%2f..%2fetc%2fpasswd",
    "[object Object]",
    "constructor",
    "__proto__",
  ];
  const paths = ["/search", "/hotels/HTL-0000001", "/"];
  const seen = new Set<number>();
  for (let i = 0; i < 150; i++) {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => {
      const value = rnd() < 0.3 ? inDays(Math.floor(rnd() * 80) - 20) : pick(values);
      return `${pick(keys)}${rnd() < 0.05 ? "[]" : ""}=${/%/.test(value) ? value : encodeURIComponent(value)}`;
    });
    const url = `${pick(paths)}?${parts.join("&")}`;
    const res = await request.get(`http://127.0.0.1:${PORT}${url}`, { headers: { host: BRANDS.aurora.host } });
    seen.add(res.status());
    expect(res.status(), url).toBeLessThan(500);
  }
  expect([...seen]).toEqual([200]);
  // And in the browser, a stay the box cannot show still renders the page with its message.
  const errors = watchConsole(page);
  await page.goto(site("aurora", "/search?q=Paris&checkIn=%ff&checkOut=2026-13-01&rooms=__proto__"));
  await expect(page.getByTestId("stay-problems")).toContainText("Please enter real dates");
  await expect(page.getByTestId("stay-problems")).toContainText("rooms and guests could not be read");
  expect(errors).toEqual([]);
});
