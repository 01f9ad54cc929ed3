import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackFetch } from "@/lib/http/node";
import { startNearbyServer, validBody, AURORA_KEY, type NearbyServer } from "@/lib/testing";
import { addKey } from "../keys";
import { connect, post, toolCall } from "./fixture";

/**
 * The assistant endpoint over HTTP against the built app, with the MCP SDK's own client: the tools, their arguments
 * and errors, and the protocol's failures. Access and limits: access.integration.test.ts and limits.integration.test.ts.
 */
let server: NearbyServer;
let client: Client;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool results are read as the JSON they are
type Structured = Record<string, any>;
async function call(
  name: string,
  args: unknown,
  c = client,
): Promise<{ structured: Structured; text: string; isError?: boolean }> {
  const r = (await c.callTool({ name, arguments: args as Record<string, unknown> })) as {
    structuredContent?: Structured;
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  return { structured: r.structuredContent ?? {}, text: r.content.map((c) => c.text).join("\n"), isError: r.isError };
}

/** The hotel ids a brand's search page lists, in order. */
async function pageIds(query: string): Promise<string[]> {
  const res = await loopbackFetch(`http://brand-a.localhost:${server.port}/search?${query}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<h2><a href="\/hotels\/([^"?]+)/g)].map((m) => decodeURIComponent(m[1]!));
}

beforeAll(async () => {
  server = await startNearbyServer(600, {
    env: { MCP_ANONYMOUS_LIMIT: "100000", MCP_PARTNER_LIMIT: "100000", LOG_LEVEL: "info" },
  });
  client = await connect(server);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe("tools/list", () => {
  it("lists the four tools, each with a title, a description, input and output schemas, and read-only annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["get_hotels", "nearby_places", "search_hotels", "suggest_places"]);
    for (const t of tools) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.description!.length, t.name).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type).toBe("object");
      expect(t.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    const search = tools.find((t) => t.name === "search_hotels")!;
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["query", "placeId", "latitude", "longitude", "radiusKm", "include", "page", "pageSize"]),
    );
  });

  it("names the brand in the server's identity and instructions", () => {
    expect(client.getServerVersion()?.title).toBe("Aurora Stays hotels");
    expect(client.getInstructions()).toContain("http://brand-a.localhost:");
  });
});

describe("search_hotels", () => {
  it("gives the same hotels, in the same order, as the brand's search page for the same place", async () => {
    const r = await call("search_hotels", { query: "Paris", pageSize: 20 });
    expect(r.isError).toBeFalsy();
    expect(r.structured.matchedBy).toBe("place");
    expect(r.structured.place).toMatchObject({ name: "Paris", category: "city", country: "FR" });
    const ids = r.structured.hotels.map((h: Structured) => h.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await pageIds(`placeId=${r.structured.place.placeId}`));
    const byName = await call("search_hotels", { placeId: r.structured.place.placeId, sort: "name", pageSize: 20 });
    expect(byName.structured.hotels.map((h: Structured) => h.id)).toEqual(
      await pageIds(`placeId=${r.structured.place.placeId}&sort=name`),
    );
  });

  it("returns each hotel's id, name, place, distance and a link to its page on the brand, with the brand's source", async () => {
    const r = await call("search_hotels", { query: "Paris", pageSize: 3, language: "fr", currency: "CHF" });
    const h = r.structured.hotels[0];
    expect(h).toMatchObject({ place: { country: "FR", countryName: "France" } });
    expect(typeof h.distanceKm).toBe("number");
    const url = new URL(h.url);
    expect(url.origin).toBe(`http://brand-a.localhost:${server.port}`);
    expect(url.pathname).toBe(`/hotels/${h.id}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: "fr", curr: "CHF", source: "aurora-partner" });
    expect(r.text).toContain(h.name);
    expect(r.text).toContain(h.url);
    // The link opens the hotel's page on that brand.
    const page = await loopbackFetch(h.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(h.name);
  });

  it("pages without overlap or gaps, and says how many there are", async () => {
    const all = await call("search_hotels", { query: "Paris", pageSize: 50 });
    const total = all.structured.total;
    expect(total).toBeGreaterThan(4);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const r = await call("search_hotels", { query: "Paris", pageSize: 2, page });
      expect(r.structured).toMatchObject({ page, pageSize: 2, total, pages: Math.ceil(total / 2) });
      seen.push(...r.structured.hotels.map((h: Structured) => h.id));
    }
    expect(seen).toEqual(all.structured.hotels.map((h: Structured) => h.id));
  });

  it("returns the include blocks asked for, and only those", async () => {
    const bare = await call("search_hotels", { query: "Paris", pageSize: 2 });
    for (const h of bare.structured.hotels) {
      for (const block of [
        "location",
        "media",
        "descriptions",
        "policies",
        "checkInOut",
        "payment",
        "vacationRental",
      ]) {
        expect(h[block], block).toBeUndefined();
      }
    }
    const full = await call("search_hotels", {
      query: "Paris",
      pageSize: 2,
      include: ["location", "media", "descriptions", "checkInOut", "payment"],
    });
    const h = full.structured.hotels[0];
    expect(h.location).toMatchObject({
      countryCode: "FR",
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(h.media.images.length).toBeGreaterThan(0);
    expect(h.media.images[0].url).toMatch(/^http:\/\/brand-a\.localhost:\d+\/sample-images\//);
    expect(Object.keys(h.descriptions).length).toBeGreaterThan(0);
    // Plain text: no markup, paragraphs as lines.
    for (const text of Object.values(h.descriptions) as string[]) expect(text).not.toMatch(/<[a-z/]/i);
    expect(h.checkInOut.checkIn.beginTime).toMatch(/^\d\d:\d\d$/);
    expect(h.payment).toBeDefined();
    expect(h.policies).toBeUndefined();
  });

  it("searches around a point: every hotel within the radius, nearest first", async () => {
    const paris = await call("search_hotels", { query: "Paris", pageSize: 1, include: ["location"] });
    const { latitude, longitude } = paris.structured.hotels[0].location;
    const r = await call("search_hotels", { latitude, longitude, radiusKm: 5, pageSize: 50 });
    expect(r.structured.matchedBy).toBe("coordinates");
    const d = r.structured.hotels.map((h: Structured) => h.distanceKm);
    expect(d.length).toBeGreaterThan(0);
    expect(d[0]).toBe(0);
    expect(d.every((x: number) => x <= 5)).toBe(true);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  it("filters by pets, vacation rental, property type and country", async () => {
    const pets = await call("search_hotels", { query: "Paris", petFriendly: true, pageSize: 50 });
    const all = await call("search_hotels", { query: "Paris", pageSize: 50 });
    expect(pets.structured.total).toBeGreaterThan(0);
    expect(pets.structured.total).toBeLessThan(all.structured.total);
    expect(pets.structured.hotels.every((h: Structured) => h.isPetFriendly === true)).toBe(true);
    const type = all.structured.propertyTypes[0].type;
    const typed = await call("search_hotels", { query: "Paris", propertyType: type, pageSize: 50 });
    expect(typed.structured.total).toBe(all.structured.propertyTypes[0].count);
    const elsewhere = await call("search_hotels", { query: "Paris", country: "Germany" });
    expect(elsewhere.structured.total).toBe(0);
    const here = await call("search_hotels", { query: "Paris", country: "fr", pageSize: 50 });
    expect(here.structured.total).toBe(all.structured.total);
    const france = await call("search_hotels", { query: "France", pageSize: 50 });
    const rentals = await call("search_hotels", { query: "France", vacationRental: true, pageSize: 50 });
    expect(rentals.structured.total).toBeGreaterThan(0);
    expect(rentals.structured.total).toBeLessThan(france.structured.total);
    expect(rentals.structured.hotels.every((h: Structured) => h.isVacationRental === true)).toBe(true);
  });

  it("finds hotels by name when the query names no destination", async () => {
    const one = (await call("search_hotels", { query: "Paris", pageSize: 1 })).structured.hotels[0];
    const word = one.name.split(" ")[0];
    const r = await call("search_hotels", { query: `${word} ${one.name.split(" ")[1]}`, pageSize: 50 });
    expect(r.structured.matchedBy).toBe("hotelName");
    expect(r.structured.hotels.map((h: Structured) => h.id)).toContain(one.id);
    expect(r.structured.hotels.every((h: Structured) => h.distanceKm === null)).toBe(true);
  });

  it("answers bad arguments with a tool error naming the argument", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /exactly one of query, placeId.*\(argument: query\)/],
      [{ query: "Paris", placeId: "abc" }, /exactly one of/],
      [{ latitude: 48.8 }, /latitude and longitude go together/],
      [{ query: "Paris", pageSize: 51 }, /pageSize/],
      [{ query: "Paris", include: ["everything"] }, /include/],
      [{ query: "Paris", colour: "red" }, /colour/],
      [{ query: "Paris", country: "Atlantis" }, /"Atlantis" is not a country.*\(argument: country\)/],
      [{ placeId: "zzzzzzzzzzzzz" }, /No place has the id.*suggest_places.*\(argument: placeId\)/],
      [
        { query: "Paris", language: "ja" },
        /language "ja" is not offered here; use one of: en, de, fr, es \(argument: language\)/,
      ],
      [{ latitude: 91, longitude: 0 }, /latitude/],
    ];
    for (const [args, message] of cases) {
      const r = await call("search_hotels", args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text, JSON.stringify(args)).toMatch(message);
    }
  });
});

describe("get_hotels", () => {
  it("reads hotels by id in the order asked, with include blocks; unknown and removed ids are listed as not found", async () => {
    const found = (await call("search_hotels", { query: "Paris", pageSize: 3 })).structured.hotels.map(
      (h: Structured) => h.id,
    );
    const removed = found[2];
    await server.store.db
      .updateTable("hotels")
      .set({ removed_at: new Date().toISOString() })
      .where("id", "=", removed)
      .execute();
    const r = await call("get_hotels", {
      hotelIds: [found[1], "no-such-hotel", found[0], removed, found[1]],
      include: ["policies", "payment"],
    });
    expect(r.isError).toBeFalsy();
    expect(r.structured.hotels.map((h: Structured) => h.id)).toEqual([found[1], found[0]]);
    expect(r.structured.notFound).toEqual(["no-such-hotel", removed]);
    expect(r.structured.hotels[0].payment).toBeDefined();
    expect(r.structured.hotels[0].location).toBeUndefined();
    expect(r.text).toContain("not found: no-such-hotel");
  });

  it("refuses more than 50 ids, naming the argument", async () => {
    const r = await call("get_hotels", { hotelIds: Array.from({ length: 51 }, (_, i) => `h${i}`) });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/hotelIds/);
  });
});

describe("nearby_places", () => {
  it("gives the same places as POST /v1/nearby-places for the same arguments, its links unsigned", async () => {
    const body = { ...validBody, hits: 7, radius: 400, anonymousId: "test-visitor-1" };
    const http = await fetch(`${server.url}/v1/nearby-places`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-partner-key": AURORA_KEY, connection: "close" },
      body: JSON.stringify(body),
    });
    const expected = (await http.json()) as { places: { url: string }[] };
    expect(expected.places.length).toBe(7);
    const r = await call("nearby_places", body);
    expect(r.isError).toBeFalsy();
    // Anyone may call the assistant with any label and anonymousId: its links carry no signature, so an arrival
    // through one is only counted as unverified; the partner API's links are signed.
    for (const p of expected.places) expect(new URL(p.url).searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const unsigned = expected.places.map((p) => ({ ...p, url: p.url.replace(/&sig=[^&]*/, "") }));
    expect(r.structured).toEqual({ places: unsigned });
  });

  it("answers the same rules' failures with a tool error naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...validBody, radius: -1 }, /radius must not be negative \(argument: radius\)/],
      [{ ...validBody, radius: 1001 }, /radius must be at most 1000/],
      [{ placeName: "Paris", userDevice: "desktop" }, /userCountry/],
      [{ ...validBody, placeName: undefined }, /One of placeName or placeId is required \(argument: placeName\)/],
      [{ ...validBody, placeName: "Nowhere-at-all" }, /No place is named "Nowhere-at-all" \(argument: placeName\)/],
      [{ ...validBody, checkIn: "2026-02-30", checkOut: "2026-03-02" }, /checkIn must be a real date/],
    ];
    for (const [args, message] of cases) {
      const r = await call("nearby_places", args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text, JSON.stringify(args)).toMatch(message);
    }
  });

  it("takes language and currency from _meta when the arguments leave them out", async () => {
    const r = (await client.callTool({
      name: "nearby_places",
      arguments: { placeName: "Paris", userCountry: "DE", userDevice: "desktop", hits: 3 },
      _meta: { language: "de", currency: "CHF" },
    })) as { structuredContent: Structured };
    const url = new URL(r.structuredContent.places[0].url);
    expect(url.searchParams.get("lang")).toBe("de");
    expect(url.searchParams.get("curr")).toBe("CHF");
    expect(r.structuredContent.places.map((p: Structured) => p.placeCountry)).toContain("Frankreich");
  });
});

describe("suggest_places", () => {
  it("turns a partial name or an IATA code into placeIds that search_hotels takes", async () => {
    // Copenhagen: a city the seeded sample has hotels in by the city's own count (not only its suburbs' or
    // division's), with a German name of its own and an airport with hotels.
    const cop = await call("suggest_places", { query: "cop" });
    const copenhagen = cop.structured.places.find((p: Structured) => p.name === "Copenhagen" && p.category === "city");
    expect(copenhagen).toMatchObject({ country: "DK", countryName: "Denmark", hotelsCnt: expect.any(Number) });
    expect(copenhagen.hotelsCnt).toBeGreaterThan(0);
    const search = await call("search_hotels", { placeId: copenhagen.placeId, pageSize: 50 });
    expect(search.structured.total).toBe(copenhagen.hotelsCnt);
    const iata = await call("suggest_places", { query: "CPH" });
    expect(iata.structured.places.map((p: Structured) => p.category)).toContain("airport");
  });

  it("names places in the visitor's language, from the argument or _meta", async () => {
    const de = (await client.callTool({
      name: "suggest_places",
      arguments: { query: "kopenhagen" },
      _meta: { language: "de" },
    })) as {
      structuredContent: Structured;
    };
    expect(de.structuredContent.places.map((p: Structured) => p.name)).toContain("Kopenhagen");
    const meta = (await client.callTool({
      name: "suggest_places",
      arguments: { query: "kopenhagen", language: "en" },
      _meta: { language: "de" },
    })) as {
      structuredContent: Structured;
    };
    expect(meta.structuredContent.places.map((p: Structured) => p.name)).toContain("Copenhagen");
    // A _meta language the brand does not offer is ignored (brand-a has no Japanese): the brand's default.
    const ja = (await client.callTool({
      name: "suggest_places",
      arguments: { query: "cop" },
      _meta: { language: "ja" },
    })) as {
      structuredContent: Structured;
    };
    expect(ja.structuredContent.places.map((p: Structured) => p.name)).toContain("Copenhagen");
  });

  it("serves every brand host with that brand's links and languages", async () => {
    const sakura = await connect(server, { host: "brand-b.localhost" });
    try {
      const r = await call("search_hotels", { query: "Paris", pageSize: 1, language: "ja" }, sakura);
      const url = new URL(r.structured.hotels[0].url);
      expect(url.host).toBe(`brand-b.localhost:${server.port}`);
      expect(url.searchParams.get("source")).toBe("sakura-partner");
      expect(url.searchParams.get("curr")).toBe("USD");
      expect(r.structured.place.countryName).toBe("フランス");
    } finally {
      await sakura.close();
    }
  });
});

describe("protocol", () => {
  it("answers malformed bodies with JSON-RPC errors and a 4xx, never a 5xx", async () => {
    const notJson = await post(server, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.json?.error).toMatchObject({ code: -32700, data: { code: "INVALID_JSON" } });
    const notRpc = await post(server, { hello: "world" });
    expect(notRpc.status).toBe(400);
    expect(notRpc.json?.error.code).toBe(-32700);
    const wrongType = await post(server, toolCall("suggest_places", { query: "x" }), { contentType: "text/plain" });
    expect(wrongType.status).toBe(415);
    expect(wrongType.json?.error.data.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const huge = await post(
      server,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(1_100_000) } }),
    );
    expect(huge.status).toBe(413);
    for (const params of [undefined, null, { name: "suggest_places", arguments: null }, { name: 5 }]) {
      const bad = await post(server, { jsonrpc: "2.0", id: 3, method: "tools/call", params });
      expect(bad.status, JSON.stringify(params)).toBe(400);
      expect(bad.json, JSON.stringify(params)).toMatchObject({
        id: 3,
        error: { code: -32600, data: { field: expect.stringMatching(/^params/) } },
      });
    }
    const noAccept = await post(server, toolCall("suggest_places", { query: "lis" }), {
      headers: { accept: "application/json" },
    });
    expect(noAccept.status).toBe(406);
    const unknown = await post(server, { jsonrpc: "2.0", id: 7, method: "resources/teleport" });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ id: 7, error: { code: -32601 } });
  });

  it("answers OPTIONS with what it takes", async () => {
    const r = await post(server, undefined, { method: "OPTIONS" });
    expect(r.status).toBe(204);
    expect(r.headers.get("allow")).toBe("POST");
  });

  it("answers GET and DELETE with 405 (no sessions, no event stream)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const r = await post(server, undefined, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe("POST");
      expect(r.json?.error.data.code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("answers an unknown tool with a tool error, and a host no brand owns with 404", async () => {
    const r = await post(server, toolCall("book_room", {}));
    expect(r.json?.result).toMatchObject({ isError: true });
    const stranger = await post(server, toolCall("suggest_places", { query: "lis" }), { host: "evil.localhost" });
    expect(stranger.status).toBe(404);
    expect(stranger.json?.error.data.code).toBe("UNKNOWN_HOST");
  });

  it("keeps each request's server apart: concurrent clients get their own answers", async () => {
    const queries = ["lis", "par", "ber", "rom", "mad", "ams", "vie", "pra"];
    const alone: unknown[] = [];
    for (const q of queries) alone.push((await post(server, toolCall("suggest_places", { query: q }))).json?.result);
    const together = await Promise.all(
      queries.map((q, i) => post(server, toolCall("suggest_places", { query: q }, 100 + i))),
    );
    together.forEach((a, i) => {
      expect(a.json?.id).toBe(100 + i);
      expect(a.json?.result).toEqual(alone[i]);
    });
    expect(new Set(alone.map((a) => JSON.stringify(a))).size).toBe(queries.length);
  });

  it("logs no query text, no key and no full address", async () => {
    const key = await addKey(server.store.db, { partner: "Log Test", useCase: "tests" });
    const secretish = "Zyxwvu-unique-query-text";
    await post(server, toolCall("suggest_places", { query: secretish }), { apiKey: key.key });
    await new Promise((r) => setTimeout(r, 200));
    const logs = server.logs();
    const line = logs.split("\n").find((l) => l.includes('"mcp request"') && l.includes(key.record.id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ tier: "partner", call: "suggest_places", network: "127.0.0.0/24" });
    expect(logs).not.toContain(secretish);
    expect(logs).not.toContain(key.key);
    expect(logs).not.toContain('127.0.0.1"');
  });
});
