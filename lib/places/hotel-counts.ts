import type KDBush from "kdbush";
import { sortableKm, sortRows } from "@/lib/columns";
import type { Gazetteer } from "./gazetteer";
import { boxAround, columnIndex, columnsWithin, distanceKm, meridianKm, pointIndex } from "./geo";
import type { Place } from "./types";

export interface HotelPoint {
  lat: number;
  lon: number;
  country: string;
}

/**
 * Hotels as columns, index i of each being hotel i: what a recount reads a million hotels into (typed arrays, about
 * 18 MB, where a million point objects took about 85 MB).
 */
export interface HotelColumns {
  readonly lat: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
  /** Hotel i's country code. */
  country(i: number): string;
}

const asColumns = (hotels: readonly HotelPoint[] | HotelColumns): HotelColumns =>
  Array.isArray(hotels)
    ? {
        lat: hotels.map((h: HotelPoint) => h.lat),
        lon: hotels.map((h: HotelPoint) => h.lon),
        country: (i: number) => (hotels as readonly HotelPoint[])[i]!.country,
      }
    : (hotels as HotelColumns);

/**
 * How a hotel counts for a place (hotelsCnt), one rule per category, documented in the README:
 * - country: the hotel's country code;
 * - city / townVillage: the place whose area the hotel lies in: among the places of the hotel's country, the one with
 *   the smallest distance ÷ area radius, provided the hotel is inside that radius (see areaRadiusKm);
 * - subCity: the nearest section of a city within SUB_CITY_KM;
 * - adminDivision: the division of that city or town (else of the nearest populated place of the country within
 *   DIVISION_FALLBACK_KM);
 * - landmark / airport: every one within LANDMARK_KM / AIRPORT_KM;
 * - touristRegion: every one whose radius (its own, else TOURIST_REGION_KM) contains the hotel.
 */
export const COUNT_RULES = {
  SUB_CITY_KM: 3,
  DIVISION_FALLBACK_KM: 50,
  LANDMARK_KM: 2,
  AIRPORT_KM: 10,
  TOURIST_REGION_KM: 25,
  MAX_AREA_KM: 20,
} as const;

/** A populated place's area: 2 km plus a term growing with the square root of its population, at most 20 km. */
export function areaRadiusKm(population: number): number {
  return Math.min(COUNT_RULES.MAX_AREA_KM, 2 + 0.012 * Math.sqrt(Math.max(0, population)));
}

function radiusKm(place: Place): number | undefined {
  switch (place.category) {
    case "landmark":
      return COUNT_RULES.LANDMARK_KM;
    case "airport":
      return COUNT_RULES.AIRPORT_KM;
    case "touristRegion":
      return place.radiusKm ?? COUNT_RULES.TOURIST_REGION_KM;
    default:
      return undefined;
  }
}

/**
 * The place of the hotel's country nearest to it within km, if any (the first found of equally near ones). A place
 * further north or south than the nearest so far cannot be nearer: its distance is not computed.
 */
function nearestOfCountry(index: KDBush, places: Place[], h: HotelPoint, km: number): Place | undefined {
  let nearest: Place | undefined;
  let best = Infinity;
  for (const id of boxAround(index, h.lat, h.lon, km)) {
    const p = places[id]; // undefined for the placeholder point of an empty index
    if (!p || p.country !== h.country || meridianKm(h.lat, p.lat) > Math.min(km, best)) continue;
    const d = distanceKm(h.lat, h.lon, p.lat, p.lon);
    if (d <= km && d < best) [nearest, best] = [p, d];
  }
  return nearest;
}

/** hotelsCnt of every place that has at least one hotel (counted as they are found: no member lists held). */
export function countHotels(gazetteer: Gazetteer, hotels: readonly HotelPoint[] | HotelColumns): Map<string, number> {
  const counts = new Map<string, number>();
  visitPlaceHotels(gazetteer, asColumns(hotels), (place) =>
    counts.set(place.placeId, (counts.get(place.placeId) ?? 0) + 1),
  );
  return counts;
}

/**
 * The hotels each place counts (rows of the hotel columns), held as one array of rows with each place's slice of it:
 * at a million hotels, about 5 million memberships in 20 MB, where a JS array per place took about 60 MB.
 */
export class PlaceMembers {
  private readonly index = new Map<string, number>();

  constructor(
    /** The places with at least one hotel. */
    readonly places: readonly Place[],
    /** Place k's hotels are rows[offsets[k]] to rows[offsets[k + 1] - 1]. */
    readonly offsets: Uint32Array,
    readonly rows: Int32Array,
  ) {
    places.forEach((p, k) => this.index.set(p.placeId, k));
  }

  get size(): number {
    return this.places.length;
  }

  /** The place's hotels nearest its centre first (a view into rows, not a copy), undefined when it has none. */
  get(placeId: string): Int32Array | undefined {
    const k = this.index.get(placeId);
    return k === undefined ? undefined : this.rows.subarray(this.offsets[k]!, this.offsets[k + 1]!);
  }

  *[Symbol.iterator](): Generator<[Place, Int32Array]> {
    for (let k = 0; k < this.places.length; k++)
      yield [this.places[k]!, this.rows.subarray(this.offsets[k]!, this.offsets[k + 1]!)];
  }
}

/**
 * The hotels (indices into `hotels`) each place counts, by the rules above: the brand sites' search results of a
 * place are exactly the hotels its hotelsCnt counted. Each place's hotels are nearest its centre first.
 */
export function placeHotels(gazetteer: Gazetteer, hotels: readonly HotelPoint[] | HotelColumns): PlaceMembers {
  const places: Place[] = [];
  const known = new Map<Place, number>();
  // (place, hotel) pairs as found, then grouped by place with a counting sort: no array per place while counting.
  let pairs = new Int32Array(Math.max(1024, asColumns(hotels).lat.length * 8));
  let n = 0;
  visitPlaceHotels(gazetteer, asColumns(hotels), (place, hotel) => {
    let k = known.get(place);
    if (k === undefined) {
      k = places.length;
      places.push(place);
      known.set(place, k);
    }
    if (n + 2 > pairs.length) {
      const grown = new Int32Array(pairs.length * 2);
      grown.set(pairs);
      pairs = grown;
    }
    pairs[n++] = k;
    pairs[n++] = hotel;
  });
  const offsets = new Uint32Array(places.length + 1);
  for (let j = 0; j < n; j += 2) offsets[pairs[j]! + 1]!++;
  for (let k = 0; k < places.length; k++) offsets[k + 1]! += offsets[k]!;
  const next = offsets.slice(0, places.length);
  const rows = new Int32Array(n / 2);
  for (let j = 0; j < n; j += 2) rows[next[pairs[j]!]!++] = pairs[j + 1]!;
  // Each place's hotels nearest its centre first (equally near ones in row order): the order its results list them.
  const { lat, lon } = asColumns(hotels);
  places.forEach((place, k) => {
    const slice = rows.subarray(offsets[k]!, offsets[k + 1]!);
    const km = (row: number) => distanceKm(place.lat, place.lon, lat[row]!, lon[row]!);
    slice.set(sortRows(slice, (row) => sortableKm(km(row)), km));
  });
  return new PlaceMembers(places, offsets, rows);
}

/** The gazetteer's places sorted by the rule that counts hotels for them, with the indexes the rules search. */
interface PlacesByRule {
  settlements: Place[];
  sections: Place[];
  radiusPlaces: Place[];
  countries: Map<string, Place>;
  divisions: Map<string, Place>;
  settlementIndex: KDBush;
  settlementAreaKm: Float64Array;
  sectionIndex: KDBush;
}

/**
 * Kept per gazetteer (a gazetteer does not change): a serving process builds its catalog again on every publish and
 * every recount, each time for the same gazetteer, and sorting and indexing its 143 000 places was most of that
 * build's time whatever the number of hotels (a catalog of 30 hotels rebuilt: 150–190 ms of CPU before, 5–7 ms with
 * this kept; the first build of a process still pays it). A few MB, for as long as the gazetteer is in use.
 */
const byRule = new WeakMap<Gazetteer, PlacesByRule>();

function placesByRule(gazetteer: Gazetteer): PlacesByRule {
  const known = byRule.get(gazetteer);
  if (known) return known;
  const settlements: Place[] = [];
  const sections: Place[] = [];
  const radiusPlaces: Place[] = [];
  const countries = new Map<string, Place>();
  const divisions = new Map<string, Place>();
  for (const p of gazetteer.places) {
    if (p.category === "city" || p.category === "townVillage") settlements.push(p);
    else if (p.category === "subCity") sections.push(p);
    else if (p.category === "country") countries.set(p.country, p);
    else if (p.category === "adminDivision") divisions.set(`${p.country}.${p.admin1}`, p);
    else if (radiusKm(p) !== undefined) radiusPlaces.push(p);
  }
  const prepared: PlacesByRule = {
    settlements,
    sections,
    radiusPlaces,
    countries,
    divisions,
    settlementIndex: pointIndex(settlements),
    settlementAreaKm: Float64Array.from(settlements, (p) => areaRadiusKm(p.population)),
    sectionIndex: pointIndex(sections),
  };
  byRule.set(gazetteer, prepared);
  return prepared;
}

/** Calls found(place, hotel) for every place each hotel counts for, by the rules above. */
function visitPlaceHotels(
  gazetteer: Gazetteer,
  hotels: HotelColumns,
  found: (place: Place, hotel: number) => void,
): void {
  const add = (place: Place | undefined, hotel: number) => {
    if (place) found(place, hotel);
  };
  const { settlements, sections, radiusPlaces, countries, divisions, settlementIndex, settlementAreaKm, sectionIndex } =
    placesByRule(gazetteer);

  for (let i = 0; i < hotels.lat.length; i++) {
    const h = { lat: hotels.lat[i]!, lon: hotels.lon[i]!, country: hotels.country(i) };
    add(countries.get(h.country), i);

    let area: Place | undefined;
    let best = Infinity;
    // Most places of the box lie further north or south than their own area reaches: no distance computed for them.
    for (const id of boxAround(settlementIndex, h.lat, h.lon, COUNT_RULES.MAX_AREA_KM)) {
      const p = settlements[id];
      if (!p || p.country !== h.country) continue; // no place: the placeholder point of an empty index
      const areaKm = settlementAreaKm[id]!;
      if (meridianKm(h.lat, p.lat) > areaKm) continue;
      const share = distanceKm(h.lat, h.lon, p.lat, p.lon) / areaKm;
      if (share <= 1 && share < best) [area, best] = [p, share];
    }
    add(area, i);

    const seat = area ?? nearestOfCountry(settlementIndex, settlements, h, COUNT_RULES.DIVISION_FALLBACK_KM);
    if (seat?.admin1) add(divisions.get(`${seat.country}.${seat.admin1}`), i);
    add(nearestOfCountry(sectionIndex, sections, h, COUNT_RULES.SUB_CITY_KM), i);
  }

  // Radius rules: one query of the hotels around each landmark, airport and tourist region.
  const hotelIndex = columnIndex(hotels.lat, hotels.lon);
  for (const p of radiusPlaces) {
    for (const f of columnsWithin(hotelIndex, hotels, p.lat, p.lon, radiusKm(p)!)) add(p, f.id);
  }
}
