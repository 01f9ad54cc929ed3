import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BrandRegistry, demoBrands } from "@/lib/brands/node";
import { AppError } from "@/lib/http/node";
import { searchLinkParts, trackingKey, verifyTracking } from "@/lib/tracking";
import { Gazetteer } from "../gazetteer";
import { PlacesView, nearbyPlaces } from "../nearby";
import { nearbyPlacesJson } from "../nearby-json";
import { parseNearbyPlacesRequest } from "../request";
import { PLACE_CATEGORIES } from "../types";
import { SUPPORTED_LANGUAGES } from "@/lib/locale";
import { eastKm, northKm, place } from "@/lib/testing";

const registry = BrandRegistry.parse(JSON.stringify(demoBrands), "demo");
const aurora = registry.get("aurora")!;
const sakura = registry.get("sakura")!;

const LAT = 41.9;
const LON = 12.5;
const rome = place("rome", "city", LAT, LON, {
  name: "Rome",
  names: { it: "Roma", de: "Rom" },
  country: "IT",
  population: 2_800_000,
});
const romeUs = place("rome-us", "city", 34.257, -85.165, { name: "Rome", country: "US", population: 36_000 });
const colosseum = place("colosseum", "landmark", northKm(LAT, 0.5), LON, {
  name: "Colosseum",
  names: { it: "Colosseo" },
  country: "IT",
});
const vatican = place("st-peters", "landmark", LAT, eastKm(LAT, LON, -3), {
  name: "St. Peter's Basilica",
  country: "VA",
});
const suburb = place("suburb", "townVillage", northKm(LAT, 12), LON, { name: "Suburb", country: "IT" });
const airport = place("fco", "airport", northKm(LAT, -25), LON, { name: "Fiumicino", country: "IT" });
const farCity = place("naples", "city", northKm(LAT, -190), LON, {
  name: "Naples",
  country: "IT",
  population: 900_000,
});
const empty = place("no-hotels", "townVillage", northKm(LAT, 2), LON, { name: "Emptyville", country: "IT" });
const gazetteer = new Gazetteer([rome, romeUs, colosseum, vatican, suburb, airport, farCity, empty]);
const counts = new Map(
  [rome, romeUs, colosseum, vatican, suburb, airport, farCity].map((p, i) => [p.placeId, i + 1] as [string, number]),
);
const view = new PlacesView(gazetteer, counts);

const ask = (body: Record<string, unknown>, brand = aurora, on = view) => {
  const req = parseNearbyPlacesRequest({
    placeName: "Rome",
    currency: "EUR",
    language: "en",
    userCountry: "DE",
    userDevice: "mobile",
    ...body,
  });
  return nearbyPlaces(on, req, searchLinkParts(brand, req));
};

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error("expected a refusal");
}

describe("nearbyPlaces (the library call behind POST /v1/nearby-places)", () => {
  it("lists places with hotels within the radius, nearest first, without the main place", () => {
    const places = ask({});
    expect(places.map((p) => p.placeName)).toEqual(["Colosseum", "St. Peter's Basilica", "Suburb", "Fiumicino"]);
    expect(places.map((p) => p.distanceKM)).toEqual([0.5, 3, 12, 25]);
    expect(places.map((p) => p.placeId)).not.toContain(rome.placeId);
    expect(places.map((p) => p.placeName)).not.toContain("Emptyville"); // no hotels: its link would lead nowhere
  });

  it("carries every field of spec §2.2", () => {
    const [first] = ask({ hits: 1 });
    expect(first).toEqual({
      placeName: "Colosseum",
      placeId: colosseum.placeId,
      placeCountry: "Italy",
      placeCategory: "landmark",
      distanceKM: 0.5,
      hotelsCnt: 3,
      url: expect.stringMatching(/^http:\/\/brand-a\.localhost:3000\/search\?/),
    });
  });

  it("honours radius, hits and placeCategories", () => {
    expect(ask({ radius: 10 }).map((p) => p.placeName)).toEqual(["Colosseum", "St. Peter's Basilica"]);
    expect(ask({ radius: 1000 }).map((p) => p.placeName)).toContain("Naples");
    expect(ask({ hits: 2 })).toHaveLength(2);
    expect(ask({ placeCategories: ["airport", "townVillage"] }).map((p) => p.placeName)).toEqual([
      "Suburb",
      "Fiumicino",
    ]);
    expect(ask({ placeCategories: ["country"] })).toEqual([]);
  });

  it("names places and countries in the request's language where the source has them", () => {
    const places = ask({ language: "it", hits: 2 });
    expect(places.map((p) => [p.placeName, p.placeCountry])).toEqual([
      ["Colosseo", "Italia"],
      ["St. Peter's Basilica", "Città del Vaticano"],
    ]);
    // The main place is found by its name in any language.
    expect(ask({ placeName: "Roma", hits: 1 })[0]?.placeName).toBe("Colosseum");
  });

  it("picks among same-named places by country, else takes the most prominent; placeId wins", () => {
    expect(ask({ hits: 1 })[0]?.placeName).toBe("Colosseum"); // Rome, Italy
    expect(ask({ country: "United States", radius: 1000 })).toEqual([]); // Rome, Georgia: nothing near it has hotels
    expect(ask({ country: "US", placeCategories: ["city"], radius: 1000 })).toEqual([]);
    expect(ask({ placeId: airport.placeId, placeName: "Rome", hits: 1 })[0]?.placeName).toBe("Rome");
    expect(ask({ placeId: airport.placeId.toUpperCase(), hits: 1 })[0]?.placeName).toBe("Rome");
  });

  it("answers 404 PLACE_NOT_FOUND for an unknown place and 400 for an unknown country", () => {
    let e = refusal(() => ask({ placeName: "Xyzzyville" }));
    expect([e.status, e.code, e.field]).toEqual([404, "PLACE_NOT_FOUND", "placeName"]);
    e = refusal(() => ask({ placeId: "aaaaaaaaaaaaa" }));
    expect([e.status, e.code, e.field]).toEqual([404, "PLACE_NOT_FOUND", "placeId"]);
    e = refusal(() => ask({ country: "Germany" }));
    expect([e.status, e.code, e.field]).toEqual([404, "PLACE_NOT_FOUND", "country"]);
    expect(e.message).toMatch(/No place named "Rome" in Germany/);
    e = refusal(() => ask({ country: "Narnia" }));
    expect([e.status, e.code, e.field]).toEqual([400, "INVALID_FIELD", "country"]);
  });

  it("builds each url on the partner's brand domain, landing on its search page with the spec's parameters", () => {
    const [p] = ask({
      hits: 1,
      currency: "chf",
      language: "de-CH",
      rooms: "2-5",
      checkIn: "2027-05-01",
      checkOut: "2027-05-04",
      label: "spring mail",
      anonymousId: "v-1",
    });
    const url = new URL(p!.url);
    expect(url.origin + url.pathname).toBe("http://brand-a.localhost:3000/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      placeId: colosseum.placeId,
      curr: "CHF",
      lang: "de",
      rooms: "2-5",
      checkIn: "2027-05-01",
      checkOut: "2027-05-04",
      source: "aurora-partner",
      label: "spring mail",
      anonymousId: "v-1",
      sig: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      forceCurrencyChange: "false",
      forceLanguageChange: "false",
    });
    // Click tracking: the signature of source, label and anonymousId (lib/tracking/signature.ts).
    const tracked = { source: "aurora-partner", label: "spring mail", anonymousId: "v-1" };
    expect(verifyTracking(trackingKey(), "aurora", tracked, url.searchParams.get("sig"))).toBe(true);
    const other = new URL(ask({ hits: 1 }, sakura)[0]!.url);
    expect(other.host).toBe("brand-b.localhost:3000");
    expect(other.searchParams.get("source")).toBe("sakura-partner");
    expect(other.searchParams.get("forceCurrencyChange")).toBe("true");
    expect(other.searchParams.has("checkIn")).toBe(false);
    expect(other.searchParams.get("rooms")).toBe("2");
  });

  it("returns nothing, not an error, when no place has hotels yet", () => {
    expect(ask({}, aurora, new PlacesView(gazetteer, new Map()))).toEqual([]);
  });
});

describe("nearbyPlacesJson (the body of POST /v1/nearby-places)", () => {
  const request = (body: Record<string, unknown>) =>
    parseNearbyPlacesRequest({
      placeName: "Rome",
      currency: "EUR",
      language: "en",
      userCountry: "DE",
      userDevice: "mobile",
      anonymousId: "visitor-1",
      ...body,
    });
  const asJson = (on: PlacesView, brand: typeof aurora, body: Record<string, unknown>) =>
    Buffer.from(JSON.stringify({ places: nearbyPlaces(on, request(body), searchLinkParts(brand, request(body))) }));
  const json = (on: PlacesView, brand: typeof aurora, body: Record<string, unknown>) =>
    nearbyPlacesJson(on, request(body), searchLinkParts(brand, request(body)));

  it("is JSON.stringify of the places, byte for byte, whatever the names, links and request", () => {
    // Names with quotes, backslashes, control characters, any code point and lone surrogates (which JSON.stringify
    // escapes); a main place and up to 40 others around it.
    const name = fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }));
    const around = fc.record({
      name,
      localName: fc.option(name, { nil: undefined }),
      category: fc.constantFrom(...PLACE_CATEGORIES),
      country: fc.constantFrom("IT", "FR", "JP", "XK", "ZZ"),
      north: fc.double({ min: -300, max: 300, noNaN: true }),
      east: fc.double({ min: -300, max: 300, noNaN: true }),
      hotels: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.array(around, { maxLength: 40 }),
        fc.record({
          language: fc.constantFrom(...SUPPORTED_LANGUAGES),
          hits: fc.integer({ min: 0, max: 50 }),
          radius: fc.integer({ min: 0, max: 1000 }),
          label: fc.option(
            fc
              .string({ unit: "grapheme", minLength: 1, maxLength: 10 })
              .filter((l) => /\S/.test(l) && !/[\u0000-\u001f\u007f]/.test(l)),
            { nil: undefined },
          ),
        }),
        fc.constantFrom(aurora, sakura, { ...aurora, canonicalUrl: 'http://quote"and\\back\u2028slash.test' }),
        (places, req, brand) => {
          const centre = place("centre", "city", LAT, LON, { name: "Rome", population: 1e6 });
          const others = places.map((o, i) =>
            place(`p${i}`, o.category, northKm(LAT, o.north), eastKm(LAT, LON, o.east), {
              name: o.name,
              names: o.localName === undefined ? undefined : { [req.language]: o.localName },
              country: o.country,
            }),
          );
          const counts = new Map(others.map((p, i) => [p.placeId, places[i]!.hotels]));
          const on = new PlacesView(new Gazetteer([centre, ...others]), counts);
          // Twice (the second answer reuses what the view kept of the first), then in another language.
          for (const body of [req, { ...req, radius: 1000 }, { ...req, language: "ja" }]) {
            expect(json(on, brand, body).equals(asJson(on, brand, body))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("writes a body of a thousand places with long multi-byte names", () => {
    const many = Array.from({ length: 1200 }, (_, i) =>
      place(`many-${i}`, "landmark", northKm(LAT, (i % 40) * 5), eastKm(LAT, LON, Math.floor(i / 40) * 5), {
        name: `Ort ${i} — «Straße» ${"東京".repeat(i % 100)} 😀`, // long, multi-byte names
      }),
    );
    const on = new PlacesView(new Gazetteer([rome, ...many]), new Map(many.map((p) => [p.placeId, 1])));
    const body = { hits: 1000, radius: 1000, label: 'a "label"' };
    const bytes = json(on, aurora, body);
    expect((JSON.parse(bytes.toString()) as { places: unknown[] }).places).toHaveLength(1000);
    expect(bytes.equals(asJson(on, aurora, body))).toBe(true);
  });
});
