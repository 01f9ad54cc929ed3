import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrandRegistry, demoBrands } from "@/lib/brands/node";
import { openTestStore, type TestStore, hotel, range, syncDir, writeExport } from "@/lib/testing";
import { sitemap, sitemapPart, type SitemapEntry, type SitemapKind, type SitemapSource } from "../sitemap";
import { storeSitemapSource } from "../sitemap-store";
import { robotsTxt } from "../robots";

const brand = BrandRegistry.parse(JSON.stringify(demoBrands), "demo").get("aurora")!;

/** A generated catalog of `hotels` hotels and `places` places, produced lazily (nothing held in memory). */
function generatedSource(hotels: number, places: number): SitemapSource {
  const counts: Record<SitemapKind, number> = { hotels, places };
  return {
    count: async (kind) => counts[kind],
    async *entries(kind, offset, limit) {
      const end = Math.min(counts[kind], offset + limit);
      for (let i = offset; i < end; i++)
        yield kind === "hotels"
          ? { path: `/hotels/G${String(i).padStart(7, "0")}`, lastmod: "2026-01-10T08:00:00.000Z" }
          : { path: `/search?placeId=p${i}` };
    },
  };
}

async function text(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/** Every URL of a brand's sitemap, following the index when there is one; and the files read. */
async function allUrls(source: SitemapSource, limit?: number) {
  const top = await sitemap(brand, source, limit);
  if (top.kind === "urlset") return { files: 1, urls: locs(await text(top.body)), index: undefined };
  const parts = locs(top.xml);
  const urls: string[] = [];
  for (const part of parts) {
    const file = part.slice(`${brand.canonicalUrl}/sitemaps/`.length);
    const body = await sitemapPart(brand, source, file, limit);
    expect(body, file).toBeDefined();
    const xml = await text(body!);
    const inPart = locs(xml);
    expect(inPart.length).toBeLessThanOrEqual(limit ?? 50_000);
    urls.push(...inPart);
  }
  return { files: parts.length, urls, index: top.xml };
}

describe("sitemap.xml", () => {
  it("names every hotel and place page on the brand's canonical origin, in one file while they fit", async () => {
    const { files, urls } = await allUrls(generatedSource(30, 5), 50);
    expect(files).toBe(1);
    expect(urls).toHaveLength(35);
    expect(urls[0]).toBe("http://brand-a.localhost:3000/hotels/G0000000");
    expect(urls).toContain("http://brand-a.localhost:3000/search?placeId=p4");
  });

  it("splits past the limit (a small injected one) into an index of parts that hold every URL once", async () => {
    const { files, urls, index } = await allUrls(generatedSource(23, 7), 10);
    expect(index).toContain("<sitemapindex");
    expect(files).toBe(4); // hotels 10 + 10 + 3, places 7
    expect(urls).toHaveLength(30);
    expect(new Set(urls).size).toBe(30);
    // A part the index does not name is not found.
    expect(await sitemapPart(brand, generatedSource(23, 7), "hotels-4.xml", 10)).toBeUndefined();
    expect(await sitemapPart(brand, generatedSource(23, 7), "../x.xml", 10)).toBeUndefined();
  });

  it("splits a generated catalog of more than 50 000 URLs at the protocol's 50 000", async () => {
    const { files, urls } = await allUrls(generatedSource(120_001, 2_000));
    expect(files).toBe(4); // hotels 50 000 + 50 000 + 20 001, places 2 000
    expect(urls).toHaveLength(122_001);
    expect(new Set(urls).size).toBe(122_001);
  }, 60_000);

  it("streams a million hotels fast and in little memory", async () => {
    const source = generatedSource(1_000_000, 0);
    global.gc?.();
    const heap = process.memoryUsage().heapUsed;
    let peak = heap;
    const started = performance.now();
    let n = 0;
    const top = await sitemap(brand, source);
    expect(top.kind).toBe("index");
    for (let part = 1; part <= 20; part++) {
      const reader = (await sitemapPart(brand, source, `hotels-${part}.xml`))!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        n += (new TextDecoder().decode(r.value).match(/<url>/g) ?? []).length;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    const ms = performance.now() - started;
    console.log(
      `sitemap: 1 000 000 hotels in 20 parts, ${Math.round(ms)} ms, heap +${Math.round((peak - heap) / 2 ** 20)} MB`,
    );
    expect(n).toBe(1_000_000);
    expect(peak - heap).toBeLessThan(200 * 2 ** 20);
  }, 120_000);

  it("escapes what XML needs in a URL", async () => {
    const source: SitemapSource = {
      count: async (k) => (k === "hotels" ? 1 : 0),
      async *entries(): AsyncGenerator<SitemapEntry> {
        yield { path: "/hotels/a&b<c", lastmod: "not a date" };
      },
    };
    const top = await sitemap(brand, source);
    const xml = top.kind === "urlset" ? await text(top.body) : "";
    expect(xml).toContain("<loc>http://brand-a.localhost:3000/hotels/a&amp;b&lt;c</loc>");
    expect(xml).not.toContain("<lastmod>");
  });
});

describe("sitemap from the store", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
    expect((await syncDir(store, writeExport({ "day1.jsonl": range(1, 25).map((n) => hotel(n)) }))).status).toBe(
      "published",
    );
    // The next day H3 is gone: it leaves the sitemap.
    const day2 = range(1, 25)
      .filter((n) => n !== 3)
      .map((n) => hotel(n));
    expect((await syncDir(store, writeExport({ "day2.jsonl": day2 }))).status).toBe("published");
  });
  afterAll(async () => store?.drop());

  it("lists the published hotels with their publication time as lastmod, split with a small limit", async () => {
    const source = storeSitemapSource(store.db);
    const { files, urls } = await allUrls(source, 7);
    const hotels = urls.filter((u) => u.includes("/hotels/"));
    const places = urls.filter((u) => u.includes("/search?placeId="));
    expect(places.length).toBeGreaterThan(0); // Paris, France… (the sync's recount)
    expect(files).toBe(4 + Math.ceil(places.length / 7));
    expect(hotels).toHaveLength(24);
    expect(hotels).not.toContain("http://brand-a.localhost:3000/hotels/H3");
    expect(hotels).toContain("http://brand-a.localhost:3000/hotels/H25");
    const top = await sitemap(brand, source);
    const xml = top.kind === "urlset" ? await text(top.body) : "";
    expect(xml).toMatch(/<url><loc>http:\/\/brand-a\.localhost:3000\/hotels\/H1<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });
});

describe("robots.txt", () => {
  it("allows the pages, keeps crawlers out of the APIs, operators' and sign-on pages, and names the sitemap", () => {
    const txt = robotsTxt(brand);
    expect(txt).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const p of ["/api/", "/v1/", "/mcp", "/ops", "/sso/", "/oauth2/", "/sign-in", "/sso-test"])
      expect(txt).toContain(`Disallow: ${p}\n`);
    expect(txt).not.toMatch(/Disallow: \/(search|hotels)/);
    expect(txt).toContain("Sitemap: http://brand-a.localhost:3000/sitemap.xml\n");
  });
});
