import { describe, expect, it } from "vitest";
import { Gazetteer } from "../gazetteer";
import { Random } from "@/lib/content";
import { distanceKm } from "../geo";
import { areaRadiusKm, countHotels, COUNT_RULES, placeHotels, type HotelPoint } from "../hotel-counts";
import { bundledPlaces } from "../sources/bundled";
import type { Place } from "../types";
import { parseGeoNamesLine } from "../geonames-import";
import { eastKm, northKm, place } from "@/lib/testing";

const LAT = 48.8566;
const LON = 2.3522;
const at = (kmNorth: number, kmEast = 0, country = "FR") => ({
  lat: northKm(LAT, kmNorth),
  lon: eastKm(LAT, LON, kmEast),
  country,
});

const france = place("france", "country", 46.6, 2.4, { country: "FR" });
const division = place("idf", "adminDivision", LAT, LON, { admin1: "11" });
const otherDivision = place("hdf", "adminDivision", 50, 3, { admin1: "32" });
const bigCity = place("big", "city", LAT, LON, { population: 2_000_000, admin1: "11" });
const town = place("town", "townVillage", northKm(LAT, 8), LON, { population: 10_000, admin1: "11" });
const farTown = place("far", "townVillage", northKm(LAT, 40), LON, { population: 5_000, admin1: "32" });
const section = place("section", "subCity", northKm(LAT, 1), LON);
const landmark = place("tower", "landmark", northKm(LAT, -1), LON);
const airport = place("airport", "airport", northKm(LAT, 20), LON);
const region = place("region", "touristRegion", LAT, LON, { radiusKm: 30 });
const gazetteer = new Gazetteer([
  france,
  division,
  otherDivision,
  bigCity,
  town,
  farTown,
  section,
  landmark,
  airport,
  region,
]);
const count = (hotels: ReturnType<typeof at>[]) => countHotels(gazetteer, hotels);

describe("hotelsCnt rules", () => {
  it("country: every hotel with that country code", () => {
    const counts = count([at(0), at(5), at(100), at(0, 0, "BE")]);
    expect(counts.get(france.placeId)).toBe(3);
  });

  it("city / town: the place whose area holds the hotel, relative to its size", () => {
    expect(areaRadiusKm(0)).toBe(2);
    expect(areaRadiusKm(2_000_000)).toBeCloseTo(19, 0);
    expect(areaRadiusKm(5_000_000)).toBe(COUNT_RULES.MAX_AREA_KM);
    expect(areaRadiusKm(10_000)).toBeCloseTo(3.2, 1);
    // 1 km from the big city: the city; 7.5 km north (0.5 km from the town): the town; 30 km north: neither.
    const counts = count([at(1), at(7.5), at(30)]);
    expect(counts.get(bigCity.placeId)).toBe(1);
    expect(counts.get(town.placeId)).toBe(1);
    expect(counts.get(farTown.placeId)).toBeUndefined();
    // A hotel across the border counts for no French town, however close.
    expect(count([at(0.2, 0, "BE")]).get(bigCity.placeId)).toBeUndefined();
  });

  it("adminDivision: the division of the hotel's city or town, else of the nearest place within 50 km", () => {
    const counts = count([at(1), at(7.5), at(33)]);
    expect(counts.get(division.placeId)).toBe(2);
    // 33 km north is outside every area; the nearest populated place (far town, 7 km) is in the other division.
    expect(counts.get(otherDivision.placeId)).toBe(1);
    expect(count([at(0, 300)]).get(division.placeId)).toBeUndefined();
  });

  it("subCity: the nearest section within 3 km", () => {
    const counts = count([at(1.5), at(3.9), at(4.5)]);
    expect(counts.get(section.placeId)).toBe(2);
  });

  it("landmark within 2 km, airport within 10 km, tourist region within its own radius", () => {
    const counts = count([at(-1), at(-2.9), at(0.9), at(15), at(29), at(31)]);
    expect(counts.get(landmark.placeId)).toBe(3); // -1 (0 km), -2.9 and 0.9 (1.9 km each)
    expect(counts.get(airport.placeId)).toBe(2); // 15 (5 km) and 29 (9 km)
    expect(counts.get(region.placeId)).toBe(5); // all but 31 km
  });

  it("city / town: the smallest distance ÷ area radius wins, not the nearest place", () => {
    // 6 km north: 2 km from the town (2 / 3.2 = 0.63 of its area) but 6 km from the big city (6 / 19 = 0.32 of its).
    const counts = count([at(6)]);
    expect(counts.get(bigCity.placeId)).toBe(1);
    expect(counts.get(town.placeId)).toBeUndefined();
    // 7.5 km north, 0.5 km from the town (0.16 of its area): the town.
    expect(count([at(7.5)]).get(town.placeId)).toBe(1);
  });

  it("subCity: the nearer of two sections", () => {
    const east = place("east", "subCity", LAT, eastKm(LAT, LON, 2));
    const withTwo = new Gazetteer([france, bigCity, section, east]);
    // 1.5 km east: 1.5 km from the east section, 1.8 km from the north one.
    const counts = countHotels(withTwo, [at(0, 0.5 + 1.0)]);
    expect(counts.get(east.placeId)).toBe(1);
    expect(counts.get(section.placeId)).toBeUndefined();
    // 0.9 km north: the north section (0.1 km), not the east one (2.2 km).
    expect(countHotels(withTwo, [at(0.9)]).get(section.placeId)).toBe(1);
  });

  it("touristRegion: 25 km by default; an imported AREA 15 km and PRK 5 km, RGN 50 km", () => {
    const far = (km: number) => ({ lat: northKm(45, km), lon: 6, country: "FR" });
    const imported = (code: string, id: number) => {
      const parsed = parseGeoNamesLine(
        [id, `Region ${code}`, "", "", "45", "6", "L", code, "FR", "", "84", "", "", "", "0", "", "", "", ""].join(
          "\t",
        ),
        new Set(),
      );
      if (!("row" in parsed)) throw new Error(JSON.stringify(parsed));
      return { ...place(`geonames:${id}`, "touristRegion", 45, 6), radiusKm: parsed.row.radius_km ?? undefined };
    };
    const unsized = place("unsized", "touristRegion", 45, 6);
    const [area, park, rgn] = [imported("AREA", 1), imported("PRK", 2), imported("RGN", 3)];
    expect([area.radiusKm, park.radiusKm, rgn.radiusKm]).toEqual([15, 5, 50]);
    expect(COUNT_RULES.TOURIST_REGION_KM).toBe(25);
    const counts = countHotels(
      new Gazetteer([unsized, area, park, rgn]),
      [4.9, 5.1, 14.9, 15.1, 24.9, 25.1, 49.9, 50.1].map(far),
    );
    expect(counts.get(park.placeId)).toBe(1);
    expect(counts.get(area.placeId)).toBe(3);
    expect(counts.get(unsized.placeId)).toBe(5);
    expect(counts.get(rgn.placeId)).toBe(7);
  });

  it("counts across ±180°: a town, a section and a landmark on the other side of the antimeridian", () => {
    const fiji = { country: "FJ" };
    const west = place("west-town", "townVillage", -16.8, -179.99, { ...fiji, population: 5_000, admin1: "03" });
    const fijiDivision = place("fiji-north", "adminDivision", -16.5, 179.4, { ...fiji, admin1: "03" });
    const westSection = place("west-section", "subCity", -16.8, -179.995, fiji);
    const westLandmark = place("west-mark", "landmark", -16.8, -179.999, fiji);
    const hotelEast = { lat: -16.8, lon: 179.995, country: "FJ" }; // about 1.1 km from the town
    const counts = countHotels(new Gazetteer([west, fijiDivision, westSection, westLandmark]), [hotelEast]);
    expect(counts.get(west.placeId)).toBe(1);
    expect(counts.get(fijiDivision.placeId)).toBe(1);
    expect(counts.get(westSection.placeId)).toBe(1);
    expect(counts.get(westLandmark.placeId)).toBe(1);
  });

  it("places without hotels get no count", () => {
    expect(count([]).size).toBe(0);
  });
});

describe("hotelsCnt over the bundled gazetteer", () => {
  /** The rules read place by place, with no index and no shortcut: what the counting must agree with. */
  function byTheRules(places: readonly Place[], hotels: readonly HotelPoint[]): Map<string, number[]> {
    const out = new Map<string, number[]>();
    const add = (p: Place | undefined, hotel: number) => {
      if (p) out.set(p.placeId, [...(out.get(p.placeId) ?? []), hotel]);
    };
    const least = <T>(items: T[], key: (t: T) => number): T | undefined =>
      items.reduce<T | undefined>((a, b) => (a === undefined || key(b) < key(a) ? b : a), undefined);
    const byDegree = new Map<number, Place[]>();
    for (const p of places) {
      const list = byDegree.get(Math.floor(p.lat));
      if (list) list.push(p);
      else byDegree.set(Math.floor(p.lat), [p]);
    }
    hotels.forEach((h, i) => {
      // Every rule's reach is under a degree of latitude (111 km).
      const near = [-1, 0, 1]
        .flatMap((d) => byDegree.get(Math.floor(h.lat) + d) ?? [])
        .filter((p) => Math.abs(p.lat - h.lat) < 1);
      const km = (p: Place) => distanceKm(h.lat, h.lon, p.lat, p.lon);
      const nearest = (list: Place[], limit: number) =>
        least(
          list.filter((p) => km(p) <= limit),
          km,
        );
      const ofCountry = (...categories: string[]) =>
        near.filter((p) => categories.includes(p.category) && p.country === h.country);
      add(
        places.find((p) => p.category === "country" && p.country === h.country),
        i,
      );
      const settlements = ofCountry("city", "townVillage");
      const share = (p: Place) => km(p) / areaRadiusKm(p.population);
      const area = least(
        settlements.filter((p) => share(p) <= 1),
        share,
      );
      add(area, i);
      const seat = area ?? nearest(settlements, COUNT_RULES.DIVISION_FALLBACK_KM);
      if (seat?.admin1) {
        const division = (p: Place) =>
          p.category === "adminDivision" && p.country === seat.country && p.admin1 === seat.admin1;
        add(places.find(division), i);
      }
      add(nearest(ofCountry("subCity"), COUNT_RULES.SUB_CITY_KM), i);
      for (const p of near) {
        const reach =
          p.category === "landmark"
            ? COUNT_RULES.LANDMARK_KM
            : p.category === "airport"
              ? COUNT_RULES.AIRPORT_KM
              : p.category === "touristRegion"
                ? (p.radiusKm ?? COUNT_RULES.TOURIST_REGION_KM)
                : undefined;
        if (reach !== undefined && distanceKm(p.lat, p.lon, h.lat, h.lon) <= reach) add(p, i);
      }
    });
    return out;
  }

  it("gives each hotel the same places as the rules read place by place: dense, far north, across ±180°", () => {
    const gazetteer = new Gazetteer(bundledPlaces());
    const random = new Random(13);
    // Paris, Tokyo, Lagos, Tromsø, São Paulo, New York, Brussels (with Dutch and French hotels: borders), Singapore,
    // Taveuni.
    const centres: [number, number, string[]][] = [
      [48.8566, 2.3522, ["FR"]],
      [35.6812, 139.7671, ["JP"]],
      [6.4541, 3.3947, ["NG"]],
      [69.6492, 18.9553, ["NO"]],
      [-23.5505, -46.6333, ["BR"]],
      [40.7128, -74.006, ["US"]],
      [50.8503, 4.3517, ["BE", "NL", "FR"]],
      [1.3521, 103.8198, ["SG", "MY"]],
      [-16.82, 179.99, ["FJ"]], // Taveuni, on the antimeridian
    ];
    const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon);
    const hotels = Array.from({ length: 360 }, (_, i) => {
      const [lat, lon, countries] = centres[i % centres.length]!;
      const spread = i % 3 === 0 ? 0.9 : 0.25; // within about 100 km, or close in
      return {
        lat: lat + (random.next() - 0.5) * spread,
        lon: wrap(lon + ((random.next() - 0.5) * spread) / Math.cos((lat * Math.PI) / 180)),
        country: random.pick(countries),
      };
    });
    const sorted = (m: Iterable<[string | { placeId: string }, ArrayLike<number>]>) =>
      [...m]
        .map(([p, list]) => [typeof p === "string" ? p : p.placeId, [...Array.from(list)].sort((a, b) => a - b)])
        .sort();
    const counted = placeHotels(gazetteer, hotels);
    expect(counted.size).toBeGreaterThan(100);
    expect(sorted(counted)).toEqual(sorted(byTheRules(gazetteer.places, hotels)));
  });
});
