/**
 * Places near hotels: the gazetteer, its sources and import, counts per place and the nearby-places API.
 * 'use client' components import ./client.ts.
 */
export { Gazetteer } from "./gazetteer";
export { columnIndex, columnsWithin, distanceKm } from "./geo";
export { DEFAULT_LANDMARK_CODES, GazetteerImportError, importGeoNames } from "./geonames-import";
export { countHotels, placeHotels, type PlaceMembers } from "./hotel-counts";
export { nearbyPlacesJson } from "./nearby-json";
export { PlacesView, linkTo, nearbyPlaces, placesAround, type SearchLinkParts } from "./nearby";
export { nearbyPlacesOpenApi } from "./openapi";
export { PLACE_ID_PATTERN, placeIdFor } from "./place-id";
export { loadGazetteer, recountHotels } from "./recount";
export {
  HITS_DEFAULT,
  HITS_MAX,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  ROOMS_DEFAULT,
  USER_DEVICES,
  parseNearbyPlacesRequest,
} from "./request";
export { ADULTS_MAX, CHILDREN_MAX, ROOMS_MAX, parseRooms, roomsOf, type Room } from "./rooms";
export { REFRESH_MS, placesView, servingSnapshot } from "./service";
export { bundledPlaces } from "./sources/bundled";
export {
  countsBehind,
  latestPublishedRun,
  latestRecount,
  loadHotelCounts,
  loadPlaceMembers,
  loadSavedTable,
} from "./store";
export { PLACE_CATEGORIES, placeName, type Place, type PlaceCategory } from "./types";
