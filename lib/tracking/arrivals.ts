import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import type { Brand } from "@/lib/brands/node";
import { log } from "@/lib/log";
import { PLACE_ID_PATTERN } from "@/lib/places";
import { trackingKey, verifyTracking } from "./signature";
import { arrivalRecorder, type ArrivalRecorder, type ArrivalVerdict } from "./recorder";

export type { Arrival, ArrivalVerdict } from "./recorder";

/**
 * Click tracking (spec §4.1 "Dynamic Click Tracking"): a visitor who arrives on a brand's search page through a link
 * that nearby-places built for the brand's partner is recorded as an arrival: brand, partner source, place, label,
 * anonymous id, day and time. Only the brand's own partner `source` counts at all; only a link whose signature
 * (lib/tracking/signature.ts) verifies is an arrival, and only once per visitor, label and day; a link with the
 * brand's source and a missing or wrong signature is counted apart (per brand and day), never as an arrival.
 * Nothing personal: no IP address, user agent, cookie or account is read or stored.
 */
export interface ArrivalQuery {
  source?: string | null;
  label?: string | null;
  placeId?: string | null;
  anonymousId?: string | null;
  sig?: string | null;
}

const ANONYMOUS_ID = /^[\x21-\x7e]{1,128}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/**
 * What a search-page query is: an arrival (the brand's source, signature verified), an unverified link (the brand's
 * source, signature missing or wrong) or nothing to count (no source, or another partner's).
 */
export function judgeArrival(brand: Brand, query: ArrivalQuery, now = new Date(), key = trackingKey()): ArrivalVerdict {
  const source = query.source;
  if (!source || source !== brand.partner.source) return { kind: "ignored" };
  const day = dayOf(now);
  const signed = { source, label: query.label, anonymousId: query.anonymousId };
  if (!verifyTracking(key, brand.id, signed, query.sig)) return { kind: "unverified", brandId: brand.id, day };
  // Signed values come from a request nearby-places accepted; these checks only keep the store's columns plain.
  const label = query.label && !CONTROL.test(query.label) ? [...query.label].slice(0, 200).join("") : null;
  const placeId = query.placeId && PLACE_ID_PATTERN.test(query.placeId) ? query.placeId : null;
  const anonymousId = query.anonymousId && ANONYMOUS_ID.test(query.anonymousId) ? query.anonymousId : null;
  return {
    kind: "arrival",
    arrival: { brandId: brand.id, source, placeId, label, anonymousId, day, arrivedAt: now.toISOString() },
  };
}

/**
 * The search page's call: judges the query and hands the outcome to the process's recorder, which writes it later
 * off the request path. Never waits for the store, never throws (a failure costs the arrival, not the page).
 */
export function trackArrival(
  brand: Brand,
  query: ArrivalQuery,
  opts: { now?: Date; key?: Buffer; recorder?: ArrivalRecorder } = {},
): ArrivalVerdict["kind"] {
  try {
    const verdict = judgeArrival(brand, query, opts.now, opts.key);
    if (verdict.kind !== "ignored") (opts.recorder ?? arrivalRecorder()).note(verdict);
    return verdict.kind;
  } catch (e) {
    log.warn({ err: (e as Error).message }, "arrival not recorded");
    return "ignored";
  }
}

/** The report's rows at most (the largest first); the rest is counted, not listed. */
export const ARRIVALS_REPORT_ROWS = 200;

export interface ArrivalsReportRow {
  brand_id: string;
  source: string;
  label: string | null;
  arrivals: number;
  visitors: number;
  last_day: string;
}

/**
 * Arrivals per brand, partner source and label from a day on, most first (the operators' status page): at most
 * `limit` rows, and how many more there are. A range of the arrivals key (day first), grouped: no table access.
 */
export async function arrivalsByLabel(
  db: Kysely<Database>,
  since: Date,
  opts: { limit?: number } = {},
): Promise<{ rows: ArrivalsReportRow[]; more: number }> {
  const limit = opts.limit ?? ARRIVALS_REPORT_ROWS;
  const from = dayOf(since);
  const rows = await arrivalsReportQuery(db, from, limit).execute();
  let more = 0;
  if (rows.length === limit) {
    const groups = db
      .selectFrom("arrivals")
      .select("brand_id")
      .where("day", ">=", from)
      .groupBy(["brand_id", "source", "label"])
      .as("g");
    const { n } = await db
      .selectFrom(groups)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    more = Number(n) - rows.length;
  }
  return {
    rows: rows.map((r) => ({
      brand_id: r.brand_id,
      source: r.source,
      label: r.label === "" ? null : r.label,
      arrivals: Number(r.arrivals),
      visitors: Number(r.visitors),
      last_day: r.last_day,
    })),
    more,
  };
}

/** The report's query (exported for the test that checks its plan). */
export function arrivalsReportQuery(db: Kysely<Database>, fromDay: string, limit: number) {
  return db
    .selectFrom("arrivals")
    .select((eb) => [
      "brand_id",
      "source",
      "label",
      eb.fn.countAll<number>().as("arrivals"),
      eb.fn
        .count<number>(eb.fn("nullif", ["visitor", eb.val("")]))
        .distinct()
        .as("visitors"),
      eb.fn.max("day").as("last_day"),
    ])
    .where("day", ">=", fromDay)
    .groupBy(["brand_id", "source", "label"])
    .orderBy("arrivals", "desc")
    .orderBy("brand_id")
    .orderBy("source")
    .orderBy("label")
    .limit(limit);
}

/** Links with a brand's partner source that did not verify, per brand, from a day on (not arrivals). */
export async function unverifiedArrivals(db: Kysely<Database>, since: Date): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("arrival_unverified_days")
    .select((eb) => ["brand_id", eb.fn.sum<number>("count").as("links")])
    .where("day", ">=", dayOf(since))
    .groupBy("brand_id")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.brand_id, Number(r.links)]));
}
