import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import { SUPPORTED_LANGUAGES, toCountryCode, toCurrency, toLanguage, type Language } from "@/lib/locale";
import { PLACE_CATEGORIES, isPlaceCategory, type PlaceCategory } from "./types";
import { parseRooms } from "./rooms";

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

export interface FieldIssue {
  field: string;
  code: "MISSING_FIELD" | "INVALID_FIELD" | "UNKNOWN_FIELD";
  message: string;
}

const FIELDS = new Set([
  "placeName",
  "placeId",
  "country",
  "radius",
  "placeCategories",
  "hits",
  "anonymousId",
  "checkIn",
  "checkOut",
  "currency",
  "label",
  "language",
  "rooms",
  "userCountry",
  "userDevice",
]);

const CONTROL = /[\u0000-\u001f\u007f]/;
// Messages built once: a valid request (the usual case) builds no text.
const LANGUAGE_MESSAGE = `language must be one of: ${SUPPORTED_LANGUAGES.join(", ")}`;
const DEVICE_MESSAGE = `userDevice must be one of: ${USER_DEVICES.join(", ")}`;
const toUserDevice = (d: string) => USER_DEVICES.find((device) => device === d);

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
 * Validates a parsed JSON body against every rule of spec §4.1 and applies the defaults. All problems are collected;
 * the error names the first one's field and lists the rest in details. Values are taken as sent (no trimming; null
 * is a wrong type, not an omission).
 */
export function parseNearbyPlacesRequest(body: unknown): NearbyPlacesRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError({ code: "INVALID_BODY", message: "The body must be a JSON object" });
  }
  const input = body as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const missing = (field: string, message = `${field} is required`) =>
    issues.push({ field, code: "MISSING_FIELD", message });
  const invalid = (field: string, message: string) => issues.push({ field, code: "INVALID_FIELD", message });
  const value = (field: string) => input[field];

  for (const key of Object.keys(input)) {
    if (!FIELDS.has(key))
      issues.push({ field: key, code: "UNKNOWN_FIELD", message: `${key} is not a field of this operation` });
  }

  /** A string of 1..max characters (code points), not only spaces, without control characters; undefined when not sent. */
  const text = (field: string, max: number): string | undefined => {
    const v = value(field);
    if (v === undefined) return undefined;
    if (typeof v !== "string") return void invalid(field, `${field} must be a string`);
    if (!/\S/.test(v)) return void invalid(field, `${field} must not be empty`);
    // Code points, as JSON Schema counts them; only counted when the UTF-16 length could exceed the limit.
    if (v.length > max && [...v].length > max) return void invalid(field, `${field} must be at most ${max} characters`);
    if (CONTROL.test(v)) return void invalid(field, `${field} must not contain control characters`);
    return v;
  };
  /** A required text field that must name a known value (a code); the value it names, or undefined with an issue. */
  const known = <T>(field: string, max: number, lookup: (s: string) => T | undefined, message: string) => {
    if (value(field) === undefined) return void missing(field);
    const t = text(field, max);
    const found = t === undefined ? undefined : lookup(t);
    if (t !== undefined && found === undefined) invalid(field, message);
    return found;
  };
  const integer = (field: string): number | undefined => {
    const v = value(field);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v)) return void invalid(field, `${field} must be an integer`);
    return v;
  };

  // spec §4.1: one of placeName / placeId; placeId wins and placeName is then ignored.
  const placeId = text("placeId", 100);
  const placeName = value("placeId") === undefined ? text("placeName", 200) : undefined;
  if (value("placeId") === undefined && value("placeName") === undefined)
    missing("placeName", "One of placeName or placeId is required");
  const country = text("country", 100);

  // spec §4.1 / §8: radius omitted or 0 → 50, negative rejected, maximum 1000.
  let radiusKm = integer("radius") ?? 0;
  if (radiusKm < 0) invalid("radius", "radius must not be negative");
  else if (radiusKm > RADIUS_MAX_KM) invalid("radius", `radius must be at most ${RADIUS_MAX_KM} (kilometres)`);
  if (radiusKm === 0) radiusKm = RADIUS_DEFAULT_KM;

  // spec §4.1 / §8: hits omitted or non-positive → 10, maximum 1000.
  let hits = integer("hits") ?? 0;
  if (hits > HITS_MAX) invalid("hits", `hits must be at most ${HITS_MAX}`);
  if (hits <= 0) hits = HITS_DEFAULT;

  let placeCategories: readonly PlaceCategory[] = PLACE_CATEGORIES;
  const categories = value("placeCategories");
  if (categories !== undefined) {
    if (!Array.isArray(categories) || categories.length === 0) {
      invalid("placeCategories", `placeCategories must be a non-empty array of: ${PLACE_CATEGORIES.join(", ")}`);
    } else {
      const wrong = categories.find((c) => typeof c !== "string" || !isPlaceCategory(c));
      if (wrong !== undefined)
        invalid(
          "placeCategories",
          `${shownValue(wrong)} is not a place category; allowed: ${PLACE_CATEGORIES.join(", ")}`,
        );
      else placeCategories = [...new Set(categories as PlaceCategory[])];
    }
  }

  let anonymousId = text("anonymousId", 128);
  if (anonymousId !== undefined && !/^[\x21-\x7e]+$/.test(anonymousId)) {
    invalid("anonymousId", "anonymousId must be printable ASCII without spaces");
    anonymousId = undefined;
  }

  const checkIn = text("checkIn", 10);
  const checkOut = text("checkOut", 10);
  if (checkIn !== undefined && !isIsoDate(checkIn))
    invalid("checkIn", "checkIn must be a real date written YYYY-MM-DD");
  if (checkOut !== undefined && !isIsoDate(checkOut))
    invalid("checkOut", "checkOut must be a real date written YYYY-MM-DD");
  if (checkIn !== undefined && checkOut === undefined && value("checkOut") === undefined)
    missing("checkOut", "checkOut is required when checkIn is given");
  if (checkOut !== undefined && checkIn === undefined && value("checkIn") === undefined)
    missing("checkIn", "checkIn is required when checkOut is given");
  if (checkIn && checkOut && isIsoDate(checkIn) && isIsoDate(checkOut) && checkOut <= checkIn)
    invalid("checkOut", "checkOut must be after checkIn");

  const currency = known("currency", 3, toCurrency, "currency must be an ISO 4217 code such as EUR");
  const language = known("language", 35, toLanguage, LANGUAGE_MESSAGE);

  const label = text("label", 200);

  const roomsText = text("rooms", 100);
  let rooms = ROOMS_DEFAULT;
  if (roomsText !== undefined) {
    const parsed = parseRooms(roomsText);
    if (typeof parsed === "string") rooms = parsed;
    else invalid("rooms", parsed.message);
  }

  const userCountry = known(
    "userCountry",
    2,
    toCountryCode,
    "userCountry must be an ISO 3166-1 alpha-2 country code such as DE",
  );
  const userDevice = known("userDevice", 20, toUserDevice, DEVICE_MESSAGE);

  const first = issues[0];
  if (first) {
    throw new AppError({
      code: first.code,
      message: issues.length === 1 ? first.message : `${first.message} (and ${issues.length - 1} more problem(s))`,
      field: first.field,
      details: issues,
    });
  }
  return {
    placeName,
    placeId,
    country,
    radiusKm,
    placeCategories,
    hits,
    anonymousId: anonymousId ?? randomUUID(),
    checkIn,
    checkOut,
    currency: currency!,
    label,
    language: language!,
    rooms,
    userCountry: userCountry!,
    userDevice: userDevice!,
  };
}
