import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrateToLatest, storeMigrator } from "@/lib/store";
import { STORE_KINDS, TEST_POSTGRES_URL } from "@/lib/testing";

/** A database migrated up to a given step only (the store's openers always migrate to the latest). */
async function databaseAt(kind: "sqlite" | "postgres"): Promise<{ db: Kysely<unknown>; drop(): Promise<void> }> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arrivals-migration-"));
    const db = new Kysely<unknown>({
      dialect: new SqliteDialect({ database: new SQLite(path.join(dir, "db.sqlite")) }),
    });
    return {
      db,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const u = new URL(TEST_POSTGRES_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: u.toString(), max: 2 }) }),
  });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe.each(STORE_KINDS)("migration 0009 on %s", (kind) => {
  it("turns the arrivals stored before it (unsigned, source unchecked) into unverified counts per brand and day", async () => {
    const { db, drop } = await databaseAt(kind);
    try {
      const migrated = await (await storeMigrator(db, kind)).migrateTo("0008_hotel_events");
      expect(migrated.error).toBeUndefined();
      const old = (brand: string, at: string, label: string | null = null) =>
        sql`insert into arrivals (brand_id, source, place_id, label, anonymous_id, arrived_at)
            values (${brand}, ${"any-source"}, ${null}, ${label}, ${"v1"}, ${at})`.execute(db);
      await old("aurora", "2030-01-01T10:00:00.000Z", "mail");
      await old("aurora", "2030-01-01T11:00:00.000Z", "mail");
      await old("aurora", "2030-01-01T23:59:59.999Z");
      await old("aurora", "2030-01-02T00:00:00.000Z");
      await old("sakura", "2030-01-01T08:00:00.000Z");

      await migrateToLatest(db, kind);
      const counts = await sql<{ day: string; brand_id: string; count: number | string }>`
        select day, brand_id, count from arrival_unverified_days order by day, brand_id`.execute(db);
      expect(counts.rows.map((r) => [r.day, r.brand_id, Number(r.count)])).toEqual([
        ["2030-01-01", "aurora", 3],
        ["2030-01-01", "sakura", 1],
        ["2030-01-02", "aurora", 1],
      ]);
      const arrivals = await sql<{ n: number | string }>`select count(*) as n from arrivals`.execute(db);
      expect(Number(arrivals.rows[0]!.n)).toBe(0);
      // The new key refuses a second row for the same visitor, label and day.
      const row = sql`insert into arrivals (day, brand_id, source, label, visitor, place_id, arrived_at)
        values ('2030-01-03', 'aurora', 'aurora-partner', '', 'v1', null, '2030-01-03T00:00:00.000Z')`;
      await row.execute(db);
      await expect(row.execute(db)).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await drop();
    }
  });
});
