import { AppError } from "@/lib/http/node";
import { countryCodeByName, countryName, type Language } from "@/lib/locale";
import type { Gazetteer } from "./gazetteer";
import { haverSinKm, NearestSearch, pointIndex } from "./geo";
import type { NearbyPlacesRequest } from "./request";
import { PLACE_CATEGORIES, placeName, type Place, type PlaceCategory } from "./types";

const CATEGORY_BIT = new Map(PLACE_CATEGORIES.map((c, i) => [c, 1 << i]));

/**
 * A response's links: prefix + encodeURIComponent(placeId) + suffix, the same prefix for every answer of a brand.
 * The caller builds them (lib/tracking/search-links.ts: they carry the brand's signed tracking parameters), so that
 * the search itself knows nothing of brands or tracking.
 */
export interface SearchLinkParts {
  prefix: string;
  suffix: string;
}

export const linkTo = (links: SearchLinkParts, placeId: string) =>
  links.prefix + encodeURIComponent(placeId) + links.suffix;

/** Spec §2.2: one item of the response. */
export interface NearbyPlace {
  placeName: string;
  placeId: string;
  placeCountry: string;
  placeCategory: PlaceCategory;
  distanceKM: number;
  hotelsCnt: number;
  url: string;
}

/**
 * What the nearby search runs on: the gazetteer, the hotel counts of its latest recount, and a k-d tree over the
 * places that have hotels (only they are listed: every url must lead to results). Built once per recount.
 */
export class PlacesView {
  readonly listed: Place[];
  private readonly nearest: NearestSearch;
  /** Per listed place: its category's bit (the search's filter reads these, not the Place objects). */
  private readonly categoryBits: Uint8Array;

  constructor(
    readonly gazetteer: Gazetteer,
    readonly counts: ReadonlyMap<string, number>,
    readonly recountId: number | null = null,
  ) {
    this.listed = gazetteer.places.filter((p) => (counts.get(p.placeId) ?? 0) > 0);
    this.nearest = new NearestSearch(pointIndex(this.listed));
    this.categoryBits = Uint8Array.from(this.listed, (p) => CATEGORY_BIT.get(p.category)!);
  }

  hotelsCnt(place: Place): number {
    return this.counts.get(place.placeId) ?? 0;
  }

  /** Listed places within radiusKm of the centre, nearest first, at most `hits`. */
  around(centre: NearbyCentre, radiusKm: number, hits: number, categories: readonly PlaceCategory[]): Place[] {
    return this.aroundIds(centre, radiusKm, hits, categories).map((id) => this.listed[id]!);
  }

  /**
   * The same places as their indexes in `listed`; `km`, when given, receives their distances from the centre (what
   * distanceKm gives, taken from the search instead of computed again).
   */
  aroundIds(
    centre: NearbyCentre,
    radiusKm: number,
    hits: number,
    categories: readonly PlaceCategory[],
    km?: number[],
  ): number[] {
    if (this.listed.length === 0) return [];
    let mask = 0;
    for (const c of categories) mask |= CATEGORY_BIT.get(c)!;
    const bits = this.categoryBits;
    const haverSins: number[] = [];
    const accept = (id: number) => (bits[id]! & mask) !== 0;
    const ids = this.nearest.search(centre.lat, centre.lon, hits + 1, radiusKm, accept, km && haverSins);
    // The centre itself is left out: it is the nearest of its own results, so one more is asked for.
    const out: number[] = [];
    for (let i = 0; i < ids.length && out.length < hits; i++) {
      if (this.listed[ids[i]!]!.placeId === centre.placeId) continue;
      out.push(ids[i]!);
      km?.push(haverSinKm(haverSins[i]!));
    }
    return out;
  }
}

/**
 * The main place of a request (spec §4.1): placeId wins over placeName; among same-named places `country` picks
 * the first one in that country, else the first of all (most prominent: see Gazetteer.named).
 */
export function mainPlace(gazetteer: Gazetteer, req: NearbyPlacesRequest): Place {
  if (req.placeId !== undefined) {
    const place = gazetteer.get(req.placeId.toLowerCase());
    if (!place) throw notFound("placeId", `No place has the id "${req.placeId}"`);
    return place;
  }
  const name = req.placeName!;
  const candidates = gazetteer.named(name);
  if (req.country !== undefined) {
    const code = countryCodeByName(req.country);
    if (!code) {
      throw new AppError({
        code: "INVALID_FIELD",
        field: "country",
        message: `"${req.country}" is not a country name or ISO 3166-1 code that the platform knows`,
      });
    }
    const inCountry = candidates.find((p) => p.country === code);
    if (!inCountry) throw notFound("country", `No place named "${name}" in ${countryName(code, "en")}`);
    return inCountry;
  }
  const first = candidates[0];
  if (!first) throw notFound("placeName", `No place is named "${name}"`);
  return first;
}

function notFound(field: string, message: string): AppError {
  return new AppError({ code: "PLACE_NOT_FOUND", field, message });
}

/**
 * The nearby-places operation as a library call (the HTTP route, the brand pages and the assistant use it):
 * places within the radius of the main place, of the requested categories, that have hotels, nearest first, the
 * main place itself left out, at most `hits`. Names in the request's language; distances in km rounded to 10 m.
 */
export function nearbyPlaces(view: PlacesView, req: NearbyPlacesRequest, links: SearchLinkParts): NearbyPlace[] {
  return placesAround(view, mainPlace(view.gazetteer, req), req, links);
}

/** Where distances are measured from: the main place, or a point such as a hotel (its placeId then empty). */
export type NearbyCentre = Pick<Place, "placeId" | "lat" | "lon">;

/** The search of nearbyPlaces around any centre (a hotel page's nearby panel centres on the hotel). */
export function placesAround(
  view: PlacesView,
  centre: NearbyCentre,
  req: AroundRequest,
  links: SearchLinkParts,
): NearbyPlace[] {
  const km: number[] = [];
  const ids = nearbyIds(view, centre, req, km);
  return nearbyItems(view, ids, km, req.language, links);
}

/** The items of an answer: the places `ids` (indexes in view.listed) at their distances `km`, in `language`. */
export function nearbyItems(
  view: PlacesView,
  ids: readonly number[],
  km: readonly number[],
  language: Language,
  links: SearchLinkParts,
): NearbyPlace[] {
  return ids.map((id, i) => {
    const p = view.listed[id]!;
    return {
      placeName: placeName(p, language),
      placeId: p.placeId,
      placeCountry: countryName(p.country, language),
      placeCategory: p.category,
      distanceKM: hundredthsOfKm(km[i]!) / 100,
      hotelsCnt: view.hotelsCnt(p),
      url: linkTo(links, p.placeId),
    };
  });
}

type AroundRequest = Pick<NearbyPlacesRequest, "radiusKm" | "hits" | "placeCategories" | "language">;

/** What an answer lists (indexes in view.listed, nearest first); `km`, when given, receives their distances. */
export function nearbyIds(view: PlacesView, centre: NearbyCentre, req: AroundRequest, km?: number[]): number[] {
  return view.aroundIds(centre, req.radiusKm, req.hits, req.placeCategories, km);
}

/** Spec §2.2 distanceKM in hundredths of a kilometre: rounded to 10 m, an integer. */
export const hundredthsOfKm = (km: number) => Math.round(km * 100);
