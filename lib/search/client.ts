/**
 * Browser-safe part of lib/search for 'use client' components: stays and search links.
 */
export { SEARCH_PATH, placeSearchHref } from "./links";
export { STAY_DEFAULT_ROOMS, STAY_MAX_NIGHTS, parseStay, withStay, type Stay, type StayProblem } from "./stay";
