import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateToLatest } from "./migrations";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { parseConfig } from "@/lib/config";
import { copyByteaInto } from "./copy-bytes";

describe.each(STORE_KINDS)("store on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });

  it("migrates to the same tables, and migrating again changes nothing", async () => {
    const tables = async () => (await store.db.introspection.getTables()).map((t) => t.name).sort();
    const before = await tables();
    expect(before).toEqual(
      expect.arrayContaining(["hotel_versions", "hotels", "rejected_records", "sync_lock", "sync_runs", "sync_seen"]),
    );
    await migrateToLatest(store.db as never, kind);
    expect(await tables()).toEqual(before);
  });

  it("round-trips the column types the pipeline relies on", async () => {
    const record = Buffer.from('{"id":"R1","name":{"en":"Ünïcødé ✓"}}');
    const columns = {
      name: "Ünïcødé ✓",
      country_code: "FR",
      city: null,
      state_province: null,
      latitude: -33.868812,
      longitude: 151.209296,
      property_type: null,
      is_pet_friendly: 1,
      is_vr: 0,
      updated_at: "2026-01-01 00:00:00.000 Z",
      content_hash: "h",
    };
    await store.db
      .insertInto("hotel_versions")
      .values({
        hotel_id: "R1",
        version: 1,
        run_id: 1,
        record: kind === "postgres" ? record.toString() : record,
        created_at: "t",
        ...columns,
      })
      .execute();
    const row = await store.db
      .selectFrom("hotel_versions")
      .selectAll()
      .where("hotel_id", "=", "R1")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.record.toString())).toEqual({ id: "R1", name: { en: "Ünïcødé ✓" } });
    expect(row).toMatchObject({
      latitude: -33.868812,
      longitude: 151.209296,
      is_pet_friendly: 1,
      is_vr: 0,
      name: "Ünïcødé ✓",
    });
    await expect(
      store.db
        .insertInto("hotel_versions")
        .values({ hotel_id: "R1", version: 1, run_id: 2, record: "{}", created_at: "t", ...columns })
        .execute(),
    ).rejects.toThrow();

    const run = await store.db
      .insertInto("sync_runs")
      .values({ source: "s", status: "running", forced: 0, started_at: "t", bytes: 5_000_000_000 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const back = await store.db
      .selectFrom("sync_runs")
      .select(["bytes", "seen", "files"])
      .where("id", "=", run.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ bytes: 5_000_000_000, seen: 0, files: "[]" });
  });

  it("answers a query through Kysely's raw sql on its dialect", async () => {
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(store.db);
    expect(Number(rows[0]!.one)).toBe(1);
  });
});

describe("bytea values through COPY's binary format (PostgreSQL)", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("postgres");
    await sql`create table copy_parts (part integer primary key, data bytea not null)`.execute(store.db);
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("arrive byte for byte, in order, across the stream's chunks; a target too small is refused", async () => {
    // Sizes on both sides of a stream chunk (64 KB), empty ones, and every byte value.
    const values = [0, 1, 65_535, 65_536, 65_537, 300_001, 0, 7].map((n, part) => ({
      part,
      data: Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + part) & 0xff)),
    }));
    await store.db
      .insertInto("copy_parts" as never)
      .values(values as never)
      .execute();
    const total = values.reduce((n, v) => n + v.data.length, 0);
    const target = new Uint8Array(total);
    const select = "SELECT data FROM copy_parts ORDER BY part";
    expect(await copyByteaInto(store.pool!, select, target)).toBe(total);
    expect(Buffer.from(target).equals(Buffer.concat(values.map((v) => v.data)))).toBe(true);
    await expect(copyByteaInto(store.pool!, select, new Uint8Array(total - 1))).rejects.toThrow(/more bytes/);
    await expect(copyByteaInto(store.pool!, "SELECT part, data FROM copy_parts", target)).rejects.toThrow(/columns/);
    // Every connection went back to the pool or was closed: none is left checked out mid-COPY.
    const pool = store.pool!;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(pool.waitingCount).toBe(0);
    // A query that fails on the server (the stream's error) is an error too, and leaves no connection behind.
    await expect(copyByteaInto(pool, "SELECT data FROM no_such_table", target)).rejects.toThrow(/no_such_table/);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    expect(await sql<{ n: number }>`select 1 as n`.execute(store.db)).toMatchObject({ rows: [{ n: 1 }] });
  });
});

describe("configuration", () => {
  it("selects the embedded SQLite file by default and PostgreSQL from a postgres:// URL", () => {
    expect(parseConfig({})).toMatchObject({ databaseKind: "sqlite", sqliteFile: ".data/hotels.sqlite" });
    expect(parseConfig({ DATABASE_URL: "sqlite:///tmp/x.sqlite" })).toMatchObject({
      databaseKind: "sqlite",
      sqliteFile: "/tmp/x.sqlite",
    });
    expect(parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1/test" }).databaseKind).toBe("postgres");
  });

  it("refuses bad settings with a readable message naming the variable", () => {
    expect(() => parseConfig({ SYNC_MAX_REMOVED_SHARE: "1.5" })).toThrow(
      /SYNC_MAX_REMOVED_SHARE: must be between 0 and 1/,
    );
    expect(() => parseConfig({ SFTP_HOST_FINGERPRINT: "md5:zz" })).toThrow(
      /SFTP_HOST_FINGERPRINT: must look like SHA256/,
    );
    expect(() => parseConfig({ SYNC_TEST_PAUSE_AT: "publish:10" })).toThrow(/only allowed when NODE_ENV=test/);
    expect(() => parseConfig({ NODE_ENV: "test", SYNC_TEST_PAUSE_AT: "nowhere:10" })).toThrow(/SYNC_TEST_PAUSE_AT/);
    expect(parseConfig({ NODE_ENV: "test", SYNC_TEST_PAUSE_AT: "recount:25" }).SYNC_TEST_PAUSE_AT).toEqual({
      step: "recount",
      ms: 25,
    });
  });
});
