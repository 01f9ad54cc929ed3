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

/**
 * Rows a query reads at once. Each page's row objects are garbage once copied into the columns; a page small enough
 * to die young keeps them out of the old generation (50 000-row pages left about 50 MB of it behind at a million).
 */
const PAGE = 10_000;

/**
 * The published hotels as columns (coordinates in typed arrays, countries as indices), read a page at a time by id.
 * The recount holds the sync lock, so the count read first stays right; the arrays grow should it not. Each page is
 * read along the primary key and removed hotels are passed over here: with `removed_at is null` in the query SQLite
 * chose the removed_at index and sorted every active hotel again for each page (19 s at a million in 10 000-row pages).
 */
export async function hotelColumns(db: Kysely<Database>, page = PAGE): Promise<HotelColumns> {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`hotelColumns: a page holds at least one row (${page})`);
  const { n } = await db
    .selectFrom("hotels")
    .where("removed_at", "is", null)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  let lat = new Float64Array(Number(n));
  let lon = new Float64Array(Number(n));
  let countryOf = new Uint16Array(Number(n));
  const countries: string[] = [];
  const countryIndex = new Map<string, number>();
  let size = 0;
  for (let after = ""; ;) {
    const rows = await db
      .selectFrom("hotels")
      .select(["id", "latitude", "longitude", "country_code", "removed_at"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(page)
      .execute();
    const published = rows.reduce((k, r) => (r.removed_at === null ? k + 1 : k), 0);
    if (size + published > lat.length) {
      const grow = <T extends Float64Array | Uint16Array>(a: T, make: (n: number) => T): T => {
        const b = make(Math.max(size + published, lat.length * 2));
        b.set(a);
        return b;
      };
      [lat, lon, countryOf] = [
        grow(lat, (k) => new Float64Array(k)),
        grow(lon, (k) => new Float64Array(k)),
        grow(countryOf, (k) => new Uint16Array(k)),
      ];
    }
    for (const r of rows) {
      if (r.removed_at !== null) continue;
      let c = countryIndex.get(r.country_code);
      if (c === undefined) countryIndex.set(r.country_code, (c = countries.push(r.country_code) - 1));
      lat[size] = Number(r.latitude);
      lon[size] = Number(r.longitude);
      countryOf[size++] = c;
    }
    if (rows.length < page) {
      return { lat: lat.subarray(0, size), lon: lon.subarray(0, size), country: (i) => countries[countryOf[i]!]! };
    }
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
