import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import { brandCurrency, brandLanguage, brands, expandHandoff, type Brand } from "@/lib/brands/node";
import { hotelPath } from "@/lib/hotels";
import { log } from "@/lib/log";
import { parseStay, STAY_DEFAULT_ROOMS, withStay, type Stay } from "@/lib/search";
import { dayOf } from "./arrivals";
import { arrivalRecorder, type ArrivalRecorder, type HandoffVerdict } from "./recorder";
import { SIGNATURE_PARAM, signHandoff, trackingKey, verifyHandoff, type HandoffLinkParams } from "./signature";

export type { HandoffVerdict } from "./recorder";

/**
 * The booking hand-off (the hotel page's "See rates at …"). The page links to the brand's own `/rates/<hotel id>`
 * with the stay, currency and language, signed; that redirect checks the signature, counts the hand-off (per brand,
 * hotel and day, off the request path like partner arrivals) and sends the visitor to the URL the brand's template
 * makes (lib/brands/handoff.ts). The target is built from the template only, never taken from the request, so the
 * redirect cannot be turned into an open one; a link whose signature does not verify is counted apart and goes back
 * to the hotel page, where a freshly signed link waits.
 */
export const HANDOFF_PATH = "/rates";

/** The hotel page's hand-off link (same-site path), or undefined when the brand or the hotel has no hand-off. */
export function handoffLink(
  brand: Brand,
  hotel: { id: string; mappings?: Record<string, string> },
  choice: { stay: Stay; currency: string; language: string },
  key: Buffer = trackingKey(),
): string | undefined {
  const handoff = brands().handoff(brand);
  if (!handoff) return undefined;
  const params = linkParams(hotel.id, choice);
  if (!expandHandoff(handoff.compiled, handoffValues(brand, hotel.mappings, params))) return undefined;
  const q = new URLSearchParams();
  if (params.checkIn && params.checkOut) {
    q.set("checkIn", params.checkIn);
    q.set("checkOut", params.checkOut);
  }
  q.set("rooms", params.rooms);
  q.set("curr", params.currency);
  q.set("lang", params.language);
  q.set(SIGNATURE_PARAM, signHandoff(key, brand.id, params));
  return `${HANDOFF_PATH}/${encodeURIComponent(hotel.id)}?${q}`;
}

function linkParams(hotelId: string, choice: { stay: Stay; currency: string; language: string }): HandoffLinkParams {
  const dates = choice.stay.checkIn && choice.stay.checkOut;
  return {
    hotelId,
    ...(dates ? { checkIn: choice.stay.checkIn, checkOut: choice.stay.checkOut } : {}),
    rooms: choice.stay.rooms ?? STAY_DEFAULT_ROOMS,
    currency: choice.currency,
    language: choice.language,
  };
}

function handoffValues(brand: Brand, mappings: Record<string, string> | undefined, p: HandoffLinkParams) {
  return {
    hotelId: p.hotelId,
    mappings,
    checkIn: p.checkIn,
    checkOut: p.checkOut,
    rooms: p.rooms,
    currency: p.currency,
    language: p.language,
    source: brand.partner.source,
    label: brands().handoff(brand)?.label,
  };
}

export interface HandoffRedirect {
  /** Where the visitor goes: the booking site (absolute https URL) or back to the hotel page (same-site path). */
  location: string;
  verdict: HandoffVerdict;
}

/**
 * What `/rates/<hotel id>?…` answers for a hotel the brand publishes (the route found it): the booking site when the
 * signature verifies, else the hotel page with the stay. Values are checked again (a dated link opened weeks later
 * keeps its rooms, currency and language, not past dates). Does not count: see trackHandoff.
 */
export function judgeHandoff(
  brand: Brand,
  hotel: { id: string; mappings?: Record<string, string> },
  query: URLSearchParams,
  opts: { now?: Date; key?: Buffer } = {},
): HandoffRedirect {
  const now = opts.now ?? new Date();
  const day = dayOf(now);
  const given = {
    checkIn: query.get("checkIn") ?? undefined,
    checkOut: query.get("checkOut") ?? undefined,
    rooms: query.get("rooms") ?? undefined,
  };
  const { stay } = parseStay(given, now);
  const currency = brandCurrency(brand, query.get("curr")) ?? brand.currencies.default;
  const language = brandLanguage(brand, query.get("lang")) ?? brand.languages.default;
  const signed: HandoffLinkParams = {
    hotelId: hotel.id,
    ...(given.checkIn || given.checkOut ? { checkIn: given.checkIn, checkOut: given.checkOut } : {}),
    rooms: given.rooms ?? "",
    currency: query.get("curr") ?? "",
    language: query.get("lang") ?? "",
  };
  const back = withStay(hotelPath(hotel.id), stay);
  const handoff = brands().handoff(brand);
  if (!handoff || !verifyHandoff(opts.key ?? trackingKey(), brand.id, signed, query.get(SIGNATURE_PARAM)))
    return { location: back, verdict: { kind: "handoffUnverified", brandId: brand.id, day } };
  const target = expandHandoff(
    handoff.compiled,
    handoffValues(brand, hotel.mappings, linkParams(hotel.id, { stay, currency, language })),
  );
  // A mapping gone since the page was shown: the hotel page says what there is now.
  if (!target) return { location: back, verdict: { kind: "handoffUnverified", brandId: brand.id, day } };
  return { location: target, verdict: { kind: "handoff", brandId: brand.id, hotelId: hotel.id, day } };
}

/** Notes a hand-off for the operators' counts; never waits for the store, never throws. */
export function trackHandoff(verdict: HandoffVerdict, recorder?: ArrivalRecorder): void {
  try {
    (recorder ?? arrivalRecorder()).noteHandoff(verdict);
  } catch (e) {
    log.warn({ err: (e as Error).message }, "hand-off not counted");
  }
}

export interface HandoffsReportRow {
  brand_id: string;
  /** Verified hand-offs to the booking site. */
  handoffs: number;
  /** Distinct hotels handed off. */
  hotels: number;
  /** Links that did not verify (sent back to the hotel page). */
  unverified: number;
}

/** Hand-offs per brand from a day on (the operators' status page), most first. */
export async function handoffsByBrand(db: Kysely<Database>, since: Date): Promise<HandoffsReportRow[]> {
  const from = dayOf(since);
  const [verified, unverified] = await Promise.all([
    db
      .selectFrom("handoffs")
      .select((eb) => [
        "brand_id",
        eb.fn.sum<number>("count").as("handoffs"),
        eb.fn.count<number>("hotel_id").distinct().as("hotels"),
      ])
      .where("day", ">=", from)
      .groupBy("brand_id")
      .execute(),
    db
      .selectFrom("handoff_unverified_days")
      .select((eb) => ["brand_id", eb.fn.sum<number>("count").as("links")])
      .where("day", ">=", from)
      .groupBy("brand_id")
      .execute(),
  ]);
  const rows = new Map<string, HandoffsReportRow>();
  for (const r of verified)
    rows.set(r.brand_id, {
      brand_id: r.brand_id,
      handoffs: Number(r.handoffs),
      hotels: Number(r.hotels),
      unverified: 0,
    });
  for (const r of unverified) {
    const row = rows.get(r.brand_id) ?? { brand_id: r.brand_id, handoffs: 0, hotels: 0, unverified: 0 };
    row.unverified = Number(r.links);
    rows.set(r.brand_id, row);
  }
  return [...rows.values()].sort((a, b) => b.handoffs - a.handoffs || a.brand_id.localeCompare(b.brand_id));
}
