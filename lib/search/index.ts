/**
 * Hotel search: the catalog, query parameters, stays and links. 'use client' components import ./client.ts.
 */
export { HotelCatalog, PAGE_SIZE, SORTS, type HotelSelection, type SearchFilters } from "./catalog";
export type { CatalogHotel } from "./catalog";
export { SEARCH_PATH, pagerItems, placeSearchHref, searchHref, searchQueryParams } from "./links";
export { parseSearchQuery, type QueryValues, type SearchQuery } from "./params";
export { hotelCatalog, keepCatalogFresh } from "./service";
export {
  STAY_DEFAULT_ROOMS,
  STAY_MAX_NIGHTS,
  earliestCheckIn,
  isCalendarDate,
  nightsBetween,
  parseStay,
  stayParams,
  withStay,
  type Stay,
  type StayProblem,
} from "./stay";
