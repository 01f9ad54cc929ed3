import type { SearchFilters } from "./catalog";
import type { SearchQuery } from "./params";
import { stayParams, withStay, type Stay } from "./stay";

/**
 * The search-results page and every link to it (spec §2.2: "the nearby-places url lands here"). Pure: the search box
 * bundles it.
 */
export const SEARCH_PATH = "/search";

/** A place's results, with the visitor's stay when one is chosen ("/search?placeId=…&rooms=…&checkIn=…"). */
export function placeSearchHref(placeId: string, stay: Stay = {}): string {
  return withStay(`${SEARCH_PATH}?placeId=${encodeURIComponent(placeId)}`, stay);
}

/** The query of a search: the place (else the typed words), the filters set, then the stay. */
export function searchQueryParams(search: {
  placeId?: string;
  q?: string;
  filters: SearchFilters;
  stay?: Stay;
}): URLSearchParams {
  const { filters: f } = search;
  const p = new URLSearchParams();
  if (search.placeId) p.set("placeId", search.placeId);
  else if (search.q) p.set("q", search.q);
  // No sort: the place's own default (catalog defaultSort), so a link does not pin one.
  if (f.sort) p.set("sort", f.sort);
  if (f.propertyType) p.set("type", f.propertyType);
  if (f.petFriendly) p.set("pets", "1");
  if (f.vacationRental) p.set("vr", "1");
  if (f.page > 1) p.set("page", String(f.page));
  if (search.stay) stayParams(search.stay, p);
  return p;
}

/** The search-results URL of this search with some settings changed (page 1 unless given). */
export function searchHref(query: SearchQuery, change: Partial<SearchFilters> & { placeId?: string } = {}): string {
  const params = searchQueryParams({
    placeId: change.placeId ?? query.placeId,
    q: query.q,
    filters: { ...query.filters, page: 1, ...change },
    stay: query.stay,
  });
  return `${SEARCH_PATH}?${params}`;
}

/**
 * The numbered pager's items: the first and last page, the current one with `around` pages either side, and a gap
 * where pages are left out ("1 … 4 5 6 … 12"); a gap never stands for a single page (that page is shown instead).
 */
export function pagerItems(page: number, pages: number, around = 1): (number | "gap")[] {
  const shown = new Set([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last === 2) out.push(last + 1);
    else if (typeof last === "number" && p - last > 2) out.push("gap");
    out.push(p);
  }
  return out;
}
