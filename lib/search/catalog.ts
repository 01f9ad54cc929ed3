import { foldName, type Language } from "@/lib/locale";
import type KDBush from "kdbush";
import {
  columnIndex,
  columnsWithin,
  distanceKm,
  placeHotels,
  type PlaceMembers,
  type PlacesView,
  placeName,
  type Place,
} from "@/lib/places";
import { allowedEdits, prefixDistance } from "./fuzzy";
import { HotelTable, type CatalogHotel } from "@/lib/hotels";
import { WordIndex } from "./word-index";
import { runBetweenRequests, runNow, sortInSlices, sortRows } from "@/lib/columns";

export type { CatalogHotel } from "@/lib/hotels";

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

/** The name order of the search pages: the collator's (letters as a traveller reads them, "Hotel 9" before "Hotel 10"). */
const byName = (names: (row: number) => string) => (a: number, b: number) =>
  collator.compare(names(a), names(b)) || a - b;

/**
 * Each row's place in the name order of all hotels (then row, that is id, order), sorted once in slices; a place's
 * name order is then a sort of these integers.
 */
function* nameRanks(table: HotelTable): Generator<void, Int32Array> {
  const names: string[] = new Array<string>(table.size);
  for (let row = 0; row < table.size; row++) {
    names[row] = table.name(row);
    if (row % 50_000 === 49_999) yield;
  }
  const order = new Int32Array(table.size);
  for (let row = 0; row < order.length; row++) order[row] = row;
  const sorted = yield* sortInSlices(
    order,
    byName((row) => names[row]!),
  );
  const rank = new Int32Array(table.size);
  sorted.forEach((row, r) => (rank[row] = r));
  return rank;
}

/**
 * Each row's place in the popularity order of all hotels: the hotels of the city or town with the most hotels first
 * (its hotelsCnt; then its population, then its id keep one town's hotels together), each town's nearest its centre
 * first; hotels in no city or town last, in id order.
 */
function popularityRanks(table: HotelTable, members: PlaceMembers): Int32Array {
  const home = new Int32Array(table.size).fill(-1);
  const homeCount = new Int32Array(table.size);
  members.places.forEach((place, k) => {
    if (place.category !== "city" && place.category !== "townVillage") return;
    const rows = members.get(place.placeId)!;
    for (const i of rows) {
      // The count rules put a hotel in one city or town at most; should two claim it, the busier one keeps it.
      if (home[i]! >= 0 && homeCount[i]! >= rows.length) continue;
      home[i] = k;
      homeCount[i] = rows.length;
    }
  });
  const towns = [...new Set(home)]
    .filter((k) => k >= 0)
    .map((k) => ({ k, place: members.places[k]!, count: members.offsets[k + 1]! - members.offsets[k]! }))
    .sort(
      (a, b) =>
        b.count - a.count || b.place.population - a.place.population || (a.place.placeId < b.place.placeId ? -1 : 1),
    );
  const rank = new Int32Array(table.size);
  let r = 0;
  for (const { k } of towns) {
    // The place's hotels are already nearest first: keep those it is home to.
    for (let j = members.offsets[k]!; j < members.offsets[k + 1]!; j++) {
      const row = members.rows[j]!;
      if (home[row] === k) rank[row] = r++;
    }
  }
  for (let row = 0; row < table.size; row++) if (home[row] === -1) rank[row] = r++;
  return rank;
}

function typeList(types: Map<string, number>): { type: string; count: number }[] {
  return [...types]
    .map(([type, count]) => ({ type, count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** What a place's pages show besides its hotels: property types most common first, pets and rentals counts. */
interface PlaceFacets {
  propertyTypes: { type: string; count: number }[];
  petFriendly: number;
  vacationRental: number;
}

/**
 * Filters rows and counts, in the same pass, what each filter choice would leave with the other filters as they are
 * (disjunctive facets): a property type's count ignores the type filter, the pets count the pets filter, and so on;
 * the country filter (the assistant endpoint's) has no choices shown and always applies.
 */
class FacetCounter {
  private readonly types = new Map<number, number>();
  private pets = 0;
  private rentals = 0;
  /** The codes the type and country filters want (-2: no hotel has it), undefined without the filter. */
  private readonly type: number | undefined;
  private readonly country: number | undefined;

  constructor(
    private readonly table: HotelTable,
    private readonly filters: SearchFilters,
  ) {
    const code = (c: number) => (c < 0 ? -2 : c);
    this.type = filters.propertyType === undefined ? undefined : code(table.codeOfType(filters.propertyType));
    this.country = filters.country === undefined ? undefined : code(table.codeOfCountry(filters.country));
  }

  /** Counts the row for the facets it would appear under; true when it passes every filter. */
  add(row: number): boolean {
    const t = this.table;
    if (this.country !== undefined && t.countryCode(row) !== this.country) return false;
    const code = t.typeCode(row);
    const type = this.type === undefined || code === this.type;
    const pets = !this.filters.petFriendly || t.petFriendly(row);
    const rental = !this.filters.vacationRental || t.vacationRental(row);
    if (pets && rental && code >= 0) this.types.set(code, (this.types.get(code) ?? 0) + 1);
    if (type && rental && t.petFriendly(row)) this.pets++;
    if (type && pets && t.vacationRental(row)) this.rentals++;
    return type && pets && rental;
  }

  /** The property types counted, most common first. */
  typeList(): { type: string; count: number }[] {
    return typeList(new Map([...this.types].map(([code, count]) => [this.table.typeOf(code), count])));
  }

  /** The counts, property types in the order given (the place's, most common first), 0 where none is left. */
  facets(order: readonly { type: string }[]): Facets {
    const counts = new Map([...this.types].map(([code, count]) => [this.table.typeOf(code), count]));
    return {
      propertyTypes: order.map(({ type }) => ({ type, count: counts.get(type) ?? 0 })),
      petFriendly: this.pets,
      vacationRental: this.rentals,
    };
  }
}

/** Per place, what its pages computed on demand (name and popularity orders, facets), kept for the next request. */
interface PlaceCache {
  byName?: Int32Array;
  byPopularity?: Int32Array;
  facets?: PlaceFacets;
}

/**
 * The published hotels as the brand sites browse them: which hotels each place has (the hotelsCnt rules, so a
 * nearby-places link's count is the number of results it leads to), filters, sorts and pages, and the suggestions
 * of the destination box (places with hotels and hotels, by any word's prefix). Built once per recount.
 *
 * Held per hotel (bench:scale): the columns (HotelTable), each place's hotels nearest its centre first, two ranks and
 * the name suggestions' index. A place's name and popularity orders are sorts of ranks, made when first asked for
 * and kept in a cache bounded by a number of rows.
 */
export class HotelCatalog {
  readonly table: HotelTable;
  /** Each place's hotels nearest its centre first. */
  private readonly members: PlaceMembers;
  /** Undefined until complete(): a place's name order is then sorted by the collator on request. */
  private nameRank?: Int32Array;
  private readonly popularityRank: Int32Array;
  private readonly placeNames: Keyed[] = [];
  private words?: WordIndex;
  private popularPlaces?: { place: Place; hotelsCnt: number }[];
  private divisionIndex?: Map<string, Place>;
  private iataIndex?: Map<string, Place[]>;
  /** A k-d tree over the hotels, built on the first search around a point. */
  private points?: KDBush;
  private readonly cache = new Map<string, PlaceCache>();
  private cachedRows = 0;
  /** At most this many rows in cached orders: about 4 bytes per hotel, whatever visitors ask for. */
  private readonly cacheRows: number;
  /** Milliseconds each step of the build took (the build's log line). */
  readonly timings: Record<string, number> = {};

  constructor(
    readonly view: PlacesView,
    hotels: HotelTable | readonly CatalogHotel[],
    opts: {
      /** The places' hotels as the recount found them for the same rows (else the count rules run here). */
      members?: PlaceMembers;
      /** false: the name order and the hotel suggestions wait for complete() (a large catalog serves before them). */
      complete?: boolean;
    } = {},
  ) {
    let mark = process.cpuUsage();
    const lap = (phase: string) => {
      const used = process.cpuUsage(mark);
      this.timings[phase] = Math.round((used.user + used.system) / 1000);
      mark = process.cpuUsage();
    };
    this.table = hotels instanceof HotelTable ? hotels : HotelTable.from(hotels);
    const table = this.table;
    this.members = opts.members ?? placeHotels(view.gazetteer, table);
    lap("members");
    this.popularityRank = popularityRanks(table, this.members);
    lap("popularity");
    this.cacheRows = Math.max(200_000, table.size);
    view.listed.forEach((p, i) => {
      const names = new Set([p.name, ...Object.values(p.names ?? {}), ...(p.altNames ?? [])].map(foldName));
      for (const name of names) for (const key of wordStarts(name)) if (key) this.placeNames.push({ key, ref: i });
    });
    this.placeNames.sort(byKey);
    lap("placeNames");
    if (opts.complete !== false) {
      this.nameRank = runNow(nameRanks(table));
      this.words = runNow(WordIndex.buildInSlices(table.size, (row) => table.name(row)));
      lap("names");
    }
  }

  /** Builds the name order and the hotel suggestions' index in slices, answering requests between them. */
  async complete(): Promise<void> {
    const started = process.cpuUsage();
    this.nameRank ??= await runBetweenRequests(nameRanks(this.table));
    this.words ??= await runBetweenRequests(WordIndex.buildInSlices(this.table.size, (row) => this.table.name(row)));
    const used = process.cpuUsage(started);
    this.timings.names = Math.round((used.user + used.system) / 1000);
  }

  get size(): number {
    return this.table.size;
  }

  /** Bytes held per hotel by the columns and indexes (not the cache, nor the JS heap's own overhead). */
  get byteLength(): number {
    return (
      this.table.byteLength +
      this.members.rows.byteLength +
      (this.nameRank?.byteLength ?? 0) +
      this.popularityRank.byteLength +
      (this.words?.byteLength ?? 0)
    );
  }

  hotel(id: string): CatalogHotel | undefined {
    const row = this.table.find(id);
    return row < 0 ? undefined : this.table.hotel(row);
  }

  /** The hotels a place counts, filtered, sorted and paged. undefined when the place is unknown. */
  search(placeId: string, filters: SearchFilters): SearchResult | undefined {
    const place = this.view.gazetteer.get(placeId);
    if (!place) return undefined;
    const sort = filters.sort ?? defaultSort(place);
    const rows = this.members.get(placeId);
    if (!rows) return { place, ...this.select([], place, { ...filters, sort }) };
    const order = sort === "distance" ? rows : this.ordered(placeId, rows, sort);
    return { place, ...this.slice(order, place, { ...filters, sort }, this.placeFacets(placeId, rows)) };
  }

  /** The place's cache entry, marked as the most recently used. */
  private cached(placeId: string): PlaceCache {
    const entry = this.cache.get(placeId) ?? {};
    this.cache.delete(placeId);
    this.cache.set(placeId, entry);
    return entry;
  }

  /** Keeps an order in the place's cache, dropping the least recently used places' beyond cacheRows. */
  private keep(placeId: string, key: "byName" | "byPopularity", order: Int32Array): Int32Array {
    const entry = this.cached(placeId);
    entry[key] = order;
    this.cachedRows += order.length;
    for (const [id, old] of this.cache) {
      if (this.cachedRows <= this.cacheRows || id === placeId) break;
      this.cachedRows -= (old.byName?.length ?? 0) + (old.byPopularity?.length ?? 0);
      this.cache.delete(id);
    }
    return order;
  }

  private ordered(placeId: string, rows: Int32Array, sort: "name" | "popular"): Int32Array {
    const key = sort === "name" ? "byName" : "byPopularity";
    const known = this.cached(placeId)[key];
    if (known) return known;
    const rank = sort === "name" ? this.nameRank : this.popularityRank;
    if (!rank) return this.keep(placeId, key, Int32Array.from(rows).sort(this.byNameNow(rows)));
    return this.keep(
      placeId,
      key,
      sortRows(rows, (row) => rank[row]!),
    );
  }

  /** The name order before complete(): the collator over the rows' names, decoded once. */
  private byNameNow(rows: ArrayLike<number>): (a: number, b: number) => number {
    const names = new Map(Array.from(rows, (row) => [row, this.table.name(row)]));
    return byName((row) => names.get(row)!);
  }

  private placeFacets(placeId: string, rows: Int32Array): PlaceFacets {
    const entry = this.cached(placeId);
    if (!entry.facets) {
      const counter = new FacetCounter(this.table, { page: 1 });
      for (const row of rows) counter.add(row);
      const { petFriendly, vacationRental } = counter.facets([]);
      entry.facets = { propertyTypes: counter.typeList(), petFriendly, vacationRental };
    }
    return entry.facets;
  }

  /**
   * A place's hotels in an order: filtered and paged, distances computed for the page's hotels only. With no filter
   * the facets are the place's counts; with one, the same pass that filters counts them.
   */
  private slice(
    order: Int32Array,
    from: { lat: number; lon: number },
    filters: SearchFilters & { sort: Sort },
    place: PlaceFacets,
  ): HotelSelection {
    const filtered =
      filters.propertyType !== undefined ||
      filters.petFriendly ||
      filters.vacationRental ||
      filters.country !== undefined;
    let matching: Int32Array = order;
    let facets: Facets = place;
    if (filtered) {
      const kept = new Int32Array(order.length);
      let n = 0;
      const counter = new FacetCounter(this.table, filters);
      for (const row of order) if (counter.add(row)) kept[n++] = row;
      matching = kept.subarray(0, n);
      facets = counter.facets(place.propertyTypes);
    }
    const size = filters.pageSize ?? PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(Math.max(1, filters.page), pages);
    const items = Array.from(matching.subarray((page - 1) * size, page * size), (row) => {
      const hotel = this.table.hotel(row);
      return { hotel, distanceKm: distanceKm(from.lat, from.lon, hotel.lat, hotel.lon) };
    });
    return {
      inPlace: order.length,
      total: matching.length,
      page,
      pages,
      items,
      propertyTypes: place.propertyTypes,
      sort: filters.sort,
      facets,
    };
  }

  /** The hotels within radiusKm of a point, filtered, sorted and paged (distances from the point). */
  around(centre: { lat: number; lon: number }, radiusKm: number, filters: SearchFilters): HotelSelection {
    this.points ??= columnIndex(this.table.lat, this.table.lon);
    const found = columnsWithin(this.points, this.table, centre.lat, centre.lon, radiusKm);
    return this.select(
      found.map((p) => p.id),
      centre,
      filters,
    );
  }

  private select(rows: readonly number[], from: { lat: number; lon: number }, filters: SearchFilters): HotelSelection {
    const all = new FacetCounter(this.table, { page: 1 });
    const counter = new FacetCounter(this.table, filters);
    const matching: { row: number; km: number }[] = [];
    for (const row of rows) {
      all.add(row);
      if (counter.add(row))
        matching.push({ row, km: distanceKm(from.lat, from.lon, this.table.lat[row]!, this.table.lon[row]!) });
    }
    // Around a point there are no towns to rank: "popular" is nearest first, as "distance" is.
    const sort = filters.sort === "name" ? "name" : "distance";
    const rank = this.nameRank;
    const names = sort === "name" && !rank ? this.byNameNow(matching.map((m) => m.row)) : undefined;
    matching.sort(
      sort === "distance"
        ? (a, b) => a.km - b.km || a.row - b.row
        : rank
          ? (a, b) => rank[a.row]! - rank[b.row]!
          : (a, b) => names!(a.row, b.row),
    );
    const size = filters.pageSize ?? PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(Math.max(1, filters.page), pages);
    const propertyTypes = all.typeList();
    return {
      inPlace: rows.length,
      total: matching.length,
      page,
      pages,
      items: matching.slice((page - 1) * size, page * size).map(({ row, km }) => ({
        hotel: this.table.hotel(row),
        distanceKm: km,
      })),
      propertyTypes,
      sort,
      facets: counter.facets(propertyTypes),
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
    const rows = new Set(this.words?.prefixed(prefix, 2_000));
    return {
      places: out.slice(0, limit.places),
      hotels: [...rows]
        .sort((a, b) => this.nameRank![a]! - this.nameRank![b]!)
        .slice(0, limit.hotels)
        .map((row) => this.table.hotel(row)),
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
