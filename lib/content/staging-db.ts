import { sql, type Kysely } from "kysely";
import type SQLite from "better-sqlite3";
import { HOTEL_COLUMNS, type Database, type HotelVersionsTable, type Store, type SyncSeenTable } from "@/lib/store";

export interface CurrentRow {
  id: string;
  version: number;
  content_hash: string;
  removed_at: string | null;
}

export interface RejectedRow {
  run_id: number;
  file: string;
  line: number;
  hotel_id: string | null;
  errors: string;
}

/** The reads and writes a run makes for every batch: the sync's hot path, one implementation per dialect. */
export interface StagingDb {
  currentByHash(hashes: string[]): Promise<CurrentRow[]>;
  currentById(ids: string[]): Promise<CurrentRow[]>;
  /** The highest version stored per id, published or not (a failed run's leftovers included). */
  highestVersions(ids: string[]): Promise<{ hotel_id: string; version: number }[]>;
  seenInRun(runId: number, ids: string[]): Promise<{ hotel_id: string; file: string; line: number }[]>;
  write(seen: SyncSeenTable[], versions: HotelVersionsTable[], rejected: RejectedRow[]): Promise<void>;
}

export function stagingDb(store: Store): StagingDb {
  return store.sqlite ? sqliteStaging(store.sqlite) : postgresStaging(store.db);
}

const versionColumns = ["hotel_id", "version", "run_id", "record", "created_at", ...HOTEL_COLUMNS] as const;

/** SQLite: prepared statements on the connection Kysely uses, id lists passed as one JSON array. */
function sqliteStaging(sqlite: SQLite.Database): StagingDb {
  const byHash = sqlite.prepare<[string], CurrentRow>(
    "select id, version, content_hash, removed_at from hotels where content_hash in (select value from json_each(?))",
  );
  const byId = sqlite.prepare<[string], CurrentRow>(
    "select id, version, content_hash, removed_at from hotels where id in (select value from json_each(?))",
  );
  const highest = sqlite.prepare<[string], { hotel_id: string; version: number }>(
    "select hotel_id, max(version) as version from hotel_versions where hotel_id in (select value from json_each(?)) group by hotel_id",
  );
  const seenIn = sqlite.prepare<[number, string], { hotel_id: string; file: string; line: number }>(
    "select hotel_id, file, line from sync_seen where run_id = ? and hotel_id in (select value from json_each(?))",
  );
  const insertSeen = sqlite.prepare(
    "insert into sync_seen (run_id, hotel_id, action, version, file, line) values (?, ?, ?, ?, ?, ?)",
  );
  const insertVersion = sqlite.prepare(
    `insert into hotel_versions (${versionColumns.join(", ")}) values (${versionColumns.map(() => "?").join(", ")})`,
  );
  const insertRejected = sqlite.prepare(
    "insert into rejected_records (run_id, file, line, hotel_id, errors) values (?, ?, ?, ?, ?)",
  );
  const write = sqlite.transaction((seen: SyncSeenTable[], versions: HotelVersionsTable[], rejected: RejectedRow[]) => {
    for (const s of seen) insertSeen.run(s.run_id, s.hotel_id, s.action, s.version, s.file, s.line);
    for (const v of versions) insertVersion.run(...versionColumns.map((c) => v[c]));
    for (const r of rejected) insertRejected.run(r.run_id, r.file, r.line, r.hotel_id, r.errors);
  });
  return {
    currentByHash: async (hashes) => (hashes.length ? byHash.all(JSON.stringify(hashes)) : []),
    currentById: async (ids) => (ids.length ? byId.all(JSON.stringify(ids)) : []),
    highestVersions: async (ids) => (ids.length ? highest.all(JSON.stringify(ids)) : []),
    seenInRun: async (runId, ids) => (ids.length ? seenIn.all(runId, JSON.stringify(ids)) : []),
    write: async (seen, versions, rejected) => write(seen, versions, rejected),
  };
}

/** PostgreSQL: Kysely queries; multi-row inserts a batch, in one transaction. */
function postgresStaging(db: Kysely<Database>): StagingDb {
  const current = () => db.selectFrom("hotels").select(["id", "version", "content_hash", "removed_at"]);
  return {
    currentByHash: async (hashes) => (hashes.length ? current().where("content_hash", "in", hashes).execute() : []),
    currentById: async (ids) => (ids.length ? current().where("id", "in", ids).execute() : []),
    highestVersions: async (ids) =>
      ids.length
        ? db
            .selectFrom("hotel_versions")
            .select((eb) => ["hotel_id", eb.fn.max<number>("version").as("version")])
            .where("hotel_id", "in", ids)
            .groupBy("hotel_id")
            .execute()
        : [],
    seenInRun: async (runId, ids) =>
      ids.length
        ? db
            .selectFrom("sync_seen")
            .select(["hotel_id", "file", "line"])
            .where("run_id", "=", runId)
            .where("hotel_id", "=", sql<string>`any(${sql.val(ids)})`)
            .execute()
        : [],
    write: (seen, versions, rejected) =>
      db.transaction().execute(async (trx) => {
        for (const rows of chunk(seen, 1000)) await trx.insertInto("sync_seen").values(rows).execute();
        for (const rows of chunk(versions, 250)) {
          const asText = rows.map((v) => ({ ...v, record: v.record.toString() }));
          await trx.insertInto("hotel_versions").values(asText).execute();
        }
        for (const rows of chunk(rejected, 1000)) await trx.insertInto("rejected_records").values(rows).execute();
      }),
  };
}

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * SQLite: no automatic WAL checkpoints while a run writes (each one copies and syncs the database mid-run), one
 * checkpoint when it is done. Returns the function that restores the default and checkpoints.
 */
export function deferCheckpoints(store: Store): () => void {
  const sqlite = store.sqlite;
  if (!sqlite) return () => undefined;
  const before = sqlite.pragma("wal_autocheckpoint", { simple: true }) as number;
  sqlite.pragma("wal_autocheckpoint = 0");
  let done = false;
  return () => {
    if (done) return;
    done = true;
    sqlite.pragma(`wal_autocheckpoint = ${before}`);
    sqlite.pragma("wal_checkpoint(PASSIVE)");
  };
}
