import type { Language } from "@/lib/locale";

/** Spec §4.1: the eight place categories, in its order (also how same-named places of equal population rank). */
export const PLACE_CATEGORIES = [
  "country",
  "adminDivision",
  "city",
  "townVillage",
  "subCity",
  "landmark",
  "touristRegion",
  "airport",
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export function isPlaceCategory(value: string): value is PlaceCategory {
  return (PLACE_CATEGORIES as readonly string[]).includes(value);
}

/** One place of the gazetteer (in memory; built from the bundled sources and the operator's imports). */
export interface Place {
  /** Stable opaque id: derived from the source and the source's own id, never from names or positions. */
  placeId: string;
  /** Where the place comes from ("geonames:2988507", "ourairports:4185", "country:FR", "curated:eiffel-tower"). */
  sourceKey: string;
  category: PlaceCategory;
  /** The name in English (or the source's default name). */
  name: string;
  /** Names in other languages, where the source has them. */
  names?: Partial<Record<Language, string>>;
  /** Other names the place is found by (alternate spellings, IATA codes); not shown. */
  altNames?: string[];
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  lat: number;
  lon: number;
  /** Inhabitants (populated places; sums for countries and divisions); 0 where not applicable. */
  population: number;
  /** GeoNames first-level division code of populated places and divisions ("11" in FR.11). */
  admin1?: string;
  /** Tourist regions: how far from their centre a hotel still counts as in the region. */
  radiusKm?: number;
}

/** The localized name of a place: the language's name where the source has one, else the default name. */
export function placeName(place: Place, language: Language): string {
  return place.names?.[language] ?? place.name;
}
