import type { Kysely } from "kysely";
import { publishedHotelPages, type Database } from "@/lib/store";
import { digestOf, GrowingArray, PackedStringsBuilder } from "@/lib/columns";
import type { Logger } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { Gazetteer } from "./gazetteer";
import { placeHotels, type HotelColumns } from "./hotel-counts";
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

/**
 * Rows a query reads at once. Each page's row objects are garbage once copied into the columns; a page small enough
 * to die young keeps them out of the old generation (50 000-row pages left about 50 MB of it behind at a million).
 */
const PAGE = 10_000;

/**
 * The published hotels as columns (coordinates in typed arrays, countries as indices), in the order every serving
 * catalog reads them (publishedHotelPages), with the digest of their ids that tells a catalog it numbers its rows
 * the same way.
 */
export async function hotelColumns(db: Kysely<Database>, page = PAGE): Promise<HotelColumns & { idsDigest: string }> {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`hotelColumns: a page holds at least one row (${page})`);
  const lat = new GrowingArray(Float64Array);
  const lon = new GrowingArray(Float64Array);
  const countryOf = new GrowingArray(Uint16Array);
  const ids = new PackedStringsBuilder();
  const countries: string[] = [];
  const countryIndex = new Map<string, number>();
  for await (const rows of publishedHotelPages(db, ["latitude", "longitude", "country_code"], page)) {
    for (const r of rows) {
      let c = countryIndex.get(r.country_code);
      if (c === undefined) countryIndex.set(r.country_code, (c = countries.push(r.country_code) - 1));
      ids.push(r.id);
      lat.push(Number(r.latitude));
      lon.push(Number(r.longitude));
      countryOf.push(c);
    }
  }
  const codes = countryOf.finish();
  return {
    lat: lat.finish(),
    lon: lon.finish(),
    country: (i) => countries[codes[i]!]!,
    idsDigest: digestOf(ids.finish()),
  };
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
  const members = placeHotels(gazetteer, hotels);
  const durationMs = performance.now() - started;
  await opts.beforeSave?.();
  const recountId = await saveHotelCounts(db, members, {
    runId: opts.runId,
    hotels: hotels.lat.length,
    idsDigest: hotels.idsDigest,
    durationMs,
    confirm: opts.confirm,
  });
  const result = { recountId, hotels: hotels.lat.length, places: members.size, durationMs: Math.round(durationMs) };
  opts.log?.info({ runId: opts.runId, ...result }, "hotel counts of places recomputed");
  return result;
}
