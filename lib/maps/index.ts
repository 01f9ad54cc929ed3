/**
 * Maps on hotel and results pages: the base map, tiles, projection and viewports.
 */
export { landImageUrl, landSvg, parseLandQuery } from "./basemap";
export { HOTEL_MAP, RESULTS_MAP, hotelViewport, placesNearHotel, resultsViewport } from "./pages";
export { tilesFor, type TileServer } from "./tiles";
export { toPixel, zoomOf, type Viewport } from "./viewport";
