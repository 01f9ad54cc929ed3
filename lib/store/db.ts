import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { Database, DatabaseKind } from "./types";
import { migrateToLatest } from "./migrations";
import { config } from "@/lib/config";
import { log } from "@/lib/log";

export interface Store {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The SQLite handle behind db, for the few hot paths that use prepared statements directly. */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool behind db, for the hot path that streams rows with COPY. */
  pool?: pg.Pool;
  /** Where it lives, without credentials, for logs and summaries. */
  describe: string;
  close(): Promise<void>;
}

/** Opens the store: an embedded SQLite file (WAL) by default, PostgreSQL when the URL says postgres://. */
export async function openStore(opts: { kind: DatabaseKind; url?: string; sqliteFile?: string }): Promise<Store> {
  if (opts.kind === "postgres") {
    if (!opts.url) throw new Error("openStore: a postgres:// URL is required");
    const pool = new pg.Pool({ connectionString: opts.url, max: 5 });
    // A server restart closes idle connections: without a listener that error would end the process (the site, a
    // sync). The pool opens new connections for the next queries; a query in flight fails on its own.
    pool.on("error", (e) => log.warn({ err: e.message }, "a PostgreSQL connection closed while idle"));
    // bigint columns (bytes) come back as strings from pg; they fit in a double here.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrateToLatest(db as Kysely<unknown>, "postgres");
    const u = new URL(opts.url);
    return {
      db,
      kind: "postgres",
      pool,
      describe: `postgres://${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => db.destroy(),
    };
  }
  const file = opts.sqliteFile ?? config().sqliteFile;
  if (file !== ":memory:")
    fs.mkdirSync(path.dirname(path.resolve(/* turbopackIgnore: true */ file)), { recursive: true });
  const sqlite = new SQLite(file);
  // Records are ~4 KB: 16 KB pages keep most of them off overflow pages (only takes effect on a new file).
  sqlite.pragma("page_size = 16384");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 10000");
  sqlite.pragma("cache_size = -16384"); // 16 MB
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db as Kysely<unknown>, "sqlite");
  return { db, kind: "sqlite", sqlite, describe: `sqlite:${file}`, close: () => db.destroy() };
}
