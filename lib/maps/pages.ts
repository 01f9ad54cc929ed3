import { type PlacesView, HITS_DEFAULT, RADIUS_DEFAULT_KM, PLACE_CATEGORIES, type Place } from "@/lib/places";
import type { LatLon } from "./projection";
import { fitViewport, type FitOptions, type Viewport } from "./viewport";

/**
 * The brand pages' maps: their size (SVG pixels; the page scales them to its column) and how they are fitted.
 * A marker is drawn about 12 px around its point, hence the padding; one hotel alone is shown 2 km across.
 */
export const RESULTS_MAP: FitOptions = { width: 480, height: 420, padding: 26, minSpanKm: 2 };
export const HOTEL_MAP: FitOptions = { width: 480, height: 360, padding: 26, minSpanKm: 2 };

/** The viewport of a search-results page: the hotels of the page shown. */
export function resultsViewport(hotels: readonly LatLon[]): Viewport {
  return fitViewport(hotels, RESULTS_MAP);
}

/**
 * The places a hotel page's map shows around the hotel: the same search as its nearby panel (app/api/hotels/[id]/
 * nearby: spec §4.1 defaults, 50 km, 10 hits, every category), read from the same in-memory index on the server, so
 * the map is complete in the page's HTML and the places' positions never travel through the API.
 */
export function placesNearHotel(view: PlacesView, hotel: LatLon): Place[] {
  return view.around(
    { placeId: "", lat: hotel.lat, lon: hotel.lon },
    RADIUS_DEFAULT_KM,
    HITS_DEFAULT,
    PLACE_CATEGORIES,
  );
}

/** The viewport of a hotel page: the hotel and its nearby places. */
export function hotelViewport(hotel: LatLon, places: readonly LatLon[]): Viewport {
  return fitViewport([hotel, ...places], HOTEL_MAP);
}
