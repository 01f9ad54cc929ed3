import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import pg from "pg";
import { openStore, type Store } from "@/lib/store";
import { testSettings } from "@/lib/config";

/** PostgreSQL for tests: the machine's local server (127.0.0.1:5432, database test) unless TEST_DATABASE_URL says otherwise. */
export const TEST_POSTGRES_URL = testSettings().TEST_DATABASE_URL;

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local database (${host})`);
  }
}

export interface TestStore extends Store {
  /** Removes everything the store created (the SQLite file, or the PostgreSQL schema). */
  drop(): Promise<void>;
  /** How to reach the same store from a child process (DATABASE_URL). */
  databaseUrl: string;
}

/** A fresh, empty store of the given kind: a new SQLite file, or a new PostgreSQL schema in the test database. */
export async function openTestStore(kind: "sqlite" | "postgres"): Promise<TestStore> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hotel-store-"));
    const file = path.join(dir, "hotels.sqlite");
    const store = await openStore({ kind, sqliteFile: file });
    return {
      ...store,
      databaseUrl: `sqlite://${file}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  assertLocal(TEST_POSTGRES_URL);
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const u = new URL(TEST_POSTGRES_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const databaseUrl = u.toString();
  const store = await openStore({ kind, url: databaseUrl });
  return {
    ...store,
    databaseUrl,
    drop: async () => {
      await store.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export const STORE_KINDS = ["sqlite", "postgres"] as const;
