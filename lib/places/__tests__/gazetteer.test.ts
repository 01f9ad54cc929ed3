import { beforeAll, describe, expect, it } from "vitest";
import { Gazetteer } from "../gazetteer";
import { countryCodeByName, nameKey } from "@/lib/locale";
import { placeIdFor, PLACE_ID_PATTERN } from "../place-id";
import { bundledPlaces, populatedPlaceCategory, weightedCentre } from "../sources/bundled";
import { PLACE_CATEGORIES, type Place } from "../types";
import { distanceKm } from "../geo";
import { place } from "@/lib/testing";

let places: Place[];
let gazetteer: Gazetteer;
beforeAll(() => {
  places = bundledPlaces();
  gazetteer = new Gazetteer(places);
});

describe("the bundled gazetteer", () => {
  it("has places of all eight categories, each with an id, name, country and position", () => {
    const counts = Object.fromEntries(PLACE_CATEGORIES.map((c) => [c, places.filter((p) => p.category === c).length]));
    expect(counts.country).toBeGreaterThan(240);
    expect(counts.adminDivision).toBeGreaterThan(3000);
    expect(counts.city).toBeGreaterThan(10_000);
    expect(counts.townVillage).toBeGreaterThan(100_000);
    expect(counts.subCity).toBeGreaterThan(4000);
    expect(counts.airport).toBeGreaterThan(4000);
    expect(counts.landmark).toBeGreaterThan(50);
    expect(counts.touristRegion).toBeGreaterThan(15);
    const malformed = places.filter(
      (p) =>
        !PLACE_ID_PATTERN.test(p.placeId) ||
        !p.name ||
        !/^[A-Z]{2}$/.test(p.country) ||
        !(Math.abs(p.lat) <= 90) ||
        !(Math.abs(p.lon) <= 180),
    );
    expect(malformed).toEqual([]);
    expect(new Set(places.map((p) => p.placeId)).size).toBe(places.length);
  });

  it("keeps place ids stable across builds and versions (derived from the source id only)", () => {
    // These ids were handed to partners; they must never change.
    expect(placeIdFor("country:FR")).toBe("smgdjlrsh22oi");
    expect(gazetteer.named("France").find((p) => p.category === "country")!.placeId).toBe("smgdjlrsh22oi");
    expect(gazetteer.get("viwu6oz34ypqu")?.name).toBe("Île-de-France");
    expect(bundledPlaces().map((p) => p.placeId)).toEqual(places.map((p) => p.placeId));
  });

  it("classifies populated places: capitals and seats are cities, PPLX are subCity, small places townVillage", () => {
    expect(populatedPlaceCategory("PPLC", 900)).toBe("city");
    expect(populatedPlaceCategory("PPLA", 3000)).toBe("city");
    expect(populatedPlaceCategory("PPLA2", 25_000)).toBe("city");
    expect(populatedPlaceCategory("PPLA2", 5_000)).toBe("townVillage");
    expect(populatedPlaceCategory("PPL", 60_000)).toBe("city");
    expect(populatedPlaceCategory("PPL", 8_000)).toBe("townVillage");
    expect(populatedPlaceCategory("PPLX", 500_000)).toBe("subCity");
    const paris = gazetteer.named("Paris")[0]!;
    expect([paris.category, paris.country]).toEqual(["city", "FR"]);
  });

  it("positions countries and divisions at the population-weighted centre of their places", () => {
    const france = gazetteer.get(placeIdFor("country:FR"))!;
    // Metropolitan France's weighted centre lies inside the country, some 200-350 km from Paris.
    const km = distanceKm(france.lat, france.lon, 48.8566, 2.3522);
    expect(km).toBeGreaterThan(100);
    expect(km).toBeLessThan(400);
    const fiji = weightedCentre([
      { lat: -17, lon: 179.5, weight: 1 },
      { lat: -17, lon: -179.5, weight: 1 },
    ]);
    expect(Math.abs(fiji.lon)).toBeGreaterThan(179.9); // across the antimeridian, not at 0°
  });

  it("finds places by name in any case, without accents, in other languages and by IATA code", () => {
    expect(gazetteer.named("KRAKOW")[0]?.name).toBe("Kraków");
    expect(gazetteer.named("saint etienne").some((p) => p.name === "Saint-Étienne")).toBe(true);
    expect(gazetteer.named("Frankreich")[0]?.placeId).toBe(placeIdFor("country:FR"));
    expect(gazetteer.named("Eiffelturm")[0]?.name).toBe("Eiffel Tower");
    expect(gazetteer.named("CDG")[0]).toMatchObject({ category: "airport", country: "FR" });
    expect(gazetteer.named("nowhere-at-all-xyz")).toEqual([]);
    expect(nameKey("  Saint-Étienne ")).toBe("saint etienne");
    expect(nameKey("Straße Øresund")).toBe("strasse oresund");
  });

  it("finds well-known cities by their English and local names, and shows the visitor's", () => {
    for (const [name, country] of [
      ["Seville", "ES"],
      ["Sevilla", "ES"],
      ["Cologne", "DE"],
      ["Wien", "AT"],
      ["Geneva", "CH"],
      ["Praha", "CZ"],
      ["München", "DE"],
    ]) {
      expect(gazetteer.named(name!).find((p) => p.category === "city")?.country, name).toBe(country);
    }
    const seville = gazetteer.named("Seville").find((p) => p.country === "ES")!;
    expect([seville.name, seville.names?.en, seville.names?.it]).toEqual(["Sevilla", "Seville", "Siviglia"]);
  });

  it("orders same-named places most populous first (the 'first match' of spec §4.1)", () => {
    const paris = gazetteer.named("Paris");
    expect(paris.length).toBeGreaterThan(3);
    for (let i = 1; i < paris.length; i++)
      expect(paris[i - 1]!.population).toBeGreaterThanOrEqual(paris[i]!.population);
    expect(paris.find((p) => p.country === "US")).toBeDefined();
  });

  it("resolves countries by name in supported languages and by ISO code", () => {
    expect(countryCodeByName("Germany")).toBe("DE");
    expect(countryCodeByName("Allemagne")).toBe("DE");
    expect(countryCodeByName("deutschland")).toBe("DE");
    expect(countryCodeByName("de")).toBe("DE");
    expect(countryCodeByName("Atlantis")).toBeUndefined();
  });

  it("lets imported places replace bundled ones with the same source key", () => {
    const bundled = [place("a", "townVillage", 1, 1, { name: "Old name" })];
    const imported = [{ ...bundled[0]!, name: "New name", population: 10 }];
    const g = new Gazetteer(bundled, imported);
    expect(g.size).toBe(1);
    expect(g.get(bundled[0]!.placeId)?.name).toBe("New name");
    expect(g.named("Old name")).toEqual([]);
  });
});
