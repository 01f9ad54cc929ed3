import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import { digestOf } from "@/lib/columns";
import type { Logger } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { Gazetteer } from "./gazetteer";
import { catalogTable } from "@/lib/hotels";
import { placeHotels } from "./hotel-counts";
import { bundledPlaces } from "./sources/bundled";
import { importedPlaces, importsStamp, latestPublishedRun, saveHotelCounts } from "./store";
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
    /** The saved table's part size (tests: many parts from a few hotels). */
    tablePartBytes?: number;
  },
): Promise<RecountResult> {
  const started = performance.now();
  const gazetteer = opts.gazetteer ?? (await loadGazetteer(db));
  // Read after the run it names: a run that publishes during the read makes the table another run's (not saved).
  const publishedRunId = await latestPublishedRun(db);
  const hotels = await catalogTable(db);
  const members = placeHotels(gazetteer, hotels);
  const parts = hotels.toParts(opts.tablePartBytes);
  const durationMs = performance.now() - started;
  await opts.beforeSave?.();
  const recountId = await saveHotelCounts(db, members, {
    runId: opts.runId,
    hotels: hotels.size,
    idsDigest: digestOf(hotels.ids),
    durationMs,
    confirm: opts.confirm,
    table: { parts, publishedRunId },
  });
  const result = { recountId, hotels: hotels.size, places: members.size, durationMs: Math.round(durationMs) };
  opts.log?.info({ runId: opts.runId, ...result }, "hotel counts of places recomputed");
  return result;
}
