import { queryPreferences, brandRoute } from "@/lib/brands";
import { hotelIdFromPath } from "@/lib/hotels";
import { AppError } from "@/lib/http";
import { placesAround, PLACE_CATEGORIES, HITS_DEFAULT, RADIUS_DEFAULT_KM, ROOMS_DEFAULT } from "@/lib/places";
import { hotelCatalog } from "@/lib/search";
import { searchLinkParts } from "@/lib/tracking";

export const dynamic = "force-dynamic";

/** A hotel page's nearby panel: the nearby-places search (lib/places) centred on the hotel, in the visitor's language. */
export const GET = brandRoute<{ id: string }>(
  async (request, { brand, params }) => {
    const { language, currency } = queryPreferences(brand, new URL(request.url).searchParams);
    const catalog = await hotelCatalog();
    const id = hotelIdFromPath(params.id);
    const hotel = id === undefined ? undefined : catalog.hotel(id);
    if (!hotel) throw new AppError({ code: "HOTEL_NOT_FOUND", field: "id", message: "No such hotel" });
    const req = { radiusKm: RADIUS_DEFAULT_KM, placeCategories: PLACE_CATEGORIES, hits: HITS_DEFAULT, language };
    // A visitor moving around the brand's own site is no partner arrival: links without tracking.
    const links = searchLinkParts(brand, { currency, language, rooms: ROOMS_DEFAULT, tracking: "none" });
    const places = placesAround(catalog.view, { placeId: "", lat: hotel.lat, lon: hotel.lon }, req, links);
    return Response.json({ places });
  },
  { cache: "private, max-age=300" },
);
