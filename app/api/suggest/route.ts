import { queryPreferences } from "@/lib/brands/context";
import { brandRoute } from "@/lib/http/route";
import { countryName } from "@/lib/locale";
import { hotelCatalog } from "@/lib/search/service";

export const dynamic = "force-dynamic";

/** The destination box's suggestions: places with hotels and hotels whose name has a word starting with `q`. */
export const GET = brandRoute(
  async (request, { brand }) => {
    const query = new URL(request.url).searchParams;
    const { language } = queryPreferences(brand, query);
    const q = (query.get("q") ?? "").slice(0, 100);
    const { places, hotels } = (await hotelCatalog()).suggest(q, language);
    return Response.json({
      places: places.map(({ place, name, hotelsCnt }) => ({
        placeId: place.placeId,
        placeName: name,
        placeCountry: countryName(place.country, language),
        placeCategory: place.category,
        hotelsCnt,
      })),
      hotels: hotels.map((h) => ({ id: h.id, name: h.name, city: h.city, country: countryName(h.country, language) })),
    });
  },
  { cache: "private, max-age=60" },
);
