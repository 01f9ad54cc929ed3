import { foldName, type Language } from "@/lib/locale";
import type KDBush from "kdbush";
import { distanceKm, pointIndex, pointsWithin } from "@/lib/places/geo";
import { placeHotels } from "@/lib/places/hotel-counts";
import type { PlacesView } from "@/lib/places/nearby";
import { placeName, type Place } from "@/lib/places/types";
import { allowedEdits, prefixDistance } from "./fuzzy";

/** What the search pages need of a published hotel, held in memory (the record itself stays in the store). */
export interface CatalogHotel {
  id: string;
  name: string;
  city: string | null;
  country: string;
  lat: number;
  lon: number;
  propertyType: string | null;
  petFriendly: boolean | null;
  vacationRental: boolean | null;
}

export const SORTS = ["distance", "name", "popular"] as const;
export type Sort = (typeof SORTS)[number];

/**
 * The order a place's results take when none is asked for: a country, a region or a tourist region lists the hotels
 * of its busiest cities first ("popular"; distance from a country's centre means nothing to a traveller), any other
 * place nearest its centre first.
 */
export function defaultSort(place: Pick<Place, "category">): Sort {
  return place.category === "country" || place.category === "adminDivision" || place.category === "touristRegion"
    ? "popular"
    : "distance";
}
export const PAGE_SIZE = 20;

export interface SearchFilters {
  /** Undefined: the place's default order (defaultSort). */
  sort?: Sort;
  propertyType?: string;
  petFriendly?: boolean;
  vacationRental?: boolean;
  /** ISO 3166-1 alpha-2: only hotels in this country. */
  country?: string;
  page: number;
  /** Results per page (PAGE_SIZE, the brand pages', unless given). */
  pageSize?: number;
}

/** Hotels chosen, filtered, sorted and paged (a place's, or those around a point). */
export interface HotelSelection {
  /** Hotels considered before filters (a place's hotelsCnt), and after. */
  inPlace: number;
  total: number;
  page: number;
  pages: number;
  items: { hotel: CatalogHotel; distanceKm: number }[];
  /** Property types among the hotels considered, most common first (the filter's choices). */
  propertyTypes: { type: string; count: number }[];
  /** The order the items are in (the asked one, else the place's default). */
  sort: Sort;
  /**
   * What each filter choice would leave, given the other filters as they are (a choice's count never counts the
   * filter of its own group): the property types in the order of propertyTypes, then pets and vacation rentals.
   */
  facets: Facets;
}

export interface Facets {
  propertyTypes: { type: string; count: number }[];
  petFriendly: number;
  vacationRental: number;
}

export interface SearchResult extends HotelSelection {
  place: Place;
}

export interface PlaceSuggestion {
  place: Place;
  name: string;
  hotelsCnt: number;
  /** The first-level division the place lies in (a city's prefecture, state or region), where known. */
  division?: Place;
  /**
   * How the text matched: a word's prefix, a close spelling (typo tolerance), or an airport's IATA code, in which
   * case `airport` is that airport (the suggestion is the airport itself, or the nearest place with hotels to it).
   */
  match: "prefix" | "spelling" | "iata";
  airport?: Place;
}

export interface Suggestion {
  places: PlaceSuggestion[];
  hotels: CatalogHotel[];
}

interface Keyed {
  key: string;
  ref: number;
}

const byKey = (a: Keyed, b: Keyed) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.ref - b.ref);

/** Index of the first entry whose key is ≥ prefix. */
function lowerBound(list: readonly Keyed[], prefix: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entries whose key starts with the prefix, at most `scan` of them, in key order. */
function* prefixed(list: readonly Keyed[], prefix: string, scan: number): Generator<Keyed> {
  for (let i = lowerBound(list, prefix), n = 0; i < list.length && n < scan; i++, n++) {
    const entry = list[i]!;
    if (!entry.key.startsWith(prefix)) return;
    yield entry;
  }
}

/** Every word start of a folded name: "grand hotel paris" → itself, "hotel paris", "paris". */
function wordStarts(key: string): string[] {
  const out = [key];
  for (let i = key.indexOf(" "); i >= 0; i = key.indexOf(" ", i + 1)) out.push(key.slice(i + 1));
  return out;
}

/** How far from an airport without hotels of its own the place its code suggests may be. */
export const IATA_NEAREST_KM = 50;

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The name order of the search pages: the collator's, then the id. */
const byName = (a: CatalogHotel, b: CatalogHotel) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id);

/** Each hotel's place in the name order of all hotels (sorted once; a place's order is then a sort of integers). */
function nameRanks(hotels: readonly CatalogHotel[]): Int32Array {
  const order = hotels.map((_, i) => i).sort((a, b) => byName(hotels[a]!, hotels[b]!));
  const rank = new Int32Array(hotels.length);
  order.forEach((hotel, r) => (rank[hotel] = r));
  return rank;
}

interface PlaceOrders {
  byDistance: Int32Array;
  byName: Int32Array;
  byPopularity: Int32Array;
  propertyTypes: { type: string; count: number }[];
  petFriendly: number;
  vacationRental: number;
}

function typeList(types: Map<string, number>): { type: string; count: number }[] {
  return [...types]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/**
 * Each hotel's place in the popularity order of all hotels: the hotels of the city or town with the most hotels
 * first (its hotelsCnt; then its population, then its id keep one town's hotels together), each town's nearest its
 * centre first; hotels in no city or town last, by id.
 */
function popularityRanks(
  hotels: readonly CatalogHotel[],
  members: ReadonlyMap<string, number[]>,
  view: PlacesView,
): Int32Array {
  const home: (Place | undefined)[] = new Array(hotels.length);
  const homeCount = new Int32Array(hotels.length);
  const homeKm = new Float64Array(hotels.length);
  for (const [placeId, list] of members) {
    const place = view.gazetteer.get(placeId);
    if (!place || (place.category !== "city" && place.category !== "townVillage")) continue;
    const count = list.length;
    for (const i of list) {
      // The count rules put a hotel in one city or town at most; should two claim it, the busier one keeps it.
      if (home[i] && homeCount[i]! >= count) continue;
      home[i] = place;
      homeCount[i] = count;
      homeKm[i] = distanceKm(place.lat, place.lon, hotels[i]!.lat, hotels[i]!.lon);
    }
  }
  const order = hotels
    .map((_, i) => i)
    .sort((a, b) => {
      const pa = home[a];
      const pb = home[b];
      if (pa !== pb) {
        if (!pa || !pb) return pa ? -1 : 1;
        return homeCount[b]! - homeCount[a]! || pb.population - pa.population || (pa.placeId < pb.placeId ? -1 : 1);
      }
      return homeKm[a]! - homeKm[b]! || (hotels[a]!.id < hotels[b]!.id ? -1 : hotels[a]!.id > hotels[b]!.id ? 1 : 0);
    });
  const rank = new Int32Array(hotels.length);
  order.forEach((hotel, r) => (rank[hotel] = r));
  return rank;
}

/** A place's hotels nearest its centre first, by name and by popularity, its property types and flag counts. */
function placeOrders(
  place: Place,
  members: readonly number[],
  hotels: readonly CatalogHotel[],
  rank: Int32Array,
  popularity: Int32Array,
): PlaceOrders {
  const km = new Map<number, number>();
  const types = new Map<string, number>();
  let petFriendly = 0;
  let vacationRental = 0;
  for (const i of members) {
    const h = hotels[i]!;
    km.set(i, distanceKm(place.lat, place.lon, h.lat, h.lon));
    if (h.propertyType) types.set(h.propertyType, (types.get(h.propertyType) ?? 0) + 1);
    if (h.petFriendly === true) petFriendly++;
    if (h.vacationRental === true) vacationRental++;
  }
  const byDistance = Int32Array.from(members).sort(
    (a, b) => km.get(a)! - km.get(b)! || hotels[a]!.id.localeCompare(hotels[b]!.id),
  );
  const byNameOrder = Int32Array.from(members).sort((a, b) => rank[a]! - rank[b]!);
  const byPopularity = Int32Array.from(members).sort((a, b) => popularity[a]! - popularity[b]!);
  return {
    byDistance,
    byName: byNameOrder,
    byPopularity,
    propertyTypes: typeList(types),
    petFriendly,
    vacationRental,
  };
}

/**
 * Filters hotels and counts, in the same pass, what each filter choice would leave with the other filters as they
 * are (disjunctive facets): a property type's count ignores the type filter, the pets count the pets filter, and so
 * on; the country filter (the assistant endpoint's) has no choices shown and always applies.
 */
class FacetCounter {
  private readonly types = new Map<string, number>();
  private pets = 0;
  private rentals = 0;

  constructor(private readonly filters: SearchFilters) {}

  /** Counts the hotel for the facets it would appear under; true when it passes every filter. */
  add(hotel: CatalogHotel): boolean {
    const f = this.filters;
    if (f.country !== undefined && hotel.country !== f.country) return false;
    const type = f.propertyType === undefined || hotel.propertyType === f.propertyType;
    const pets = !f.petFriendly || hotel.petFriendly === true;
    const rental = !f.vacationRental || hotel.vacationRental === true;
    if (pets && rental && hotel.propertyType)
      this.types.set(hotel.propertyType, (this.types.get(hotel.propertyType) ?? 0) + 1);
    if (type && rental && hotel.petFriendly === true) this.pets++;
    if (type && pets && hotel.vacationRental === true) this.rentals++;
    return type && pets && rental;
  }

  /** The counts, property types in the order given (the place's, most common first), 0 where none is left. */
  facets(order: readonly { type: string }[]): Facets {
    return {
      propertyTypes: order.map(({ type }) => ({ type, count: this.types.get(type) ?? 0 })),
      petFriendly: this.pets,
      vacationRental: this.rentals,
    };
  }
}

/**
 * The published hotels as the brand sites browse them: which hotels each place has (the hotelsCnt rules, so a
 * nearby-places link's count is the number of results it leads to), filters, sorts and pages, and the suggestions
 * of the destination box (places with hotels and hotels, by any word's prefix). Built once per recount.
 */
export class HotelCatalog {
  private readonly members: Map<string, number[]>;
  private readonly byId = new Map<string, number>();
  private readonly placeNames: Keyed[] = [];
  private readonly hotelNames: Keyed[] = [];
  private popularPlaces?: { place: Place; hotelsCnt: number }[];
  private divisionIndex?: Map<string, Place>;
  private iataIndex?: Map<string, Place[]>;
  /** A k-d tree over the hotels, built on the first search around a point. */
  private points?: KDBush;
  /**
   * Per place, its hotels in each sort order and its property types, computed when the catalog builds: a search
   * then only filters and slices (sorting a country's 100 000 hotels took 0.8 s per request).
   */
  private readonly orders = new Map<string, PlaceOrders>();

  constructor(
    readonly view: PlacesView,
    readonly hotels: readonly CatalogHotel[],
  ) {
    this.members = placeHotels(view.gazetteer, hotels);
    hotels.forEach((h, i) => {
      this.byId.set(h.id, i);
      for (const key of wordStarts(foldName(h.name))) if (key) this.hotelNames.push({ key, ref: i });
    });
    view.listed.forEach((p, i) => {
      const names = new Set([p.name, ...Object.values(p.names ?? {}), ...(p.altNames ?? [])].map(foldName));
      for (const name of names) for (const key of wordStarts(name)) if (key) this.placeNames.push({ key, ref: i });
    });
    this.hotelNames.sort(byKey);
    this.placeNames.sort(byKey);
    const rank = nameRanks(hotels);
    const popularity = popularityRanks(hotels, this.members, view);
    for (const [placeId, list] of this.members) {
      const place = view.gazetteer.get(placeId);
      if (place) this.orders.set(placeId, placeOrders(place, list, hotels, rank, popularity));
    }
  }

  get size(): number {
    return this.hotels.length;
  }

  hotel(id: string): CatalogHotel | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.hotels[i];
  }

  /** The hotels a place counts, filtered, sorted and paged. undefined when the place is unknown. */
  search(placeId: string, filters: SearchFilters): SearchResult | undefined {
    const place = this.view.gazetteer.get(placeId);
    if (!place) return undefined;
    const orders = this.orders.get(placeId);
    const sort = filters.sort ?? defaultSort(place);
    if (!orders) return { place, ...this.select([], place, { ...filters, sort }) };
    const order = sort === "name" ? orders.byName : sort === "popular" ? orders.byPopularity : orders.byDistance;
    return { place, ...this.slice(order, place, { ...filters, sort }, orders) };
  }

  /**
   * A place's hotels in a precomputed order: filtered and paged, distances computed for the page's hotels only. With
   * no filter the facets are the place's precomputed counts; with one, the same pass that filters counts them.
   */
  private slice(
    order: Int32Array,
    from: { lat: number; lon: number },
    filters: SearchFilters & { sort: Sort },
    orders: PlaceOrders,
  ): HotelSelection {
    const filtered =
      filters.propertyType !== undefined ||
      filters.petFriendly ||
      filters.vacationRental ||
      filters.country !== undefined;
    let matching: Int32Array = order;
    let facets: Facets = {
      propertyTypes: orders.propertyTypes,
      petFriendly: orders.petFriendly,
      vacationRental: orders.vacationRental,
    };
    if (filtered) {
      const kept = new Int32Array(order.length);
      let n = 0;
      const counter = new FacetCounter(filters);
      for (const i of order) if (counter.add(this.hotels[i]!)) kept[n++] = i;
      matching = kept.subarray(0, n);
      facets = counter.facets(orders.propertyTypes);
    }
    const size = filters.pageSize ?? PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(Math.max(1, filters.page), pages);
    const items = [...matching.subarray((page - 1) * size, page * size)].map((i) => {
      const hotel = this.hotels[i]!;
      return { hotel, distanceKm: distanceKm(from.lat, from.lon, hotel.lat, hotel.lon) };
    });
    return {
      inPlace: order.length,
      total: matching.length,
      page,
      pages,
      items,
      propertyTypes: orders.propertyTypes,
      sort: filters.sort,
      facets,
    };
  }

  /** The hotels within radiusKm of a point, filtered, sorted and paged (distances from the point). */
  around(centre: { lat: number; lon: number }, radiusKm: number, filters: SearchFilters): HotelSelection {
    this.points ??= pointIndex(this.hotels);
    const ids = pointsWithin(this.points, this.hotels, centre.lat, centre.lon, radiusKm).map((p) => p.id);
    return this.select(ids, centre, filters);
  }

  private select(
    members: readonly number[],
    from: { lat: number; lon: number },
    filters: SearchFilters,
  ): HotelSelection {
    const types = new Map<string, number>();
    const matching: { hotel: CatalogHotel; distanceKm: number }[] = [];
    const counter = new FacetCounter(filters);
    for (const i of members) {
      const hotel = this.hotels[i]!;
      if (hotel.propertyType) types.set(hotel.propertyType, (types.get(hotel.propertyType) ?? 0) + 1);
      if (!counter.add(hotel)) continue;
      matching.push({ hotel, distanceKm: distanceKm(from.lat, from.lon, hotel.lat, hotel.lon) });
    }
    // Around a point there are no towns to rank: "popular" is nearest first, as "distance" is.
    const sort = filters.sort === "name" ? "name" : "distance";
    matching.sort(
      sort === "name"
        ? (a, b) => byName(a.hotel, b.hotel)
        : (a, b) => a.distanceKm - b.distanceKm || a.hotel.id.localeCompare(b.hotel.id),
    );
    const size = filters.pageSize ?? PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(Math.max(1, filters.page), pages);
    return {
      inPlace: members.length,
      total: matching.length,
      page,
      pages,
      items: matching.slice((page - 1) * size, page * size),
      propertyTypes: typeList(types),
      sort,
      facets: counter.facets(typeList(types)),
    };
  }

  /**
   * Suggestions for what a visitor typed: places with hotels whose name (any language) has a word starting with it,
   * most hotels first; an airport's IATA code ("cdg") gives the airport, or the nearest city or town with hotels to it
   * when the airport has none, before them; when too few places start with the text, places a typo or two away
   * (allowedEdits) follow, closest spelling first. Then hotels the same way (by prefix), by name.
   */
  suggest(
    text: string,
    language: Language,
    limit = { places: 6, hotels: 4 },
    /** false: word prefixes only, no IATA codes or typos (what bench:suggest measures the rest against). */
    tolerant = true,
  ): Suggestion {
    const prefix = foldName(text);
    if (!prefix) return { places: [], hotels: [] };
    const seen = new Set<Place>();
    const out: PlaceSuggestion[] = [];
    const add = (place: Place, match: PlaceSuggestion["match"], airport?: Place) => {
      if (seen.has(place)) return;
      seen.add(place);
      out.push({ ...this.describe(place, language), match, ...(airport ? { airport } : {}) });
    };
    if (tolerant) for (const { airport, place } of this.byIata(prefix)) add(place, "iata", airport);
    const byPrefix = new Set<Place>();
    for (const { ref } of prefixed(this.placeNames, prefix, 5_000)) byPrefix.add(this.view.listed[ref]!);
    [...byPrefix]
      .map((place) => ({ place, hotelsCnt: this.view.hotelsCnt(place) }))
      .sort((a, b) => b.hotelsCnt - a.hotelsCnt || b.place.population - a.place.population)
      .forEach(({ place }) => add(place, "prefix"));
    if (tolerant && out.length < limit.places) {
      for (const place of this.closeSpellings(prefix)) add(place, "spelling");
    }
    const hotels = new Set<CatalogHotel>();
    for (const { ref } of prefixed(this.hotelNames, prefix, 2_000)) hotels.add(this.hotels[ref]!);
    return {
      places: out.slice(0, limit.places),
      hotels: [...hotels].sort((a, b) => collator.compare(a.name, b.name)).slice(0, limit.hotels),
    };
  }

  /** A place as a suggestion shows it: its name in the language, its hotels and the division it lies in. */
  private describe(place: Place, language: Language): Omit<PlaceSuggestion, "match"> {
    const division =
      place.admin1 && place.category !== "adminDivision" && place.category !== "country"
        ? this.divisions().get(`${place.country}.${place.admin1}`)
        : undefined;
    return {
      place,
      name: placeName(place, language),
      hotelsCnt: this.view.hotelsCnt(place),
      ...(division ? { division } : {}),
    };
  }

  /** First-level divisions by "country.admin1" (every one of the gazetteer, with or without hotels). */
  private divisions(): Map<string, Place> {
    if (!this.divisionIndex) {
      this.divisionIndex = new Map();
      for (const p of this.view.gazetteer.places)
        if (p.category === "adminDivision" && p.admin1) this.divisionIndex.set(`${p.country}.${p.admin1}`, p);
    }
    return this.divisionIndex;
  }

  /**
   * Airports whose IATA code is the text (OurAirports' code is an airport's first other name), each with where its
   * hotels are: the airport itself when hotels count for it, else the nearest city or town with hotels within
   * IATA_NEAREST_KM; an airport with neither is left out.
   */
  private byIata(folded: string): { airport: Place; place: Place }[] {
    if (!/^[a-z]{3}$/.test(folded)) return [];
    if (!this.iataIndex) {
      this.iataIndex = new Map();
      for (const p of this.view.gazetteer.places) {
        const code = p.category === "airport" ? p.altNames?.[0] : undefined;
        if (code && /^[A-Z]{3}$/.test(code)) {
          const list = this.iataIndex.get(code.toLowerCase()) ?? [];
          list.push(p);
          this.iataIndex.set(code.toLowerCase(), list);
        }
      }
    }
    const out: { airport: Place; place: Place }[] = [];
    for (const airport of this.iataIndex.get(folded) ?? []) {
      if (this.view.hotelsCnt(airport) > 0) {
        out.push({ airport, place: airport });
        continue;
      }
      const [near] = this.view.around(airport, IATA_NEAREST_KM, 1, ["city", "townVillage"]);
      if (near) out.push({ airport, place: near });
    }
    return out;
  }

  /**
   * Places with hotels whose name has a word starting a few typos from the text (prefixDistance within
   * allowedEdits), closest first, then most hotels. Only names starting with the text's first letter, or with its
   * second (an extra or swapped first letter: "lparis", "aprisi"), are compared, which keeps the work to a slice of
   * the index; names sharing their first letters are compared once.
   */
  private closeSpellings(typed: string): Place[] {
    const max = allowedEdits(typed.length);
    if (max === 0) return [];
    const width = typed.length + max;
    const found = new Map<Place, number>();
    for (const first of new Set([typed[0]!, typed[1]!])) {
      let lastStem = "";
      let lastDistance = max + 1;
      for (const entry of prefixed(this.placeNames, first, Number.MAX_SAFE_INTEGER)) {
        const stem = entry.key.slice(0, width);
        if (stem !== lastStem) {
          lastStem = stem;
          lastDistance = prefixDistance(typed, stem, max);
        }
        if (lastDistance > max) continue;
        const place = this.view.listed[entry.ref]!;
        const known = found.get(place);
        if (known === undefined || lastDistance < known) found.set(place, lastDistance);
      }
    }
    return [...found]
      .sort(
        ([a, da], [b, db]) => da - db || this.view.hotelsCnt(b) - this.view.hotelsCnt(a) || b.population - a.population,
      )
      .map(([place]) => place);
  }

  /** Cities and towns with the most hotels: the home page's popular destinations. */
  popular(limit = 8): { place: Place; hotelsCnt: number }[] {
    this.popularPlaces ??= this.view.listed
      .filter((p) => p.category === "city" || p.category === "townVillage")
      .map((place) => ({ place, hotelsCnt: this.view.hotelsCnt(place) }))
      .sort((a, b) => b.hotelsCnt - a.hotelsCnt || b.place.population - a.place.population)
      .slice(0, 50);
    return this.popularPlaces.slice(0, limit);
  }
}
