import { sql, type Kysely } from "kysely";
import { copyByteaInto, type Database, type Store } from "@/lib/store";
import type { Language } from "@/lib/locale";
import { log } from "@/lib/log";
import type { Place, PlaceCategory } from "./types";
import type { Gazetteer } from "./gazetteer";
import { PlaceMembers } from "./hotel-counts";
import { HotelTable } from "@/lib/hotels";

type Db = Kysely<Database>;

/** Places an operator imported (GeoNames dumps), as gazetteer places. */
export async function importedPlaces(db: Db): Promise<Place[]> {
  const rows = await db.selectFrom("places").selectAll().execute();
  return rows.map((r) => ({
    placeId: r.place_id,
    sourceKey: r.source_key,
    category: r.category as PlaceCategory,
    name: r.name,
    names: r.names ? (JSON.parse(r.names) as Partial<Record<Language, string>>) : undefined,
    altNames: r.alt_names ? (JSON.parse(r.alt_names) as string[]) : undefined,
    country: r.country_code,
    admin1: r.admin1 ?? undefined,
    lat: Number(r.latitude),
    lon: Number(r.longitude),
    population: Number(r.population),
    radiusKm: r.radius_km === null ? undefined : Number(r.radius_km),
  }));
}

/** A stamp that changes whenever the imported places change (count and newest import time). */
export async function importsStamp(db: Db): Promise<string> {
  const row = await db
    .selectFrom("places")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("imported_at").as("latest")])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}@${row?.latest ?? ""}`;
}

export async function latestRecount(db: Db) {
  return db.selectFrom("place_recounts").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** The id of the latest published sync run (what the hotels table shows), or null before the first. */
export async function latestPublishedRun(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom("sync_runs")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("status", "=", "published")
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/**
 * True when hotels were published after the latest recount finished (a crash between publishing and recounting): the
 * counts describe an older snapshot.
 */
export async function countsBehind(db: Db): Promise<boolean> {
  const [published, recount] = await Promise.all([
    db
      .selectFrom("sync_runs")
      .select("finished_at")
      .where("status", "=", "published")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    latestRecount(db),
  ]);
  if (!published?.finished_at) return false;
  return !recount || recount.finished_at < published.finished_at;
}

export async function loadHotelCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom("place_hotel_counts").select(["place_id", "hotels_cnt"]).execute();
  return new Map(rows.map((r) => [r.place_id, Number(r.hotels_cnt)]));
}

/** Replaces every count in one transaction and records the recount; readers see the old counts or the new ones. */
export async function saveHotelCounts(
  db: Db,
  members: PlaceMembers,
  info: {
    runId: number | null;
    hotels: number;
    /** The digest of the ids the members' rows number (digestOf of the table's ids). */
    idsDigest: string;
    durationMs: number;
    confirm?: (trx: Db) => Promise<void>;
    /** The hotels the recount read, and the published run they were when the read began. */
    table?: { parts: Iterable<Buffer>; publishedRunId: number | null };
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // First, under the sync lock: a holder that was taken over (paused past the stale time) saves nothing.
    await info.confirm?.(trx);
    await trx.deleteFrom("place_hotel_counts").execute();
    const rows = members.places.map((p, k) => ({
      place_id: p.placeId,
      hotels_cnt: members.offsets[k + 1]! - members.offsets[k]!,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto("place_hotel_counts")
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const recount = await trx
      .insertInto("place_recounts")
      .values({
        run_id: info.runId,
        hotels: info.hotels,
        places: rows.length,
        finished_at: new Date().toISOString(),
        duration_ms: Math.round(info.durationMs),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Only the latest recount's members and table are read (by every serving catalog): the others go.
    await trx.deleteFrom("catalog_members").execute();
    await trx.deleteFrom("catalog_table_parts").execute();
    // The table is kept only when no run published while the recount read: then it is that run's hotels exactly.
    const table =
      info.table && info.table.publishedRunId !== null && info.table.publishedRunId === (await latestPublishedRun(trx))
        ? info.table
        : undefined;
    await trx
      .insertInto("catalog_members")
      .values({
        recount_id: recount.id,
        ids_digest: info.idsDigest,
        places: JSON.stringify(members.places.map((p) => p.placeId)),
        data: Buffer.concat([bytesOf(members.offsets), bytesOf(members.rows)]),
        published_run_id: table?.publishedRunId ?? null,
      })
      .execute();
    let part = 0;
    for (const data of table?.parts ?? [])
      await trx.insertInto("catalog_table_parts").values({ recount_id: recount.id, part: part++, data }).execute();
    return recount.id;
  });
}

const bytesOf = (a: Uint32Array | Int32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * The hotel table the recount `recountId` saved, when it read the hotels of `publishedRunId` (the run the caller
 * serves), else undefined: the caller reads the hotels itself.
 */
export async function loadSavedTable(
  { db, pool }: Pick<Store, "db" | "pool">,
  recountId: number | null,
  publishedRunId: number | null,
): Promise<HotelTable | undefined> {
  if (recountId === null || publishedRunId === null) return undefined;
  const saved = await db
    .selectFrom("catalog_members")
    .select("published_run_id")
    .where("recount_id", "=", recountId)
    .executeTakeFirst();
  if (saved?.published_run_id == null || Number(saved.published_run_id) !== publishedRunId) return undefined;
  const all = await savedBytes({ db, pool }, "catalog_table_parts", recountId);
  if (!all) return undefined;
  try {
    return HotelTable.fromBuffer(all.buffer);
  } catch (e) {
    // Another format (an older version saved it) or a damaged part: the hotels are read instead.
    log.warn({ recountId, err: (e as Error).message }, "the saved hotel table is not usable; reading the hotels");
    return undefined;
  }
}

/**
 * The `data` of a recount's rows in `from` (a table's parts in order, or its one members row) in one fresh buffer:
 * sizes first, then the bytes, copied in as they arrive (on PostgreSQL through binary COPY, not as hex text). A million
 * hotels' parts held all at once would double the load's memory, and the freed parts would stay in the process's
 * heap. undefined when a row is missing or changed size meanwhile (a newer recount replaced them).
 */
async function savedBytes(
  { db, pool }: Pick<Store, "db" | "pool">,
  from: "catalog_table_parts" | "catalog_members",
  recountId: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const part = from === "catalog_table_parts" ? sql`part` : sql`0`;
  const { rows: sizes } = await sql<{ part: number; bytes: number }>`select ${part} as part, length(data) as bytes
    from ${sql.table(from)} where recount_id = ${recountId} order by part`.execute(db);
  if (sizes.length === 0 || sizes.some((s, i) => Number(s.part) !== i)) return undefined;
  const all = new Uint8Array(new ArrayBuffer(sizes.reduce((n, s) => n + Number(s.bytes), 0)));
  if (pool) {
    const select = `SELECT data FROM ${from} WHERE recount_id = ${Number(recountId)} ORDER BY ${from === "catalog_table_parts" ? "part" : "recount_id"}`;
    const copied = await copyByteaInto(pool, select, all).catch((e: unknown) => {
      log.warn({ recountId, from, err: (e as Error).message }, "reading saved catalog data failed");
      return -1;
    });
    return copied === all.length ? all : undefined;
  }
  let at = 0;
  for (const { part: p, bytes } of sizes) {
    const { rows } = await sql<{ data: Buffer }>`select data from ${sql.table(from)}
      where recount_id = ${recountId} and ${part} = ${p}`.execute(db);
    const data = rows[0]?.data;
    if (!data || data.length !== Number(bytes) || at + data.length > all.length) return undefined;
    all.set(data, at);
    at += data.length;
  }
  return all;
}

/**
 * The members a recount saved, when they number the rows the caller read (the same ids digest), else undefined (an
 * older recount, or hotels published since: the caller applies the count rules itself).
 */
export async function loadPlaceMembers(
  store: Pick<Store, "db" | "pool">,
  gazetteer: Gazetteer,
  recountId: number | null,
  idsDigest: string,
): Promise<PlaceMembers | undefined> {
  if (recountId === null) return undefined;
  const { db } = store;
  const row = await db
    .selectFrom("catalog_members")
    .select(["ids_digest", "places"])
    .where("recount_id", "=", recountId)
    .executeTakeFirst();
  if (!row || row.ids_digest !== idsDigest) return undefined;
  const places = (JSON.parse(row.places) as string[]).map((id) => gazetteer.get(id));
  if (places.some((p) => p === undefined)) return undefined;
  const data = await savedBytes(store, "catalog_members", recountId);
  const offsetBytes = (places.length + 1) * 4;
  if (!data || data.length < offsetBytes || data.length % 4 !== 0) return undefined;
  // Views into the fresh buffer (aligned at its start): offsets, then rows.
  const offsets = new Uint32Array(data.buffer, 0, places.length + 1);
  const rows = new Int32Array(data.buffer, offsetBytes, (data.length - offsetBytes) / 4);
  return new PlaceMembers(places as Place[], offsets, rows);
}
