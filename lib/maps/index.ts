export { landImageUrl, landSvg, parseLandQuery } from "./basemap";
export { HOTEL_MAP, RESULTS_MAP, hotelViewport, placesNearHotel, resultsViewport } from "./pages";
export { tilesFor, type TileServer } from "./tiles";
export { toPixel, zoomOf, type Viewport } from "./viewport";
