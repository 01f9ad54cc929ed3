import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { BRANDS, PORT, site, watchConsole } from "./fixtures/site";

const onHost = (brand: keyof typeof BRANDS) => ({ headers: { host: `${BRANDS[brand].host}:${PORT}` } });
/** The e2e brands' canonical origins (e2e/seed.ts writes them on the test port). */
const CANONICAL = { aurora: site("aurora", ""), sakura: site("sakura", "") };

/** A hotel page of the seed with several photos: the first result of Paris. */
async function hotelPath(page: Page): Promise<string> {
  await page.goto(site("aurora", "/search?q=Paris"));
  const href = await page.locator(".hotel-list a[href^='/hotels/']:not([href^='/hotels/XSS'])").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!.split("?")[0]!;
}

test("robots.txt and sitemap.xml per brand host, on the brand's canonical origin", async ({ request }) => {
  for (const brand of ["aurora", "sakura"] as const) {
    const robots = await request.get("/robots.txt", onHost(brand));
    expect(robots.status()).toBe(200);
    const txt = await robots.text();
    expect(txt).toContain("Disallow: /api/");
    expect(txt).toContain("Disallow: /ops");
    expect(txt).toContain("Disallow: /rates/");
    expect(txt).toContain(`Sitemap: ${CANONICAL[brand]}/sitemap.xml`);
    const map = await request.get("/sitemap.xml", onHost(brand));
    expect(map.status()).toBe(200);
    expect(map.headers()["content-type"]).toContain("application/xml");
    const xml = await map.text();
    const hotels = xml.match(new RegExp(`<loc>${CANONICAL[brand]}/hotels/[^<]+</loc>`, "g")) ?? [];
    const places = xml.match(new RegExp(`<loc>${CANONICAL[brand]}/search\\?placeId=[a-z2-7]{13}</loc>`, "g")) ?? [];
    expect(hotels.length).toBeGreaterThan(500);
    expect(places.length).toBeGreaterThan(10);
  }
  // A part that does not exist (the seed fits one file) is a plain 404, not an error page.
  expect((await request.get("/sitemaps/hotels-9.xml", onHost("aurora"))).status()).toBe(404);
});

test("a hotel page tells search engines and social sites what it is (canonical, hreflang, cards, JSON-LD)", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const path = await hotelPath(page);
  await page.goto(site("aurora", `${path}?source=aurora-partner&utm_source=x&checkIn=2031-01-01&checkOut=2031-01-03`));
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${CANONICAL.aurora}${path}`);
  await expect(head.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute(
    "href",
    `${CANONICAL.aurora}${path}?lang=de`,
  );
  await expect(head.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${CANONICAL.aurora}${path}`,
  );
  const ogImage = await head.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(new RegExp(`^${CANONICAL.aurora}/sample-images/w/1600/[a-z0-9-]+\\.svg$`));
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const name = await page.getByRole("heading", { level: 1 }).innerText();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "Hotel", name, address: { "@type": "PostalAddress" } });
  expect(ld.geo["@type"]).toBe("GeoCoordinates");
  expect(ld.image[0]).toBe(ogImage);

  // The language alternate is a real URL: a visitor without a saved language gets the page in German there.
  await page.context().clearCookies();
  await page.goto(site("aurora", `${path}?lang=de`));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${CANONICAL.aurora}${path}?lang=de`);
  expect(errors).toEqual([]);
});

test("hostile record text stays inside the JSON-LD data block", async ({ page }) => {
  await page.goto(site("aurora", "/hotels/XSS-1"));
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld["@type"]).toBe("Hotel");
  // The region held markup that would end the script element: it is plain text now (markup stripped, as on the page),
  // and whatever is left stays the data block's text.
  expect(ld.address.addressRegion ?? "").not.toMatch(/<\/?script/i);
  expect(ld.address.addressLocality).toBe("Paris");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
});

test("the gallery opens in a keyboard lightbox: arrows move, Escape closes and returns focus", async ({ page }) => {
  const path = await hotelPath(page);
  await page.goto(site("aurora", path));
  const links = page.locator(".gallery figure > a");
  const total = await links.count();
  expect(total).toBeGreaterThan(1);
  await links.nth(1).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("lightbox-counter")).toHaveText(`2 / ${total}`);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("lightbox-counter")).toHaveText(`${total > 2 ? 3 : 1} / ${total}`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("lightbox-counter")).toHaveText(`1 / ${total}`);
  await expect(dialog.locator("img")).toHaveAttribute("alt", /.+/);
  // Focus stays inside the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-gallery-index"))).toBe("1");
});

test("without script the gallery is links to the images", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const path = await hotelPath(page);
  await page.goto(site("aurora", path));
  const href = await page.locator(".gallery figure > a").first().getAttribute("href");
  expect(href).toMatch(/^\/sample-images\/w\/1600\/[a-z0-9-]+\.svg$/);
  const image = await page.goto(site("aurora", href!));
  expect(image?.status()).toBe(200);
  expect(image?.headers()["content-type"]).toContain("image/svg+xml");
  await context.close();
});

test("a phone never fetches desktop-size images; a desktop gets them", async ({ browser }) => {
  const requested = async (width: number, open: boolean) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    const path = await hotelPath(page);
    const urls: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image") urls.push(new URL(r.url()).pathname);
    });
    await page.goto(site("aurora", path), { waitUntil: "networkidle" });
    await page.mouse.wheel(0, 5000);
    if (open) {
      await page.locator(".gallery figure > a").first().click();
      await expect(page.getByRole("dialog").locator("img")).toBeVisible();
    }
    await page.waitForLoadState("networkidle");
    await context.close();
    return urls.filter((u) => u.includes("/sample-images/"));
  };
  const phone = await requested(390, true);
  expect(phone.length).toBeGreaterThan(0);
  expect(phone.every((u) => u.startsWith("/sample-images/w/480/"))).toBe(true);
  const desktop = await requested(1280, true);
  expect(desktop.some((u) => u.startsWith("/sample-images/w/960/"))).toBe(true); // the hero
  expect(desktop.some((u) => u.startsWith("/sample-images/w/1600/"))).toBe(true); // the lightbox
});
