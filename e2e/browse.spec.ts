import path from "node:path";
import Database from "better-sqlite3";
import { E2E_OPS_TOKEN } from "./seed";
import { expect, test } from "./fixtures/test";
import { BRANDS, PORT, site, watchConsole } from "./fixtures/site";

test("a host no brand owns gets a plain 404 page, never a brand's site", async ({ page }) => {
  const errors = watchConsole(page, { allow404: true });
  for (const url of [`http://127.0.0.1:${PORT}/`, `http://unknown.localhost:${PORT}/search?placeId=abc`]) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
    const text = await page.locator("body").innerText();
    expect(text).not.toContain(BRANDS.aurora.name);
    expect(text).not.toContain(BRANDS.sakura.name);
  }
  // One brand's host cannot reach into another brand's pages.
  const cross = await page.goto(site("aurora", "/sakura"));
  expect(cross?.status()).toBe(404);
  await expect(page.locator("header")).toContainText(BRANDS.aurora.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect(errors).toEqual([]);
});

test("health tells anyone it is ready, and operators the store, the catalog and the places", async ({ request }) => {
  const anyone = await request.get("/api/health");
  expect(anyone.status()).toBe(200);
  expect(await anyone.json()).toEqual({ status: "ok" });
  // What the seed stored, read from the e2e store itself (the test needs no other test to have run).
  const store = new Database(path.join(".data", "e2e", "hotels.sqlite"), { readonly: true });
  const hotels = (store.prepare("select count(*) as n from hotels where removed_at is null").get() as { n: number }).n;
  const lastRun = store.prepare("select id, status from sync_runs order by id desc limit 1").get();
  store.close();
  expect(hotels).toBeGreaterThan(100);
  // A brand page builds the catalog if nothing has yet; the figures are cached a few seconds.
  await request.get("/search?q=Paris", { headers: { host: `${BRANDS.aurora.host}:${PORT}` } });
  await expect(async () => {
    const res = await request.get("/api/health", { headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` } });
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", store: "sqlite", hotels, lastRun, catalog: { hotels } });
  }).toPass({ timeout: 15_000 });
  const body = await (
    await request.get("/api/health", { headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` } })
  ).json();
  expect(body.places.total).toBeGreaterThan(140_000);
  expect(body.places.withHotels).toBeGreaterThan(100);
});

test("every page credits the place data's sources in its footer", async ({ page }) => {
  for (const url of [site("aurora"), site("sakura", "/search?q=Paris"), `http://127.0.0.1:${PORT}/ops`]) {
    await page.goto(url);
    const footer = page.locator("footer");
    await expect(footer).toContainText("GeoNames (CC BY 4.0)");
    await expect(footer.getByRole("link", { name: "GeoNames" })).toHaveAttribute("href", "https://www.geonames.org/");
    await expect(footer.getByRole("link", { name: "OurAirports" })).toHaveAttribute(
      "href",
      "https://ourairports.com/data/",
    );
  }
});

test("pages are compressed as the browser asks (br)", async ({ request }) => {
  const res = await request.get("/", { headers: { host: `${BRANDS.aurora.host}:${PORT}`, "accept-encoding": "br" } });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(await res.text()).toContain(BRANDS.aurora.name);
});

test("the brand sites' API answers bad requests with a JSON error naming the field", async ({ request }) => {
  const unknownHost = await request.get("/api/suggest?q=par");
  expect(unknownHost.status()).toBe(404);
  expect(await unknownHost.json()).toEqual({
    error: { code: "UNKNOWN_HOST", field: "Host", message: "No site answers on this host" },
  });
  const host = `${BRANDS.aurora.host}:${PORT}`;
  const noHotel = await request.get("/api/hotels/NOPE-404/nearby", { headers: { host } });
  expect(noHotel.status()).toBe(404);
  expect((await noHotel.json()).error).toMatchObject({ code: "HOTEL_NOT_FOUND", field: "id" });
  const empty = await request.get(`/api/suggest?q=${"%20".repeat(5)}`, { headers: { host } });
  expect(await empty.json()).toEqual({ places: [], hotels: [] });
  const huge = await request.get(`/api/suggest?q=${"a".repeat(5000)}`, { headers: { host } });
  expect(huge.status()).toBe(200);
  const login = await request.post("/ops/login", { form: { token: "x".repeat(5000) }, maxRedirects: 0 });
  expect(login.status()).toBe(303);
  expect(login.headers()["location"]).toBe("/ops?error=1");
  expect(login.headers()["set-cookie"]).toBeUndefined();
});
