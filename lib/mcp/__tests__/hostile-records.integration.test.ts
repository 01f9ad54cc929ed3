import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackFetch } from "@/lib/http/node";
import {
  type AppServer,
  startBrandServer,
  hotel,
  syncDir,
  writeExport,
  openTestStore,
  type TestStore,
} from "@/lib/testing";
import { INCLUDE_BLOCKS } from "../blocks";
import { connect } from "./fixture";

/**
 * What a hostile export reaches, against the built app: supplier text carrying escaped tags, markdown images and
 * links, scripts in city and state, image URLs pointing at the visitor's own machine or network, and ids a URL
 * must escape. The assistant endpoint (with the MCP SDK's own client), the hotel and search pages, and the sitemap.
 */

const ATTACKER = "attacker.test";
/** What a markdown or HTML reader could render as markup: a tag, an autolink, an image, a link or its definition. */
const MARKUP = /<[a-z/!?]|!\[|\]\(|\]\[|\]:/i;
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

const escapedName = hotel(1, {
  id: "GIATA:777",
  name: { en: "&lt;img src=x onerror=alert(1)&gt;Hotel Escaped" },
  location: {
    address: { en: "[1 Rue de Rivoli](https://attacker.test/a) &lt;b&gt;" },
    coordinates: PARIS,
    country_code: "FR",
    city: "![c](https://attacker.test/city.png)Paris<script>alert(1)</script>",
    state_province: "<script>alert(2)</script>Île-de-France![s](https://attacker.test/s.png)",
  },
  images: [
    {
      href: "https://images.example.com/lobby.jpg",
      hero_image: true,
      caption: { en: "![cap](https://attacker.test/cap.png)Lobby" },
      category: [{ id: "1", name: "&lt;img src=x&gt;Lobby" }],
    },
    { href: "http://127.0.0.1:6379/x.png", caption: { en: "Redis" } },
    { href: "https://192.168.1.1/router.png" },
    { href: "https://localhost/a.png" },
  ],
  descriptions: {
    overall: { en: "<p>Nice &lt;img src=x onerror=alert(3)&gt;</p><p>![d](https://attacker.test/d.png) view</p>" },
    headline: { en: "Near [the river](https://attacker.test/r)" },
  },
  policies: { know_before_you_go: { en: "&amp;lt;script&amp;gt;x()&amp;lt;/script&amp;gt;Quiet hours" } },
});
const markdownName = hotel(2, {
  id: "HTL-0000002",
  name: { en: "![n](https://attacker.test/n.png)Grand <b>Markdown</b>" },
  location: {
    address: { en: "2 Rue de Rivoli" },
    coordinates: { latitude: PARIS.latitude + 0.001, longitude: PARIS.longitude },
    country_code: "FR",
    city: "Paris",
    state_province: "&lt;script&gt;alert(4)&lt;/script&gt;IDF",
  },
});
const BAD_IDS = ["H<1", 'H"2', "H(3"];

let store: TestStore;
let server: AppServer;
let client: Client;
let summary: Awaited<ReturnType<typeof syncDir>>;
const page = (path: string) => loopbackFetch(`http://brand-a.localhost:${server.port}${path}`);

beforeAll(async () => {
  store = await openTestStore("sqlite");
  const records = [
    escapedName,
    markdownName,
    ...BAD_IDS.map((id, i) => hotel(10 + i, { id, location: markdownName.location })),
  ];
  summary = await syncDir(store, writeExport({ "hotels.jsonl": records }), { maxRejectedShare: 0.9 });
  expect(summary.status).toBe("published");
  server = await startBrandServer(store);
  client = await connect(server);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await store?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool results are read as the JSON they are
type Structured = Record<string, any>;
async function call(name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as {
    structuredContent?: Structured;
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
  return { structured: r.structuredContent ?? {}, text: r.content.map((c) => c.text).join("\n") };
}

/** Every string of a value, object keys included. */
function strings(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)]);
  return [];
}

describe("the assistant endpoint", () => {
  it("returns no markup and no record's URL in any tool's text or structured content, and keeps the text readable", async () => {
    const include = [...INCLUDE_BLOCKS];
    const search = await call("search_hotels", { query: "Paris", include, pageSize: 50 });
    const ids = search.structured.hotels.map((h: Structured) => h.id);
    expect(ids).toEqual(expect.arrayContaining(["GIATA:777", "HTL-0000002"]));
    const results = [
      search,
      await call("get_hotels", { hotelIds: ids, include }),
      await call("suggest_places", { query: "Par" }),
      await call("nearby_places", { placeName: "Paris", userCountry: "DE", userDevice: "desktop", hits: 5 }),
    ];
    for (const r of results) {
      for (const s of [r.text, ...strings(r.structured)]) {
        expect(s).not.toMatch(MARKUP);
        for (const needle of [ATTACKER, "127.0.0.1", "192.168.1.1", "localhost/a.png", "alert(", "onerror"])
          expect(s).not.toContain(needle);
      }
    }

    const [escaped, markdown] = ["GIATA:777", "HTL-0000002"].map(
      (id) => results[1]!.structured.hotels.find((h: Structured) => h.id === id) as Structured,
    );
    expect(escaped).toMatchObject({
      name: "Hotel Escaped",
      place: { city: "Paris" },
      location: { address: "1 Rue de Rivoli", city: "Paris", stateProvince: "Île-de-France" },
      media: { images: [{ url: "https://images.example.com/lobby.jpg", caption: "Lobby", categories: ["Lobby"] }] },
      descriptions: { overall: "Nice\nview", headline: "Near the river" },
      policies: { knowBeforeYouGo: "Quiet hours" },
    });
    expect(escaped!.media.total).toBe(1);
    expect(markdown).toMatchObject({ name: "Grand Markdown", location: { stateProvince: "IDF" } });
    expect(results[1]!.text).toContain("Hotel Escaped (GIATA:777) — Paris, France");
  });
});

describe("the brand's pages", () => {
  it("show city and state as plain text and no image that points at the visitor's machine or network", async () => {
    const res = await page("/hotels/GIATA%3A777");
    expect(res.status).toBe(200);
    const html = await res.text();
    // The address as read: its text (English standing in for the visitor's language is a span marked lang="en").
    const address = /<address>(.*?)<\/address>/s.exec(html)?.[1]?.replace(/<[^>]*>/g, "");
    expect(address).toBe("1 Rue de Rivoli, Paris, Île-de-France, France");
    expect(html).toContain("https://images.example.com/lobby.jpg");
    // (Rich text, descriptions and policies, is the allow-listed HTML: markdown in it is text no browser renders.)
    for (const needle of [
      "127.0.0.1:6379",
      "192.168.1.1",
      "https://localhost/a.png",
      "&lt;script",
      "city.png",
      "s.png",
    ])
      expect(html).not.toContain(needle);

    const search = await (await page("/search?q=Paris")).text();
    expect(search).toContain("Grand Markdown");
    for (const needle of ["&lt;script", "alert(", ATTACKER]) expect(search).not.toContain(needle);
  });

  it("list only hotels whose page opens: the sitemap, the search results and the assistant's links", async () => {
    // The sync refused the ids a link could not carry (lib/content/sync/__tests__/sync.integration.test.ts: why).
    expect(summary).toMatchObject({ new: 2, rejected: BAD_IDS.length });
    const sitemap = await (await page("/sitemap.xml")).text();
    const fromSitemap = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/hotels\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(fromSitemap.sort()).toEqual(["/hotels/GIATA%3A777", "/hotels/HTL-0000002"]);

    const search = await (await page("/search?q=Paris")).text();
    const fromSearch = [...search.matchAll(/href="(\/hotels\/[^"?]+)/g)].map((m) => m[1]!);
    expect(fromSearch).toEqual(expect.arrayContaining(["/hotels/GIATA%3A777", "/hotels/HTL-0000002"]));

    const mcp = await call("get_hotels", { hotelIds: ["GIATA:777", "HTL-0000002", ...BAD_IDS] });
    expect(mcp.structured.notFound).toEqual(BAD_IDS);
    const fromMcp = mcp.structured.hotels.map((h: Structured) => new URL(h.url).pathname);

    for (const path of new Set([...fromSitemap, ...fromSearch, ...fromMcp])) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    // Ids the sync refused have no page, however they are spelt.
    for (const path of ["/hotels/H%3C1", "/hotels/H%222", "/hotels/H(3", "/hotels/H%283"])
      expect((await page(path)).status, path).toBe(404);
  });
});
