import type { Brand } from "@/lib/brands";
import { AppError } from "@/lib/http/errors";
import { countryCodeByName, countryName } from "@/lib/locale";
import type { Gazetteer } from "./gazetteer";
import { distanceKm, NearestSearch, pointIndex } from "./geo";
import type { NearbyPlacesRequest } from "./request";
import { searchLinks } from "./search-url";
import { PLACE_CATEGORIES, placeName, type Place, type PlaceCategory } from "./types";

const CATEGORY_BIT = new Map(PLACE_CATEGORIES.map((c, i) => [c, 1 << i]));

/** Seed §2.2: one item of the response. */
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
    if (this.listed.length === 0) return [];
    let mask = 0;
    for (const c of categories) mask |= CATEGORY_BIT.get(c)!;
    const bits = this.categoryBits;
    const ids = this.nearest.search(centre.lat, centre.lon, hits + 1, radiusKm, (id) => (bits[id]! & mask) !== 0);
    // The centre itself is not listed: it is the nearest of its own results, so one more is asked for.
    return ids
      .map((id) => this.listed[id]!)
      .filter((p) => p.placeId !== centre.placeId)
      .slice(0, hits);
  }
}

/**
 * The main place of a request (seed §4.1): placeId wins over placeName; among same-named places `country` picks
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
        status: 400,
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
  return new AppError({ status: 404, code: "PLACE_NOT_FOUND", field, message });
}

/**
 * The nearby-places operation as a library call (the HTTP route, the brand pages and the assistant use it):
 * places within the radius of the main place, of the requested categories, that have hotels, nearest first, the
 * main place itself left out, at most `hits`. Names in the request's language; distances in km rounded to 10 m.
 */
export function nearbyPlaces(view: PlacesView, brand: Brand, req: NearbyPlacesRequest): NearbyPlace[] {
  return placesAround(view, brand, mainPlace(view.gazetteer, req), req);
}

/** Where distances are measured from: the main place, or a point such as a hotel (its placeId then empty). */
export type NearbyCentre = Pick<Place, "placeId" | "lat" | "lon">;

/** The search of nearbyPlaces around any centre (a hotel page's nearby panel centres on the hotel). */
export function placesAround(view: PlacesView, brand: Brand, centre: NearbyCentre, req: AroundRequest): NearbyPlace[] {
  const { places, link } = answer(view, brand, centre, req);
  return places.map((p) => ({
    placeName: placeName(p, req.language),
    placeId: p.placeId,
    placeCountry: countryName(p.country, req.language),
    placeCategory: p.category,
    distanceKM: distanceKM(centre, p),
    hotelsCnt: view.hotelsCnt(p),
    url: link(p.placeId),
  }));
}

type AroundRequest = Omit<NearbyPlacesRequest, "placeId" | "placeName" | "country" | "userCountry" | "userDevice">;

/** What an answer lists (nearest first) and the links of its places. */
function answer(view: PlacesView, brand: Brand, centre: NearbyCentre, req: AroundRequest) {
  const link = searchLinks(brand, {
    currency: req.currency,
    language: req.language,
    rooms: req.rooms,
    checkIn: req.checkIn,
    checkOut: req.checkOut,
    label: req.label,
    anonymousId: req.anonymousId,
  });
  return { places: view.around(centre, req.radiusKm, req.hits, req.placeCategories), link };
}

/** Kilometres rounded to 10 m. */
const distanceKM = (centre: NearbyCentre, p: Place) =>
  Math.round(distanceKm(centre.lat, centre.lon, p.lat, p.lon) * 100) / 100;

/**
 * The response body of POST /v1/nearby-places (seed §2.3) as UTF-8 JSON: the bytes of
 * JSON.stringify({ places: nearbyPlaces(view, brand, req) }), written place by place. A thousand places make a body of
 * a few hundred KB: built as objects, then one string, then bytes, most of its cost was the objects, the string's
 * thousands of pieces joined (two bytes a character as soon as one name needs it) and its encoding.
 */
export function nearbyPlacesJson(view: PlacesView, brand: Brand, req: NearbyPlacesRequest): Buffer<ArrayBuffer> {
  const centre = mainPlace(view.gazetteer, req);
  const { places, link } = answer(view, brand, centre, req);
  const language = req.language;
  // A link is a prefix and a suffix, the same for the whole answer, around encodeURIComponent(placeId), which needs no
  // JSON escaping: when the rest needs none either, every link is written as it is.
  const bare = link("");
  const plainLinks = JSON.stringify(bare) === `"${bare}"`;
  const out = new Utf8Writer(64 + places.length * (bare.length + 200));
  out.write('{"places":[');
  for (let i = 0; i < places.length; i++) {
    const p = places[i]!;
    const url = link(p.placeId);
    // Field order and number formatting as JSON.stringify of a NearbyPlace (seed §2.2).
    out.write(
      `${i === 0 ? "" : ","}{"placeName":${JSON.stringify(placeName(p, language))},"placeId":${JSON.stringify(p.placeId)},` +
        `"placeCountry":${JSON.stringify(countryName(p.country, language))},"placeCategory":"${p.category}",` +
        `"distanceKM":${distanceKM(centre, p)},"hotelsCnt":${view.hotelsCnt(p)},` +
        `"url":${plainLinks ? `"${url}"` : JSON.stringify(url)}}`,
    );
  }
  out.write("]}");
  return out.bytes();
}

/** UTF-8 bytes appended piece by piece to one buffer (doubled when full): no large string is ever built. */
class Utf8Writer {
  private buf: Buffer<ArrayBuffer>;
  private length = 0;

  constructor(sizeHint: number) {
    this.buf = Buffer.allocUnsafe(sizeHint);
  }

  write(text: string): void {
    // At most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units); counted exactly only near the end.
    const room = this.buf.length - this.length;
    if (3 * text.length > room && Buffer.byteLength(text) > room) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.length + 3 * text.length));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.length += this.buf.write(text, this.length);
  }

  bytes(): Buffer<ArrayBuffer> {
    return this.buf.subarray(0, this.length);
  }
}
