import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import type { Logger } from "@/lib/log";
import { processShared } from "@/lib/runtime/shared";
import { Gazetteer } from "./gazetteer";
import { countHotels, type HotelColumns } from "./hotel-counts";
import { bundledPlaces } from "./sources/bundled";
import { importedPlaces, importsStamp, saveHotelCounts } from "./store";
import type { Place } from "./types";

const cache = processShared("gazetteer", () => ({
  bundled: undefined as Place[] | undefined,
  last: undefined as { stamp: string; gazetteer: Gazetteer } | undefined,
}));

/**
 * The gazetteer of this store: the bundled places (built once per process) and the store's imported ones; reused
 * while the imports stay the same.
 */
export async function loadGazetteer(db: Kysely<Database>): Promise<Gazetteer> {
  const stamp = await importsStamp(db);
  if (cache.last?.stamp === stamp) return cache.last.gazetteer;
  cache.bundled ??= bundledPlaces();
  const gazetteer = new Gazetteer(cache.bundled, await importedPlaces(db));
  cache.last = { stamp, gazetteer };
  return gazetteer;
}

/** Rows a query reads at once: a million rows as objects, then again as points, doubled the peak memory. */
const PAGE = 50_000;

/** The published hotels as columns, read a page at a time by id. */
async function hotelColumns(db: Kysely<Database>): Promise<HotelColumns> {
  const lat: number[] = [];
  const lon: number[] = [];
  const country: string[] = [];
  const countries = new Map<string, string>(); // one string per country, not one per hotel
  for (let after = ""; ;) {
    const rows = await db
      .selectFrom("hotels")
      .select(["id", "latitude", "longitude", "country_code"])
      .where("removed_at", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      let code = countries.get(r.country_code);
      if (code === undefined) countries.set(r.country_code, (code = r.country_code));
      lat.push(Number(r.latitude));
      lon.push(Number(r.longitude));
      country.push(code);
    }
    if (rows.length < PAGE) return { lat, lon, country };
    after = rows[rows.length - 1]!.id;
  }
}

export interface RecountResult {
  recountId: number;
  hotels: number;
  places: number;
  durationMs: number;
}

/**
 * Recomputes hotelsCnt of every place from the published hotels (rules in ./hotel-counts.ts). Runs after every
 * published sync and after an import of places; the counts are replaced in one transaction.
 */
export async function recountHotels(
  db: Kysely<Database>,
  opts: {
    runId: number | null;
    log?: Logger;
    gazetteer?: Gazetteer;
    beforeSave?: () => Promise<void>;
    /** The sync lock's check (SyncLock.confirm), run in the transaction that saves the counts. */
    confirm?: (trx: Kysely<Database>) => Promise<void>;
  },
): Promise<RecountResult> {
  const started = performance.now();
  const gazetteer = opts.gazetteer ?? (await loadGazetteer(db));
  const hotels = await hotelColumns(db);
  const counts = countHotels(gazetteer, hotels);
  const durationMs = performance.now() - started;
  await opts.beforeSave?.();
  const recountId = await saveHotelCounts(db, counts, {
    runId: opts.runId,
    hotels: hotels.lat.length,
    durationMs,
    confirm: opts.confirm,
  });
  const result = { recountId, hotels: hotels.lat.length, places: counts.size, durationMs: Math.round(durationMs) };
  opts.log?.info({ runId: opts.runId, ...result }, "hotel counts of places recomputed");
  return result;
}
