import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import type { Brand } from "@/lib/brands";
import { PLACE_ID_PATTERN } from "@/lib/places/place-id";

/**
 * Click tracking (seed §4.1 "Dynamic Click Tracking"): a visitor who arrives on a brand's search page through a
 * partner link (its query carries `source`, and maybe `label`, `placeId`, `anonymousId`) is recorded as an arrival:
 * brand, partner source, place, label, anonymous id and time. Nothing personal: no IP address, user agent, cookie
 * or account is read or stored.
 */
export interface ArrivalQuery {
  source?: string | null;
  label?: string | null;
  placeId?: string | null;
  anonymousId?: string | null;
}

export interface Arrival {
  brandId: string;
  source: string;
  placeId: string | null;
  label: string | null;
  anonymousId: string | null;
  arrivedAt: string;
}

const SOURCE = /^[A-Za-z0-9_-]{1,40}$/;
const ANONYMOUS_ID = /^[\x21-\x7e]{1,128}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The arrival a search-page query describes, or null when it carries no (valid) partner source. */
export function arrivalFrom(brand: Brand, query: ArrivalQuery, now = new Date()): Arrival | null {
  const source = query.source ?? "";
  if (!SOURCE.test(source)) return null;
  const label = query.label && !CONTROL.test(query.label) ? [...query.label].slice(0, 200).join("") : null;
  const placeId = query.placeId && PLACE_ID_PATTERN.test(query.placeId) ? query.placeId : null;
  const anonymousId = query.anonymousId && ANONYMOUS_ID.test(query.anonymousId) ? query.anonymousId : null;
  return { brandId: brand.id, source, placeId, label, anonymousId, arrivedAt: now.toISOString() };
}

/** Records an arrival; returns it, or null when the query was not a partner link. */
export async function recordArrival(
  db: Kysely<Database>,
  brand: Brand,
  query: ArrivalQuery,
  now = new Date(),
): Promise<Arrival | null> {
  const arrival = arrivalFrom(brand, query, now);
  if (!arrival) return null;
  await db
    .insertInto("arrivals")
    .values({
      brand_id: arrival.brandId,
      source: arrival.source,
      place_id: arrival.placeId,
      label: arrival.label,
      anonymous_id: arrival.anonymousId,
      arrived_at: arrival.arrivedAt,
    })
    .execute();
  return arrival;
}

/** Arrivals per brand, partner source and label since a time, most first (the operators' status page). */
export async function arrivalsByLabel(db: Kysely<Database>, since: Date) {
  const rows = await db
    .selectFrom("arrivals")
    .select((eb) => [
      "brand_id",
      "source",
      "label",
      eb.fn.countAll<number>().as("arrivals"),
      eb.fn.count<number>("anonymous_id").distinct().as("visitors"),
      eb.fn.max("arrived_at").as("last_arrival"),
    ])
    .where("arrived_at", ">=", since.toISOString())
    .groupBy(["brand_id", "source", "label"])
    .orderBy("arrivals", "desc")
    .execute();
  return rows.map((r) => ({ ...r, arrivals: Number(r.arrivals), visitors: Number(r.visitors) }));
}
