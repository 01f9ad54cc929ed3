import { isIsoDate } from "@/lib/places/request";
import { parseRooms } from "@/lib/places/rooms";
import { PLACE_ID_PATTERN } from "@/lib/places/place-id";
import { SORTS, type SearchFilters, type Sort } from "./catalog";

export type QueryValues = Record<string, string | string[] | undefined>;

/** What the search-results page was asked for; anything malformed in the query is ignored, never an error page. */
export interface SearchQuery {
  placeId?: string;
  q?: string;
  filters: SearchFilters;
  /** The stay, carried on to hotel pages and further result pages (seed §2.2 link parameters). */
  stay: { rooms?: string; checkIn?: string; checkOut?: string };
}

function one(values: QueryValues, key: string): string | undefined {
  const v = values[key];
  return Array.isArray(v) ? v[0] : v;
}

const on = (v: string | undefined) => v === "1" || v === "true" || v === "on";

export function parseSearchQuery(values: QueryValues): SearchQuery {
  const placeId = one(values, "placeId")?.toLowerCase();
  const q = one(values, "q")?.trim().slice(0, 100);
  const sort = one(values, "sort");
  const type = one(values, "type")?.slice(0, 100);
  const page = Number.parseInt(one(values, "page") ?? "1", 10);
  const rooms = one(values, "rooms");
  const parsedRooms = rooms === undefined ? undefined : parseRooms(rooms);
  const checkIn = one(values, "checkIn");
  const checkOut = one(values, "checkOut");
  const datesOk = !!checkIn && !!checkOut && isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut > checkIn;
  return {
    placeId: placeId && PLACE_ID_PATTERN.test(placeId) ? placeId : undefined,
    q: q || undefined,
    filters: {
      sort: SORTS.includes(sort as Sort) ? (sort as Sort) : "distance",
      propertyType: type || undefined,
      petFriendly: on(one(values, "pets")),
      vacationRental: on(one(values, "vr")),
      page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    },
    stay: {
      rooms: typeof parsedRooms === "string" ? parsedRooms : undefined,
      ...(datesOk ? { checkIn, checkOut } : {}),
    },
  };
}

/** The query of a search-results URL for this search with some settings changed (page 1 unless given). */
export function searchHref(query: SearchQuery, change: Partial<SearchFilters> & { placeId?: string } = {}): string {
  const f = { ...query.filters, page: 1, ...change };
  const p = new URLSearchParams();
  const placeId = change.placeId ?? query.placeId;
  if (placeId) p.set("placeId", placeId);
  else if (query.q) p.set("q", query.q);
  if (f.sort !== "distance") p.set("sort", f.sort);
  if (f.propertyType) p.set("type", f.propertyType);
  if (f.petFriendly) p.set("pets", "1");
  if (f.vacationRental) p.set("vr", "1");
  if (f.page > 1) p.set("page", String(f.page));
  stayParams(query, p);
  return `/search?${p}`;
}

/** Adds the stay (rooms, dates) to a query. */
export function stayParams(query: SearchQuery, p = new URLSearchParams()): URLSearchParams {
  if (query.stay.rooms) p.set("rooms", query.stay.rooms);
  if (query.stay.checkIn && query.stay.checkOut) {
    p.set("checkIn", query.stay.checkIn);
    p.set("checkOut", query.stay.checkOut);
  }
  return p;
}
