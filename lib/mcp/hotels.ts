import { z } from "zod";
import type { Brand } from "@/lib/brands/node";
import { localizedText, oneLine, getHotels, type HotelExportRecord } from "@/lib/hotels";
import { AppError } from "@/lib/http/node";
import { countryCodeByName, countryName } from "@/lib/locale";
import { PLACE_ID_PATTERN, placeName } from "@/lib/places";
import {
  SORTS,
  type CatalogHotel,
  type HotelSelection,
  type SearchFilters,
  SEARCH_PATH,
  searchQueryParams,
  hotelCatalog,
} from "@/lib/search";
import { store } from "@/lib/store";
import { blocksSchema, includeSchema, recordBlocks, type IncludeBlock } from "./blocks";
import { hotelPath } from "@/lib/hotels";
import { brandLink, defineTool, visitorOf, type Visitor } from "./tool";

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_RADIUS_KM = 100;
export const DEFAULT_RADIUS_KM = 10;
export const MAX_HOTEL_IDS = 50;
/** Hotels found by name (no place matched the query) are at most this many. */
const MAX_NAME_MATCHES = 1000;

const languageArg = z
  .string()
  .max(35)
  .optional()
  .describe("The visitor's language (ISO 639-1, e.g. en, fr); default: the request's _meta.language, else the site's.");
const currencyArg = z
  .string()
  .max(3)
  .optional()
  .describe(
    "The visitor's currency (ISO 4217, e.g. EUR) for links to the site; default: _meta.currency, else the site's.",
  );

const hotelSchema = z.object({
  id: z.string(),
  name: z.string(),
  place: z.object({ city: z.string().nullable(), country: z.string(), countryName: z.string() }),
  distanceKm: z.number().nullable().describe("From the searched place's centre or point; null when found by name."),
  propertyType: z.string().nullable(),
  isPetFriendly: z.boolean().nullable(),
  isVacationRental: z.boolean().nullable(),
  url: z.string().describe("The hotel's page on this site."),
  ...blocksSchema,
});
type HotelOut = z.infer<typeof hotelSchema>;

function hotelOut(
  hotel: CatalogHotel,
  distanceKm: number | null,
  record: HotelExportRecord | undefined,
  include: readonly IncludeBlock[],
  visitor: Visitor,
  brand: Brand,
): HotelOut {
  return {
    id: hotel.id,
    name: hotel.name,
    place: { city: hotel.city, country: hotel.country, countryName: countryName(hotel.country, visitor.language) },
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
    propertyType: hotel.propertyType,
    isPetFriendly: hotel.petFriendly,
    isVacationRental: hotel.vacationRental,
    url: brandLink(brand, hotelPath(hotel.id), visitor),
    ...(record && include.length ? recordBlocks(record, include, visitor.language, brand) : {}),
  };
}

/** Records for the blocks asked for (none read when no block is). */
async function recordsFor(ids: string[], include: readonly IncludeBlock[]) {
  if (!include.length || !ids.length) return new Map<string, HotelExportRecord>();
  return (await getHotels((await store()).db, ids)) as unknown as Map<string, HotelExportRecord>;
}

function hotelLine(h: HotelOut, i: number): string {
  const where = [h.place.city, h.place.countryName].filter(Boolean).join(", ");
  const distance = h.distanceKm === null ? "" : ` · ${h.distanceKm} km`;
  return `${i}. ${h.name} (${h.id}) — ${where}${distance} — ${h.url}`;
}

const searchInput = z.strictObject({
  query: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('A destination or hotel name as a person would type it ("Lisbon", "Eiffel Tower", "Hotel Aurora").'),
  placeId: z.string().max(100).optional().describe("A placeId from suggest_places or nearby_places (exact)."),
  latitude: z.number().min(-90).max(90).optional().describe("With longitude: search around this point."),
  longitude: z.number().min(-180).max(180).optional(),
  radiusKm: z
    .number()
    .positive()
    .max(MAX_RADIUS_KM)
    .optional()
    .describe(`Around a point: how far to look, km (default ${DEFAULT_RADIUS_KM}, at most ${MAX_RADIUS_KM}).`),
  propertyType: z
    .string()
    .max(100)
    .optional()
    .describe('Only this property type, as results name it ("Hotel", "Apartment").'),
  petFriendly: z.boolean().optional().describe("true: only hotels that accept pets."),
  vacationRental: z.boolean().optional().describe("true: only vacation rentals."),
  country: z.string().max(100).optional().describe("Only hotels in this country (ISO code such as FR, or its name)."),
  sort: z
    .enum(SORTS)
    .optional()
    .describe(
      "distance (default: nearest the place's centre first), name, or popular (the hotels of the towns with the " +
        "most hotels first).",
    ),
  page: z.number().int().min(1).max(100_000).optional().describe("1-based page (default 1)."),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .optional()
    .describe(`Hotels per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`),
  include: includeSchema,
  language: languageArg,
  currency: currencyArg,
});

const searchOutput = z.object({
  matchedBy: z.enum(["place", "coordinates", "hotelName"]),
  place: z
    .object({
      placeId: z.string(),
      name: z.string(),
      category: z.string(),
      country: z.string(),
      countryName: z.string(),
    })
    .optional()
    .describe("The place searched (query or placeId)."),
  total: z.number().int().describe("Hotels matching, all pages."),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
  hotels: z.array(hotelSchema),
  propertyTypes: z
    .array(z.object({ type: z.string(), count: z.number().int() }))
    .describe("Property types among the hotels searched (values for propertyType)."),
  searchUrl: z.string().optional().describe("The same search on this site's results page."),
});

function invalid(field: string, message: string): AppError {
  return new AppError({ code: "INVALID_FIELD", field, message });
}

export const searchHotels = defineTool({
  name: "search_hotels",
  title: "Search hotels",
  description:
    "Find hotels on this site by destination or hotel name (query), by a placeId, or around a point " +
    "(latitude, longitude, radiusKm). Give exactly one of these. Results are the same as the site's search page: " +
    "nearest the place's centre first unless sort=name, paged (page, pageSize). Filters: propertyType, " +
    "petFriendly, vacationRental, country. Each hotel comes with its id (for get_hotels), place, distance and a " +
    "link to its page; ask for more of each record with include. If the query names no destination, hotels " +
    "whose name matches are returned instead (matchedBy=hotelName).",
  input: searchInput,
  output: searchOutput,
  async run(args, ctx) {
    const visitor = visitorOf(ctx, args);
    const { brand } = ctx;
    const given = [
      args.query !== undefined,
      args.placeId !== undefined,
      args.latitude !== undefined || args.longitude !== undefined,
    ];
    if (given.filter(Boolean).length !== 1) {
      throw invalid("query", "Give exactly one of query, placeId, or latitude with longitude");
    }
    if ((args.latitude === undefined) !== (args.longitude === undefined)) {
      throw invalid(args.latitude === undefined ? "latitude" : "longitude", "latitude and longitude go together");
    }
    if (args.radiusKm !== undefined && args.latitude === undefined) {
      throw invalid("radiusKm", "radiusKm applies to a search around latitude and longitude");
    }
    let country: string | undefined;
    if (args.country !== undefined) {
      country = countryCodeByName(args.country);
      if (!country) throw invalid("country", `"${args.country}" is not a country name or ISO 3166-1 code`);
    }
    const pageSize = args.pageSize ?? DEFAULT_PAGE_SIZE;
    const filters: SearchFilters = {
      sort: args.sort ?? "distance",
      propertyType: args.propertyType,
      petFriendly: args.petFriendly,
      vacationRental: args.vacationRental,
      country,
      page: args.page ?? 1,
      pageSize,
    };
    const include = args.include ?? [];
    const catalog = await hotelCatalog();

    let matchedBy: "place" | "coordinates" | "hotelName";
    let selection: HotelSelection;
    let place: z.infer<typeof searchOutput>["place"];
    let searchUrl: string | undefined;
    let byName = false;
    if (args.latitude !== undefined && args.longitude !== undefined) {
      matchedBy = "coordinates";
      selection = catalog.around(
        { lat: args.latitude, lon: args.longitude },
        args.radiusKm ?? DEFAULT_RADIUS_KM,
        filters,
      );
    } else {
      // As the search page does: a placeId as given, else the place the query's words name best.
      let placeId = args.placeId?.toLowerCase();
      if (placeId !== undefined && (!PLACE_ID_PATTERN.test(placeId) || !catalog.view.gazetteer.get(placeId))) {
        throw new AppError({
          code: "PLACE_NOT_FOUND",
          field: "placeId",
          message: `No place has the id "${args.placeId}"; find one with suggest_places`,
        });
      }
      const typed =
        args.query === undefined
          ? undefined
          : catalog.suggest(args.query, visitor.language, { places: 1, hotels: MAX_NAME_MATCHES });
      placeId ??= typed?.places[0]?.place.placeId;
      const result = placeId ? catalog.search(placeId, filters) : undefined;
      if (result) {
        matchedBy = "place";
        selection = result;
        place = {
          placeId: result.place.placeId,
          name: placeName(result.place, visitor.language),
          category: result.place.category,
          country: result.place.country,
          countryName: countryName(result.place.country, visitor.language),
        };
        // The brand's results page of the place and filters (its first page: the tool's own page is not the site's).
        const sp = searchQueryParams({ placeId: result.place.placeId, filters: { ...filters, page: 1 } });
        searchUrl = brandLink(brand, SEARCH_PATH, visitor, Object.fromEntries(sp));
      } else {
        matchedBy = "hotelName";
        byName = true;
        const hotels = (typed?.hotels ?? []).filter(
          (h) =>
            (filters.propertyType === undefined || h.propertyType === filters.propertyType) &&
            (!filters.petFriendly || h.petFriendly === true) &&
            (!filters.vacationRental || h.vacationRental === true) &&
            (country === undefined || h.country === country),
        );
        const pages = Math.max(1, Math.ceil(hotels.length / pageSize));
        const page = Math.min(filters.page, pages);
        selection = {
          inPlace: hotels.length,
          total: hotels.length,
          page,
          pages,
          items: hotels.slice((page - 1) * pageSize, page * pageSize).map((hotel) => ({ hotel, distanceKm: 0 })),
          propertyTypes: [],
          sort: "name",
          facets: { propertyTypes: [], petFriendly: 0, vacationRental: 0 },
        };
      }
    }
    const records = await recordsFor(
      selection.items.map((i) => i.hotel.id),
      include,
    );
    const hotels = selection.items.map(({ hotel, distanceKm }) =>
      hotelOut(hotel, byName ? null : distanceKm, records.get(hotel.id), include, visitor, brand),
    );
    const structured = {
      matchedBy,
      ...(place ? { place } : {}),
      total: selection.total,
      page: selection.page,
      pages: selection.pages,
      pageSize,
      hotels,
      propertyTypes: selection.propertyTypes,
      ...(searchUrl ? { searchUrl } : {}),
    };
    const where =
      matchedBy === "place"
        ? `in ${place!.name}, ${place!.countryName}`
        : matchedBy === "coordinates"
          ? `within ${args.radiusKm ?? DEFAULT_RADIUS_KM} km of ${args.latitude}, ${args.longitude}`
          : `named like "${args.query}" (no destination of that name)`;
    const first = (selection.page - 1) * pageSize + 1;
    const text = [
      `${selection.total} hotel${selection.total === 1 ? "" : "s"} ${where}; page ${selection.page} of ${selection.pages}.`,
      ...hotels.map((h, i) => hotelLine(h, first + i)),
    ].join("\n");
    return { structured, text };
  },
});

const getInput = z.strictObject({
  hotelIds: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(MAX_HOTEL_IDS)
    .describe(`Hotel ids as search_hotels returns them (at most ${MAX_HOTEL_IDS}).`),
  include: includeSchema,
  language: languageArg,
  currency: currencyArg,
});

const getOutput = z.object({
  hotels: z.array(hotelSchema).describe("The hotels found, in the order asked."),
  notFound: z.array(z.string()).describe("Ids that name no hotel on this site (unknown or no longer offered)."),
});

export const getHotelsTool = defineTool({
  name: "get_hotels",
  title: "Get hotels by id",
  description:
    "Read hotels by id (from search_hotels), up to 50 at once, with the parts of each record you ask for in " +
    "include (location, media, descriptions, policies, checkInOut, payment, vacationRental). Ids that name no " +
    "hotel, or a hotel no longer offered, are listed in notFound; that is not an error.",
  input: getInput,
  output: getOutput,
  async run(args, ctx) {
    const visitor = visitorOf(ctx, args);
    const include = args.include ?? [];
    const ids = [...new Set(args.hotelIds)];
    const catalog = await hotelCatalog();
    // The store is the truth for what is offered now (the catalog follows a published sync a moment later).
    const records = (await getHotels((await store()).db, ids)) as unknown as Map<string, HotelExportRecord>;
    const hotels: HotelOut[] = [];
    const notFound: string[] = [];
    for (const id of ids) {
      const record = records.get(id);
      const hotel = catalog.hotel(id) ?? (record && catalogEntry(record));
      if (!record || !hotel) notFound.push(id);
      else hotels.push(hotelOut(hotel, null, record, include, visitor, ctx.brand));
    }
    const text = [
      `${hotels.length} found${notFound.length ? `; not found: ${notFound.join(", ")}` : ""}.`,
      ...hotels.map((h, i) => hotelLine(h, i + 1)),
    ].join("\n");
    return { structured: { hotels, notFound }, text };
  },
});

/** A hotel published after the catalog was built: its summary from the record. */
function catalogEntry(r: HotelExportRecord): CatalogHotel {
  return {
    id: r.id,
    name: localizedText(r.name, "en") ?? r.id,
    city: oneLine(r.location.city) ?? null,
    country: r.location.country_code,
    lat: r.location.coordinates.latitude,
    lon: r.location.coordinates.longitude,
    propertyType: r.property_type ?? null,
    petFriendly: r.is_pet_friendly ?? null,
    vacationRental: r.is_vr ?? null,
  };
}
