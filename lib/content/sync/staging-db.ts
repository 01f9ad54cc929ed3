import { createHash } from "node:crypto";
import type SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "@/lib/log";
import { HOTEL_COLUMNS, type Database, type HotelVersionsTable, type Store, type SyncSeenTable } from "@/lib/store";
import { copyRows, openCopy, type CopyStream, type CopyValue } from "./pg-copy";

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
  /**
   * Writes a batch. The seen ids are readable once it resolves (the duplicate check asks for them); the versions are
   * stored by `finish` at the latest (nothing reads a run's versions before its publish).
   */
  write(seen: SyncSeenTable[], versions: HotelVersionsTable[], rejected: RejectedRow[]): Promise<void>;
  /**
   * Every batch written is stored: called once, after the last batch and before the publish. What is still open is
   * stored only if the run still holds the sync lock (confirmed inside the transaction that stores it).
   */
  finish(): Promise<void>;
  /** Drops what is not stored yet (a failed run, discarded next); never throws. */
  abort(): Promise<void>;
}

/** Throws (SYNC_LOCK_LOST) when the run no longer holds the sync lock; run through `trx` (renews the heartbeat). */
export type ConfirmLock = (trx: Kysely<Database>) => Promise<void>;

export function stagingDb(store: Store, runId: number, confirmLock: ConfirmLock): StagingDb {
  if (store.sqlite) return sqliteStaging(store.sqlite);
  if (!store.pool) throw new Error("stagingDb: a PostgreSQL store without its pool");
  return postgresStaging(store.pool, runId, confirmLock);
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
    finish: async () => undefined, // every batch was committed; the publish confirms the lock
    abort: async () => undefined,
  };
}

const seenColumns = ["run_id", "hotel_id", "action", "version", "file", "line"] as const;
const rejectedColumns = ["run_id", "file", "line", "hotel_id", "errors"] as const;

/**
 * PostgreSQL: lookups by array parameter (on the pool); the rows streamed with COPY (text format) on two connections
 * of the run's own. The versions, nearly all of a run's bytes, go into one COPY that stays open from the first batch
 * to `finish`: the server parses, compresses and stores them while the next batches are read and checked, with no
 * round trip per batch. Its transaction commits only after `finish` has confirmed the run still holds the sync lock,
 * so the versions are stored all together or (a failure, a crash, a server restart, a lock taken over) not at all.
 * The seen ids and rejections, which the run reads back, are copied batch by batch (one autocommitted COPY each).
 */
function postgresStaging(pool: pg.Pool, runId: number, confirmLock: ConfirmLock): StagingDb {
  let writer: Promise<RunWriter> | undefined;
  // Each id list as one array parameter. Not named statements: hotel_versions and sync_seen grow from nothing during
  // a first sync, and a plan cached while they were empty (a sequential scan) made every lookup slower than the last.
  const query = async <R extends object>(text: string, values: unknown[]): Promise<R[]> =>
    (await pool.query<R>(text, values)).rows;
  const current = "select id, version, content_hash, removed_at from hotels";
  return {
    currentByHash: async (hashes) => (hashes.length ? query(`${current} where content_hash = any($1)`, [hashes]) : []),
    currentById: async (ids) => (ids.length ? query(`${current} where id = any($1)`, [ids]) : []),
    highestVersions: async (ids) =>
      ids.length
        ? query(
            "select hotel_id, max(version) as version from hotel_versions where hotel_id = any($1) group by hotel_id",
            [ids],
          )
        : [],
    seenInRun: async (runId, ids) =>
      ids.length
        ? query("select hotel_id, file, line from sync_seen where run_id = $1 and hotel_id = any($2)", [runId, ids])
        : [],
    write: async (seen, versions, rejected) => {
      const w = await (writer ??= openRunWriter(pool, runId, confirmLock));
      // The versions' COPY text is built (a copy of the batch's bytes) before anything waits: the caller may reuse
      // the batch's memory once this resolves.
      await Promise.all([
        w.versions.write(rows(versions, versionColumns)),
        (async () => {
          await copyRows(w.batchClient, "sync_seen", seenColumns, rows(seen, seenColumns));
          await copyRows(w.batchClient, "rejected_records", rejectedColumns, rows(rejected, rejectedColumns));
        })(),
      ]);
    },
    finish: async () => {
      if (!writer) return;
      const w = await writer;
      writer = undefined;
      try {
        await w.versions.end();
        await confirmLock(overClient(w.copyClient));
        await w.copyClient.query("commit");
      } finally {
        await w.close(); // without a commit, closing the connection rolls the versions back
      }
    },
    abort: async () => {
      const w = await writer?.catch(() => undefined);
      writer = undefined;
      if (!w) return;
      w.versions.destroy();
      await w.close();
    },
  };
}

/** A run's two connections: one holding the versions' transaction and COPY open, one for each batch's other rows. */
interface RunWriter {
  versions: CopyStream;
  copyClient: pg.Client;
  batchClient: pg.Client;
  /** Ends both connections (the server rolls back what is not committed); never throws. */
  close(): Promise<void>;
}

/**
 * The application_name of a run's own connections, by which a run that takes the lock over ends them: the run's id
 * and a tag of its store (database and schema, hashed: ASCII and short, so PostgreSQL neither rewrites nor cuts it).
 */
async function runConnectionNames(client: pg.Pool | pg.Client, runIds: number[]): Promise<string[]> {
  const { rows } = await client.query<{ db: string; schema: string }>(
    "select current_database() as db, current_schema() as schema",
  );
  const tag = createHash("sha256").update(`${rows[0]?.db}\0${rows[0]?.schema}`).digest("hex").slice(0, 16);
  return runIds.map((id) => `hotel-sync run ${id} ${tag}`);
}

/**
 * Opens the run's connections (not the pool's: they hold session settings, and one a transaction, for the whole
 * run), named after the run; then confirms the run still holds the lock, so that a run taking the lock over later
 * finds them by name. No statement or idle timeout ends the run's COPY midway. Their commits need not wait for the
 * WAL flush (synchronous_commit off): rows lost in a server crash belong to a run that then fails and is discarded;
 * the publish, on the pool, keeps the server's default. Records are compressed with lz4 where the server has it,
 * several times faster than the default pglz.
 */
async function openRunWriter(pool: pg.Pool, runId: number, confirmLock: ConfirmLock): Promise<RunWriter> {
  const opened = await Promise.allSettled([0, 1].map(() => connectQuietly(pool)));
  const clients = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const close = () => Promise.allSettled(clients.map((c) => c.end())).then(() => undefined);
  try {
    for (const o of opened) if (o.status === "rejected") throw o.reason;
    const [copyClient, batchClient] = clients as [pg.Client, pg.Client];
    const { rows } = await batchClient.query<{ lz4: boolean }>(
      "select coalesce((select 'lz4' = any(enumvals) from pg_settings where name = 'default_toast_compression'), " +
        "false) as lz4",
    );
    const settings =
      "select set_config('application_name', $1, false), set_config('synchronous_commit', 'off', false), " +
      "set_config('statement_timeout', '0', false), set_config('idle_in_transaction_session_timeout', '0', false)" +
      (rows[0]?.lz4 ? ", set_config('default_toast_compression', 'lz4', false)" : "");
    const name = await runConnectionNames(batchClient, [runId]);
    await Promise.all([copyClient.query(settings, name), batchClient.query(settings, name)]);
    await confirmLock(overClient(batchClient));
    await copyClient.query("begin");
    return { versions: openCopy(copyClient, "hotel_versions", versionColumns), copyClient, batchClient, close };
  } catch (e) {
    await close();
    throw e;
  }
}

async function connectQuietly(pool: pg.Pool): Promise<pg.Client> {
  const client = new pg.Client(pool.options);
  // An error of an idle connection (a server restart) is reported by the query or COPY under way, if any.
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

/** A Kysely over one connection, for queries that must run inside its open transaction (the lock's confirmation). */
function overClient(client: pg.Client): Kysely<Database> {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
    end: async () => {},
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * Ends the connections of runs that a crash or a lost lock left behind (PostgreSQL): a run paused past the lock's
 * stale time keeps its versions' transaction open, and the next run's versions of the same properties would wait
 * for it. Called by the new holder of the lock; a server that does not let it end them is logged, not fatal.
 */
export async function endRunConnections(store: Store, runIds: number[], log: Logger): Promise<void> {
  if (!store.pool || !runIds.length) return;
  const pool = store.pool;
  // Only this store's runs' connections, of this role (ending another role's would fail the whole statement);
  // waiting up to 5 s for each to end where the server can (PostgreSQL 14 and later).
  const end = async (terminate: string) =>
    pool.query<{ ended: number }>(
      `select count(*) filter (where ${terminate}) as ended from pg_stat_activity where application_name = any($1) ` +
        "and datname = current_database() and usename = current_user and pid <> pg_backend_pid()",
      [await runConnectionNames(pool, runIds)],
    );
  try {
    const { rows } = await end("pg_terminate_backend(pid, 5000)").catch(() => end("pg_terminate_backend(pid)"));
    if (Number(rows[0]?.ended))
      log.warn({ runIds, connections: Number(rows[0]?.ended) }, "ended connections of abandoned runs");
  } catch (e) {
    log.warn({ err: (e as Error).message, runIds }, "could not end the connections of abandoned runs");
  }
}

/** The connections still open of these runs of the store (tests: a run leaves none behind). */
export async function openRunConnections(store: Store, runIds: number[]): Promise<number> {
  if (!store.pool) return 0;
  const { rows } = await store.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where application_name = any($1) and datname = current_database()",
    [await runConnectionNames(store.pool, runIds)],
  );
  return rows[0]?.n ?? 0;
}

function rows<T extends object>(items: T[], columns: readonly (keyof T)[]): CopyValue[][] {
  return items.map((item) => columns.map((c) => item[c] as CopyValue));
}
