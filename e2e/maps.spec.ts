import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { startAppServer, type AppServer } from "@/lib/testing";
import { BRANDS, screenshotPath, site, watchConsole } from "./fixtures/site";

/**
 * Maps: the search results and the hotel page draw a map on the server (Natural Earth base map, lib/maps)
 * that needs no network; markers are links in sync with the list. Every test closes the network: any request that
 * is not to this machine is refused and recorded, and none may have been attempted.
 */
const LOOPBACK = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

async function closeNetwork(context: BrowserContext): Promise<string[]> {
  const attempted: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "data:" || LOOPBACK.test(url.hostname)) return route.continue();
    attempted.push(url.href);
    return route.abort("internetdisconnected");
  });
  return attempted;
}

/** The centre of an element on the page (pixels). */
async function centre(el: Locator): Promise<{ x: number; y: number }> {
  const box = (await el.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Each marker's coordinates (what the page says it shows) and where it is drawn. */
async function markerPositions(markers: Locator) {
  const out: { key: string; lat: number; lon: number; x: number; y: number }[] = [];
  for (const m of await markers.all()) {
    out.push({
      key: (await m.getAttribute("data-map-key"))!,
      lat: Number(await m.getAttribute("data-lat")),
      lon: Number(await m.getAttribute("data-lon")),
      ...(await centre(m.locator(".pin"))),
    });
  }
  return out;
}

/** East is right and north is up: for every pair of markers, the order of x follows longitude, of y latitude. */
function expectOrderedLikeCoordinates(points: Awaited<ReturnType<typeof markerPositions>>) {
  let pairs = 0;
  for (const a of points)
    for (const b of points) {
      // Points a few metres apart can share a pixel; pairs clearly apart must be in order.
      if (a.lon - b.lon > 1e-3) {
        expect(a.x, `${a.key} is east of ${b.key}`).toBeGreaterThan(b.x);
        pairs++;
      }
      if (a.lat - b.lat > 1e-3) {
        expect(a.y, `${a.key} is north of ${b.key}`).toBeLessThan(b.y);
        pairs++;
      }
    }
  expect(pairs).toBeGreaterThan(0);
}

async function expectInside(inner: Locator, outer: Locator) {
  const o = (await outer.boundingBox())!;
  for (const el of await inner.all()) {
    const b = (await el.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(o.x);
    expect(b.y).toBeGreaterThanOrEqual(o.y);
    expect(b.x + b.width).toBeLessThanOrEqual(o.x + o.width + 0.5);
    expect(b.y + b.height).toBeLessThanOrEqual(o.y + o.height + 0.5);
  }
}

const isActive = (l: Locator) => l.evaluate((el) => el.hasAttribute("data-active"));

async function activeKeys(page: Page): Promise<string[]> {
  return page.locator("[data-active]").evaluateAll((els) => els.map((e) => e.getAttribute("data-map-key")!));
}

test("search results: one marker per listed hotel, placed by its coordinates, on a base map drawn with the network closed", async ({
  page,
  context,
}) => {
  const attempted = await closeNetwork(context);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site("aurora", "/search?q=Paris"));
  const cards = page.locator(".hotel-card");
  const map = page.getByTestId("results-map");
  const markers = map.locator("a.map-marker");
  await expect(cards.first()).toBeVisible();
  expect(await markers.count()).toBe(await cards.count());
  // The same hotels in the same order, each marker a link to its hotel page named after it.
  const cardKeys = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("data-map-key")));
  expect(await markers.evaluateAll((els) => els.map((e) => e.getAttribute("data-map-key")))).toEqual(cardKeys);
  for (const [i, card] of (await cards.all()).entries()) {
    const link = card.getByRole("heading").getByRole("link");
    const marker = map.getByRole("link", { name: await link.innerText(), exact: true });
    await expect(marker.first()).toHaveAttribute("href", (await link.getAttribute("href"))!);
    await expect(markers.nth(i)).toHaveAttribute("data-map-key", cardKeys[i]!);
  }
  expectOrderedLikeCoordinates(await markerPositions(markers));
  await expectInside(markers.locator(".pin"), map.locator("svg"));
  // The offline base map: its land an SVG image of this server, cached (the page carries no path data); Paris is on
  // land (a filled path covers the map); credited to Natural Earth.
  const landHref = (await map.locator("image.map-land").getAttribute("href"))!;
  expect(landHref).toMatch(/^\/api\/maps\/land\?/);
  const land = await page.evaluate(async (href) => {
    const r = await fetch(href);
    return {
      status: r.status,
      type: r.headers.get("content-type"),
      cache: r.headers.get("cache-control"),
      svg: await r.text(),
    };
  }, landHref);
  expect(land).toMatchObject({ status: 200, type: "image/svg+xml; charset=utf-8" });
  expect(land.cache).toContain("immutable");
  expect(land.svg).toMatch(/<path d="M-?\d+ -?\d+L[^"]{10,}" fill="#f2efe6"/);
  const pathData = land.svg.slice(land.svg.indexOf('d="') + 3).slice(0, 60);
  expect(pathData).toMatch(/^M-?\d+ -?\d+L/);
  expect(await page.content()).not.toContain(pathData);
  await expect(map.getByRole("link", { name: "Natural Earth" })).toBeVisible();
  await expect(map.locator(".map-tiles image")).toHaveCount(0);
  // Beside the list on a desktop.
  const mapBox = (await map.boundingBox())!;
  const listBox = (await page.locator(".hotel-list").boundingBox())!;
  expect(mapBox.x).toBeGreaterThan(listBox.x + listBox.width - 1);
  expect(attempted).toEqual([]);
  expect(errors).toEqual([]);
});

test("search results: hovering or focusing a card highlights its marker, and a marker its card", async ({
  page,
  context,
}) => {
  const attempted = await closeNetwork(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site("sakura", "/search?q=Paris&sort=name"));
  const cards = page.locator(".hotel-card");
  const markers = page.getByTestId("results-map").locator("a.map-marker");
  await expect(markers.first()).toBeVisible();
  const key = async (i: number) => (await cards.nth(i).getAttribute("data-map-key"))!;

  // Pointer on a card: its marker (and only it) lights up; off again when the pointer leaves.
  await cards.nth(2).hover();
  await expect.poll(() => activeKeys(page)).toEqual([await key(2), await key(2)]);
  expect(await isActive(markers.nth(2))).toBe(true);
  await page.mouse.move(2, 2);
  await expect.poll(() => activeKeys(page)).toEqual([]);

  // Pointer on a marker: its card.
  await markers.nth(4).hover();
  await expect.poll(() => isActive(cards.nth(4))).toBe(true);
  expect(await activeKeys(page)).toEqual([await key(4), await key(4)]);
  await page.mouse.move(2, 2);

  // Keyboard: focus on a card's link lights its marker; Tab on from the last card reaches the markers, which light
  // their cards.
  await cards.nth(1).getByRole("heading").getByRole("link").focus();
  await expect.poll(() => isActive(markers.nth(1))).toBe(true);
  await cards.last().getByRole("heading").getByRole("link").focus();
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.classList.contains("map-marker") ?? false);
  }
  expect(reached, "Tab reaches the map's markers").toBe(true);
  const focusedKey = await page.evaluate(() => document.activeElement!.getAttribute("data-map-key"));
  expect(focusedKey).toBe(await key(0));
  await expect.poll(() => isActive(cards.nth(0))).toBe(true);
  await page.keyboard.press("Tab");
  await expect.poll(() => isActive(cards.nth(1))).toBe(true);
  expect(await isActive(cards.nth(0))).toBe(false);
  // Enter on a focused marker opens its hotel.
  const name = await cards.nth(1).getByRole("heading").innerText();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(attempted).toEqual([]);
});

test("search results on a phone: the map behind a floating toggle, over the page when open, nothing scrolls sideways", async ({
  page,
  context,
}) => {
  const attempted = await closeNetwork(context);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site("aurora", "/search?q=Tokyo"));
  const map = page.getByTestId("results-map");
  await expect(map).toBeHidden();
  const toggle = page.getByText("Show map", { exact: true });
  // The toggle floats at the bottom of the first screen.
  const pill = (await toggle.boundingBox())!;
  expect(pill.y + pill.height).toBeLessThanOrEqual(844);
  expect(pill.y).toBeGreaterThan(844 / 2);
  await toggle.click();
  await expect(map.locator("a.map-marker").first()).toBeVisible();
  const mapBox = (await map.boundingBox())!;
  // Open, the map is over the page, on the screen the visitor is looking at.
  expect(mapBox.y).toBeGreaterThanOrEqual(0);
  expect(mapBox.y).toBeLessThan(100);
  expect(mapBox.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath("maps-search-mobile.png"), fullPage: false });
  await page.getByText("Hide map", { exact: true }).click();
  await expect(map).toBeHidden();
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
  expect(attempted).toEqual([]);
});

test("hotel page: the hotel's marker and its nearby places on the map, the same places as the nearby panel", async ({
  page,
  context,
}) => {
  const attempted = await closeNetwork(context);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site("aurora", "/search?q=Paris"));
  await page.locator(".hotel-card h2 a").filter({ hasNotText: "Hostile" }).first().click();
  await page.waitForURL(/\/hotels\//);
  const name = await page.getByRole("heading", { level: 1 }).innerText();
  const map = page.getByTestId("hotel-map");
  const self = map.getByRole("img", { name: `${name} (this property)` });
  await expect(self).toBeVisible();
  const places = map.locator("a.map-marker-place");
  const panel = page.getByTestId("nearby-places").locator("li a");
  await expect(panel.first()).toBeVisible();
  // The panel's places (loaded by the browser) are the map's, in the same order, each a link to its results.
  const panelNames = await panel.allInnerTexts();
  expect(panelNames.length).toBeGreaterThan(0);
  expect(await places.count()).toBe(panelNames.length);
  for (const [i, text] of panelNames.entries()) {
    const label = (await places.nth(i).getAttribute("aria-label"))!;
    expect(label.startsWith(`${text} (`), `${label} is ${text}`).toBe(true);
    expect(await places.nth(i).getAttribute("href")).toBe(await panel.nth(i).getAttribute("href"));
  }
  const all = map.locator(".map-marker");
  expectOrderedLikeCoordinates(await markerPositions(all));
  await expectInside(all.locator(".pin"), map.locator("svg"));
  await page.screenshot({ path: screenshotPath("maps-hotel-desktop.png"), fullPage: true });
  expect(attempted).toEqual([]);
  expect(errors).toEqual([]);
});

/** A 256 × 256 PNG of one colour (what a tile server answers), made here: no file, no network. */
function pngTile(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 256 }, () => [170, 211, 223]).flat())]);
  const raw = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test.describe("with a tile server configured", () => {
  let tiles: http.Server;
  let app: AppServer;
  const requested: string[] = [];
  let tileOrigin = "";

  test.beforeAll(async () => {
    const png = pngTile();
    tiles = http.createServer((req, res) => {
      requested.push(req.url ?? "");
      if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "image/png" }).end(png);
    });
    await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
    tileOrigin = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
    app = await startAppServer(() => ({
      DATABASE_URL: "sqlite://.data/e2e/hotels.sqlite",
      MAP_TILE_URL: `${tileOrigin}/tiles/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: "© Test Tiles <contributors>",
      MAP_TILE_ATTRIBUTION_URL: "https://tiles.example/copyright",
      MAP_TILE_MAX_ZOOM: "12",
    }));
  });
  test.afterAll(async () => {
    await app?.stop();
    await new Promise((r) => tiles?.close(r));
  });

  test("tiles load beneath the base map, the attribution shows, the page's policy allows exactly that origin", async ({
    page,
    context,
  }) => {
    const attempted = await closeNetwork(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(`http://${BRANDS.aurora.host}:${app.port}/search?q=Paris`);
    const imgSrc = /img-src ([^;]*)/.exec(response!.headers()["content-security-policy"] ?? "")?.[1]?.split(" ");
    expect(imgSrc).toContain(tileOrigin);
    const map = page.getByTestId("results-map");
    await expect(map.locator("a.map-marker").first()).toBeVisible();
    const images = map.locator(".map-tiles image");
    expect(await images.count()).toBeGreaterThan(0);
    // Every tile drawn was fetched from the tile server, at most the configured zoom, and they cover the map.
    await expect
      .poll(() => requested.filter((u) => u.startsWith("/tiles/")).length)
      .toBeGreaterThanOrEqual(await images.count());
    for (const href of await images.evaluateAll((els) => els.map((e) => e.getAttribute("href")!))) {
      expect(href.startsWith(`${tileOrigin}/tiles/`)).toBe(true);
      expect(Number(href.split("/")[4])).toBeLessThanOrEqual(12);
    }
    // Beneath: the tiles come before the land outlines and the markers in the drawing order.
    const order = await map
      .locator("svg > *")
      .evaluateAll((els) => els.map((e) => e.getAttribute("class") ?? e.tagName));
    expect(order.indexOf("map-tiles")).toBeLessThan(order.indexOf("map-land"));
    expect(order.indexOf("map-land")).toBeLessThan(order.indexOf("map-markers"));
    // The attribution as text (nothing of it read as markup) and its link.
    await expect(map.locator("figcaption")).toContainText("Map tiles: © Test Tiles <contributors>");
    await expect(map.getByRole("link", { name: "© Test Tiles <contributors>" })).toHaveAttribute(
      "href",
      "https://tiles.example/copyright",
    );
    await page.screenshot({ path: screenshotPath("maps-search-tiles.png"), fullPage: false });
    // The hotel page too.
    await page.locator(".hotel-card h2 a").filter({ hasNotText: "Hostile" }).first().click();
    await expect(page.getByTestId("hotel-map").locator(".map-tiles image").first()).toBeAttached();
    await expect(page.getByTestId("hotel-map").locator("figcaption")).toContainText("Test Tiles");
    expect(attempted).toEqual([]);
  });
});
