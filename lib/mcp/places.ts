import { z } from "zod";
import { countryName } from "@/lib/locale";
import {
  nearbyPlaces,
  HITS_MAX,
  RADIUS_MAX_KM,
  USER_DEVICES,
  parseNearbyPlacesRequest,
  placesView,
  PLACE_CATEGORIES,
} from "@/lib/places";
import { searchLinkParts } from "@/lib/tracking";
import { hotelCatalog } from "@/lib/search";
import { defineTool, visitorOf } from "./tool";

const nearbyInput = z.strictObject({
  placeName: z
    .string()
    .optional()
    .describe('The place to search around, by name ("Paris"). One of placeName or placeId.'),
  placeId: z.string().optional().describe("The place to search around, by id (wins over placeName)."),
  country: z.string().optional().describe("Picks among places of the same name: a country name or ISO code."),
  radius: z.number().int().optional().describe(`km; omitted or 0: 50; at most ${RADIUS_MAX_KM}; negative is refused.`),
  placeCategories: z.array(z.enum(PLACE_CATEGORIES)).optional().describe("Only these kinds of place (default: all)."),
  hits: z.number().int().optional().describe(`How many places (omitted or ≤ 0: 10; at most ${HITS_MAX}).`),
  anonymousId: z.string().optional(),
  checkIn: z.string().optional().describe("YYYY-MM-DD, with checkOut: carried into the links."),
  checkOut: z.string().optional(),
  currency: z.string().optional().describe("ISO 4217; default: _meta.currency, else the site's."),
  label: z.string().optional(),
  language: z.string().optional().describe("Names in this language; default: _meta.language, else the site's."),
  rooms: z.string().optional().describe('Guests per room: "2" (two adults), "2,1" (two rooms), "2-5" (a child of 5).'),
  userCountry: z.string().describe("The visitor's country, ISO 3166-1 alpha-2 (e.g. DE)."),
  userDevice: z.enum(USER_DEVICES).describe("The visitor's device."),
});

const nearbyOutput = z.object({
  places: z.array(
    z.object({
      placeName: z.string(),
      placeId: z.string(),
      placeCountry: z.string(),
      placeCategory: z.string(),
      distanceKM: z.number(),
      hotelsCnt: z.number().int(),
      url: z.string().describe("This site's search results for the place."),
    }),
  ),
});

/**
 * nearby_places: POST /v1/nearby-places as a tool (spec §4.1, §8) — the same arguments, checked by the same
 * function, and the same library call; only language and currency may also come from `_meta` or the brand.
 */
export const nearbyPlacesTool = defineTool({
  name: "nearby_places",
  title: "Places near a place",
  description:
    "List places near a place (by placeName or placeId): countries, regions, cities, towns, districts, " +
    "landmarks, tourist regions and airports that have hotels on this site, nearest first, each with its " +
    "distance, hotel count and a link to this site's results. Same rules as the site's nearby-places API: radius " +
    "in km (default 50, max 1000), hits (default 10, max 1000), placeCategories to narrow the kinds.",
  input: nearbyInput,
  output: nearbyOutput,
  async run(args, ctx) {
    // Given values are checked as /v1 checks them; missing ones come from _meta or the brand.
    const visitor = visitorOf(ctx, {});
    const req = parseNearbyPlacesRequest({
      ...args,
      language: args.language ?? visitor.language,
      currency: args.currency ?? visitor.currency,
    });
    // Unsigned links: anyone may call the assistant and choose label and anonymousId (lib/tracking/search-links.ts).
    const places = nearbyPlaces(await placesView(), req, searchLinkParts(ctx.brand, { ...req, tracking: "unsigned" }));
    const text = [
      `${places.length} place${places.length === 1 ? "" : "s"} near ${args.placeName ?? args.placeId}:`,
      ...places.map(
        (p, i) =>
          `${i + 1}. ${p.placeName} (${p.placeCategory}, ${p.placeCountry}) · ${p.distanceKM} km · ${p.hotelsCnt} hotels — ${p.url}`,
      ),
    ].join("\n");
    return { structured: { places }, text };
  },
});

const suggestInput = z.strictObject({
  query: z
    .string()
    .min(1)
    .max(100)
    .describe(
      'The start of a place\'s name in any language the site knows ("lis", "Londres", "東京"), or an IATA airport code ("CDG").',
    ),
  limit: z.number().int().min(1).max(20).optional().describe("At most this many places (default 8)."),
  language: z.string().max(35).optional().describe("Names in this language; default: _meta.language, else the site's."),
});

const suggestOutput = z.object({
  places: z.array(
    z.object({
      placeId: z.string().describe("For search_hotels or nearby_places."),
      name: z.string(),
      category: z.string(),
      country: z.string(),
      countryName: z.string(),
      hotelsCnt: z.number().int(),
    }),
  ),
});

export const suggestPlaces = defineTool({
  name: "suggest_places",
  title: "Find a place's id",
  description:
    "Turn a partial place name or an IATA code into places with hotels on this site, most hotels first, each " +
    "with the placeId that search_hotels and nearby_places take, its category, country and hotel count.",
  input: suggestInput,
  output: suggestOutput,
  async run(args, ctx) {
    const visitor = visitorOf(ctx, { language: args.language });
    const { places } = (await hotelCatalog()).suggest(args.query, visitor.language, {
      places: args.limit ?? 8,
      hotels: 0,
    });
    const out = places.map(({ place, name, hotelsCnt }) => ({
      placeId: place.placeId,
      name,
      category: place.category,
      country: place.country,
      countryName: countryName(place.country, visitor.language),
      hotelsCnt,
    }));
    const text = out.length
      ? out
          .map(
            (p, i) =>
              `${i + 1}. ${p.name} (${p.category}, ${p.countryName}) · ${p.hotelsCnt} hotels — placeId ${p.placeId}`,
          )
          .join("\n")
      : `No place with hotels matches "${args.query}".`;
    return { structured: { places: out }, text };
  },
});
