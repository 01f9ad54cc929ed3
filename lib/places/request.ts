import { randomUUID } from "node:crypto";
import { z } from "zod";
import { jsonSchemaOf, parseBody } from "@/lib/http/node";
import { SUPPORTED_LANGUAGES, toCountryCode, toCurrency, toLanguage, type Language } from "@/lib/locale";
import { ROOMS_PATTERN, parseRooms } from "./rooms";
import { PLACE_CATEGORIES, type PlaceCategory } from "./types";

/** Spec §8 limits. */
export const RADIUS_DEFAULT_KM = 50;
export const RADIUS_MAX_KM = 1000;
export const HITS_DEFAULT = 10;
export const HITS_MAX = 1000;
export const ROOMS_DEFAULT = "2";
/** Spec §4.1 leaves the device values "not shown": these three. */
export const USER_DEVICES = ["desktop", "tablet", "mobile"] as const;
export type UserDevice = (typeof USER_DEVICES)[number];

/** A validated nearby-places request, defaults applied (spec §4.1). */
export interface NearbyPlacesRequest {
  placeName?: string;
  placeId?: string;
  country?: string;
  radiusKm: number;
  placeCategories: readonly PlaceCategory[];
  hits: number;
  anonymousId: string;
  checkIn?: string;
  checkOut?: string;
  currency: string;
  label?: string;
  language: Language;
  rooms: string;
  userCountry: string;
  userDevice: UserDevice;
}

/**
 * A value a client sent, shown in a message: JSON of at most two levels and 60 characters ("[[…]]" below that).
 * Never JSON.stringify of the whole value: its recursion overflows the stack on a deeply nested body.
 */
export function shownValue(value: unknown, depth = 2): string {
  let text: string;
  if (Array.isArray(value)) {
    text =
      depth <= 0
        ? "[…]"
        : `[${value
            .slice(0, 5)
            .map((v) => shownValue(v, depth - 1))
            .join(",")}${value.length > 5 ? ",…" : ""}]`;
  } else if (value && typeof value === "object") {
    const keys = Object.keys(value).slice(0, 5);
    text =
      depth <= 0
        ? "{…}"
        : `{${keys.map((k) => `${JSON.stringify(k.slice(0, 20))}:${shownValue((value as Record<string, unknown>)[k], depth - 1)}`).join(",")}}`;
  } else {
    text = JSON.stringify(value) ?? String(value);
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A text field: a string, not only spaces, of at most `max` characters, without control characters. Values are
 * taken as sent (no trimming; null is a wrong type, not an omission).
 */
function text(field: string, max: number) {
  return (
    z
      .string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a string`) })
      .regex(/\S/, `${field} must not be empty`)
      // Code points, as JSON Schema's maxLength counts them (zod's max() counts UTF-16 units); only counted when the
      // UTF-16 length could exceed the limit.
      .refine((s) => s.length <= max || [...s].length <= max, `${field} must be at most ${max} characters`)
      .meta({ maxLength: max })
      .regex(/^[^\u0000-\u001f\u007f]*$/, `${field} must not contain control characters`)
  );
}

/**
 * The rules the JSON Schema does not state (a real code, a real date): their problems carry this param, so that a test
 * can tell them from the others (lib/places/__tests__/openapi.test.ts).
 */
export const BEYOND_JSON_SCHEMA = { beyondJsonSchema: true } as const;

/** A text field naming a code: its shape (stated in JSON Schema), then whether the code exists. */
function code(field: string, max: number, pattern: RegExp, lookup: (s: string) => unknown, message: string) {
  return text(field, max)
    .regex(pattern, message)
    .refine((s) => lookup(s) !== undefined, { message, params: BEYOND_JSON_SCHEMA });
}

function date(field: string) {
  const message = `${field} must be a real date written YYYY-MM-DD`;
  return text(field, 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isIsoDate, { message, params: BEYOND_JSON_SCHEMA });
}

/** Not z.int(): it refuses integers past 2^53, and 1e21 is an integer whose problem is the maximum (hits: none). */
function integer(field: string) {
  const message = `${field} must be an integer`;
  return z.number({ error: message }).refine(Number.isInteger, message).meta({ type: "integer" });
}

const CATEGORIES = PLACE_CATEGORIES.join(", ");
const userDeviceText = text("userDevice", 20);
const placeNameText = text("placeName", 200);
/** A date given, though perhaps no real one (that is its own problem): what makes the other date required. */
const dateText = text("date", 10);

/** Spec §4.1. The order of the fields is the order in which an error lists their problems. */
const shape = {
  placeId: text("placeId", 100).optional().describe("Place id (from an earlier response); wins over placeName"),
  // Checked across fields (below): without placeId only.
  placeName: z
    .unknown()
    .optional()
    .describe(
      "Place name to search for (case, accents and punctuation ignored); ignored when placeId is sent. Among same-named places the most populous is the first.",
    ),
  country: text("country", 100)
    .optional()
    .describe(
      "Country of the main place, by name (any supported language) or ISO 3166-1 alpha-2 code; picks among same-named places",
    ),
  // spec §4.1 / §8: omitted or 0 → 50, negative rejected, maximum 1000.
  radius: integer("radius")
    .min(0, "radius must not be negative")
    .max(RADIUS_MAX_KM, `radius must be at most ${RADIUS_MAX_KM} (kilometres)`)
    .optional()
    .describe("Kilometres; omitted or 0 gives 50; negative or above 1000 is rejected"),
  // spec §4.1 / §8: omitted or non-positive → 10, maximum 1000.
  hits: integer("hits")
    .max(HITS_MAX, `hits must be at most ${HITS_MAX}`)
    .optional()
    .describe("Maximum number of results; omitted or non-positive gives 10; above 1000 is rejected"),
  placeCategories: z
    .array(
      z.enum(PLACE_CATEGORIES, {
        error: (iss) => `${shownValue(iss.input)} is not a place category; allowed: ${CATEGORIES}`,
      }),
      { error: `placeCategories must be a non-empty array of: ${CATEGORIES}` },
    )
    .min(1, `placeCategories must be a non-empty array of: ${CATEGORIES}`)
    .optional()
    .describe("When omitted all categories are used"),
  anonymousId: text("anonymousId", 128)
    .regex(/^[\x21-\x7e]+$/, "anonymousId must be printable ASCII without spaces")
    .optional()
    .describe("Visitor id for click tracking; a UUID is generated when omitted"),
  checkIn: date("checkIn").optional().describe("A real date, YYYY-MM-DD; with checkOut"),
  checkOut: date("checkOut").optional().describe("A real date after checkIn, YYYY-MM-DD; with checkIn"),
  currency: code("currency", 3, /^[A-Za-z]{3}$/, toCurrency, "currency must be an ISO 4217 code such as EUR").describe(
    "ISO 4217 code (a real one, any case)",
  ),
  language: code(
    "language",
    35,
    /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/,
    toLanguage,
    `language must be one of: ${SUPPORTED_LANGUAGES.join(", ")}`,
  ).describe(`BCP 47 tag whose language is one of ${SUPPORTED_LANGUAGES.join(", ")}`),
  label: text("label", 200).optional().describe("Free string for tracking and reporting"),
  rooms: text("rooms", 100)
    .regex(ROOMS_PATTERN, { error: (iss) => (parseRooms(iss.input as string) as { message: string }).message })
    .optional()
    .describe(
      'Rooms separated by ","; each the number of adults (1-8), then "-" and each child\'s age (0-17): "2", "2-4-9", "2,1". At most 8 rooms, 6 children a room. Default "2"',
    ),
  userCountry: code(
    "userCountry",
    2,
    /^[A-Za-z]{2}$/,
    toCountryCode,
    "userCountry must be an ISO 3166-1 alpha-2 country code such as DE",
  ).describe("ISO 3166-1 alpha-2 code of the user's country (a real one, any case)"),
  // A value that is no text is told so, as in any text field; a text that is no device gets the list.
  userDevice: z.enum(USER_DEVICES, {
    error: (iss) => {
      const asText = userDeviceText.safeParse(iss.input);
      return asText.success ? `userDevice must be one of: ${USER_DEVICES.join(", ")}` : asText.error.issues[0]!.message;
    },
  }),
};
const FIELDS = Object.keys(shape);
/** Problems are listed in the order of the fields, the two dates' together (in the order their rules find them). */
const rank = (field: string) => FIELDS.indexOf(field === "checkOut" ? "checkIn" : field);

type Body = z.output<z.ZodObject<typeof shape>>;

/** Spec §4.1, the rules between fields; they run whatever the fields' own problems, so that all are listed at once. */
function acrossFields(body: Body, ctx: z.RefinementCtx) {
  const problem = (field: string, message: string, params?: typeof BEYOND_JSON_SCHEMA) =>
    ctx.addIssue({ code: "custom", path: [field], message, params });
  // One of placeName / placeId; placeId wins and placeName is then ignored, even when malformed.
  if (body.placeId === undefined) {
    if (body.placeName === undefined) problem("placeName", "One of placeName or placeId is required");
    else {
      const name = placeNameText.safeParse(body.placeName);
      if (!name.success) problem("placeName", name.error.issues[0]!.message);
    }
  }
  const { checkIn, checkOut } = body as Record<string, unknown>;
  if (checkIn !== undefined && checkOut === undefined && dateText.safeParse(checkIn).success)
    problem("checkOut", "checkOut is required when checkIn is given");
  if (checkOut !== undefined && checkIn === undefined && dateText.safeParse(checkOut).success)
    problem("checkIn", "checkIn is required when checkOut is given");
  if (typeof checkIn === "string" && typeof checkOut === "string" && isIsoDate(checkIn) && isIsoDate(checkOut))
    if (checkOut <= checkIn) problem("checkOut", "checkOut must be after checkIn", BEYOND_JSON_SCHEMA);
}

const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
const placeNameSchema = jsonSchemaOf(placeNameText);

/**
 * The body of POST /v1/nearby-places (spec §4.1): the OpenAPI document's request schema is generated from it
 * (lib/places/openapi.ts). Its meta states the rules between fields in JSON Schema's words.
 */
export const nearbyPlacesBody = z
  .strictObject(shape, { error: "The body must be a JSON object" })
  .superRefine(acrossFields, { when: (payload) => isObject(payload.value) })
  .meta({
    anyOf: [{ required: ["placeName"] }, { required: ["placeId"] }],
    if: { required: ["placeId"] },
    then: {},
    else: { properties: { placeName: placeNameSchema } },
    dependentRequired: { checkIn: ["checkOut"], checkOut: ["checkIn"] },
  });

/** The body with the defaults of spec §4.1 and §8 applied and the codes in their usual case. */
const nearbyPlacesRequest = nearbyPlacesBody.transform((b): NearbyPlacesRequest => ({
  placeName: b.placeId === undefined ? (b.placeName as string) : undefined,
  placeId: b.placeId,
  country: b.country,
  radiusKm: b.radius || RADIUS_DEFAULT_KM,
  placeCategories: b.placeCategories ? [...new Set(b.placeCategories)] : PLACE_CATEGORIES,
  hits: b.hits !== undefined && b.hits > 0 ? b.hits : HITS_DEFAULT,
  anonymousId: b.anonymousId ?? randomUUID(),
  checkIn: b.checkIn,
  checkOut: b.checkOut,
  currency: toCurrency(b.currency)!,
  label: b.label,
  language: toLanguage(b.language)!,
  rooms: b.rooms === undefined ? ROOMS_DEFAULT : (parseRooms(b.rooms) as string),
  userCountry: toCountryCode(b.userCountry)!,
  userDevice: b.userDevice,
}));

/** Validates a parsed JSON body against every rule of spec §4.1 and applies the defaults; a 400 lists all problems. */
export function parseNearbyPlacesRequest(body: unknown): NearbyPlacesRequest {
  return parseBody(nearbyPlacesRequest, body, rank);
}
