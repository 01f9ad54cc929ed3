import { queryPreferences, brandRoute } from "@/lib/brands";
import { categoryLabels } from "@/lib/i18n";
import { countryName } from "@/lib/locale";
import { placeName } from "@/lib/places";
import { hotelCatalog } from "@/lib/search";

export const dynamic = "force-dynamic";

/**
 * The destination box's suggestions: places with hotels (by a word's prefix, an airport's IATA code, or a close
 * spelling) and hotels whose name has a word starting with `q`. Each place says its kind and where it lies
 * ("City", "Tokyo, Japan"), so same-named places are told apart.
 */
export const GET = brandRoute(
  async (request, { brand }) => {
    const query = new URL(request.url).searchParams;
    const { language } = queryPreferences(brand, query);
    const q = (query.get("q") ?? "").slice(0, 100);
    const { places, hotels } = (await hotelCatalog()).suggest(q, language);
    const kinds = categoryLabels(language);
    return Response.json({
      places: places.map(({ place, name, hotelsCnt, division, match, airport }) => ({
        placeId: place.placeId,
        placeName: name,
        placeCountry: countryName(place.country, language),
        placeCategory: place.category,
        placeKind: kinds[place.category] ?? place.category,
        // Where it lies: its division and country; a country lies nowhere further.
        placeParent: [
          division && placeName(division, language),
          place.category === "country" ? undefined : countryName(place.country, language),
        ]
          .filter(Boolean)
          .join(", "),
        hotelsCnt,
        match,
        ...(airport ? { airportCode: airport.altNames?.[0], airportName: placeName(airport, language) } : {}),
      })),
      hotels: hotels.map((h) => ({ id: h.id, name: h.name, city: h.city, country: countryName(h.country, language) })),
    });
  },
  { cache: "private, max-age=60" },
);
