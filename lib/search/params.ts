import { PLACE_ID_PATTERN } from "@/lib/places";
import { SORTS, type SearchFilters, type Sort } from "./catalog";
import { parseStay, type Stay, type StayProblem } from "./stay";

export type QueryValues = Record<string, string | string[] | undefined>;

/** What the search-results page was asked for; anything malformed in the query is ignored, never an error page. */
export interface SearchQuery {
  placeId?: string;
  q?: string;
  filters: SearchFilters;
  /** The stay, carried on to hotel pages and further result pages (spec §2.2 link parameters): valid values only. */
  stay: Stay;
  /** What the query asked for (real dates, valid rooms), shown again in the search box to be corrected. */
  stayAsked: Stay;
  /** What is wrong with the asked stay; the page says it, never an error page. */
  stayProblems: StayProblem[];
}

function one(values: QueryValues, key: string): string | undefined {
  const v = values[key];
  return Array.isArray(v) ? v[0] : v;
}

const on = (v: string | undefined) => v === "1" || v === "true" || v === "on";

export function parseSearchQuery(values: QueryValues, now: Date = new Date()): SearchQuery {
  const placeId = one(values, "placeId")?.toLowerCase();
  const q = one(values, "q")?.trim().slice(0, 100);
  const sort = one(values, "sort");
  const type = one(values, "type")?.slice(0, 100);
  const page = Number.parseInt(one(values, "page") ?? "1", 10);
  const { stay, asked, problems } = parseStay(
    { rooms: one(values, "rooms"), checkIn: one(values, "checkIn"), checkOut: one(values, "checkOut") },
    now,
  );
  return {
    placeId: placeId && PLACE_ID_PATTERN.test(placeId) ? placeId : undefined,
    q: q || undefined,
    filters: {
      // Unknown or none: the place's default order (catalog defaultSort).
      sort: SORTS.includes(sort as Sort) ? (sort as Sort) : undefined,
      propertyType: type || undefined,
      petFriendly: on(one(values, "pets")),
      vacationRental: on(one(values, "vr")),
      page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    },
    stay,
    stayAsked: asked,
    stayProblems: problems,
  };
}
