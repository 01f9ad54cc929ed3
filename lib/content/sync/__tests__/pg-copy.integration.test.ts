import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, STORE_KINDS, type TestStore, hotel, range, syncDir, writeExport } from "@/lib/testing";
import { copyRows, copyText, openCopy } from "../pg-copy";
import { openRunConnections } from "../staging-db";
import { countHotels, getHotel, recentRuns } from "@/lib/hotels";

const TABLES = ["hotels", "hotel_versions", "hotel_events", "sync_runs", "sync_seen", "rejected_records", "sync_lock"];

/** Text that COPY's text format must escape or carry untouched: tab, newline, CR, backslash, and beyond ASCII. */
const ODD = [
  "tab\there",
  "new\nline",
  "carriage\rreturn",
  "back\\slash \\N \\. \\t",
  "\\",
  "ends with a backslash\\",
  "line separator\u2028paragraph separator\u2029",
  "BOM \ufeff, replacement \ufffd, zero width \u200b\u200d, combining e\u0301",
  "Ελληνικά, العربية, עברית, 日本語, 한국어",
  "astral: 🏨 😀 𝔘𝔫𝔦 𠜎 👩‍👩‍👧",
  "",
];

describe("COPY's text format", () => {
  it("escapes backslash, newline, carriage return and tab, writes null as \\N, and leaves all else as UTF-8", () => {
    const text = copyText([
      ["a\tb", "c\nd", "e\rf", "g\\h", null, 1.5, -0.000001, 7],
      [Buffer.from('{"t":"x\\ty"}\t\n'), "é🏨"],
    ]).toString("utf8");
    expect(text).toBe("a\\tb\tc\\nd\te\\rf\tg\\\\h\t\\N\t1.5\t-0.000001\t7\n" + '{"t":"x\\\\ty"}\\t\\n\té🏨\n');
  });

  it("stores bytes that are not UTF-8 with replacement characters, as text always did", () => {
    const bad = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(copyText([[bad]]).toString("utf8")).toBe("{\ufffd\ufffd}\n");
  });
});

describe("COPY into PostgreSQL", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("postgres");
  });
  afterAll(async () => {
    await store.drop();
  });

  it("round-trips every value exactly, as text and as bytes", async () => {
    const client = await store.pool!.connect();
    try {
      await client.query("create temporary table copy_check (n integer, t text, b text, x double precision)");
      const values = ODD.map((t, n) => [n, t, Buffer.from(JSON.stringify({ t })), n / 3] as const);
      await copyRows(client, "copy_check", ["n", "t", "b", "x"], [...values, [99, null, null, null]]);
      const { rows } = await client.query("select n, t, b, x from copy_check order by n");
      expect(rows).toEqual([
        ...values.map(([n, t, b, x]) => ({ n, t, b: b.toString("utf8"), x })),
        { n: 99, t: null, b: null, x: null },
      ]);
    } finally {
      client.release();
    }
  });

  describe("one COPY kept open over several writes (a run's versions)", () => {
    const parts = [range(1, 400), range(401, 800), range(801, 1000)].map((ns) =>
      ns.map((n) => [n, `row ${n}\t${ODD[n % ODD.length]}`] as const),
    );
    const count = async () => Number((await store.pool!.query("select count(*) as n from copy_parts")).rows[0].n);
    beforeEach(async () => {
      await store.pool!.query(
        "drop table if exists copy_parts; create table copy_parts (n integer primary key, t text)",
      );
    });

    it("stores every part's rows together when it ends, none before", async () => {
      const client = await store.pool!.connect();
      try {
        const copy = openCopy(client, "copy_parts", ["n", "t"]);
        for (const part of parts) await copy.write(part);
        expect(await count()).toBe(0); // another connection sees nothing of an open COPY
        await copy.end();
        const { rows } = await store.pool!.query("select n, t from copy_parts order by n");
        expect(rows).toEqual(parts.flat().map(([n, t]) => ({ n, t })));
      } finally {
        client.release();
      }
    });

    it("stores nothing when abandoned, and says so if ended after", async () => {
      const client = await store.pool!.connect();
      try {
        const copy = openCopy(client, "copy_parts", ["n", "t"]);
        await copy.write(parts[0]!);
        await copy.write(parts[1]!);
        copy.destroy();
        await expect(copy.end()).rejects.toThrow(/abandoned/);
        await expect(copy.write(parts[2]!)).rejects.toThrow(/abandoned/);
      } finally {
        client.release(true);
      }
      expect(await count()).toBe(0);
    });

    it("stores nothing when a later part is refused, and reports the server's error", async () => {
      const client = await store.pool!.connect();
      try {
        const copy = openCopy(client, "copy_parts", ["n", "t"]);
        await copy.write(parts[0]!);
        await copy.write([[1, "the same key again"]]).catch(() => undefined); // the refusal may come with a later call
        await expect(copy.end()).rejects.toThrow(/duplicate key/);
      } finally {
        client.release(true);
      }
      expect(await count()).toBe(0);
    });
  });
});

// The record's JSON is stored exactly as exported on both stores: raw tabs, newlines and CRs between tokens (an
// array element may span lines), escapes with backslashes inside strings, and characters far beyond ASCII.
describe.each(STORE_KINDS)("a record's exact text through a sync into %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });

  it("is stored byte for byte and reads back as the same value", async () => {
    const odd = hotel(1, {
      name: { en: 'Tab\there, new\nline, back\\slash, "quoted", 🏨 𝔘𝔫𝔦', ar: "فندق" },
      description: Object.fromEntries(ODD.map((t, i) => [`x${i}`, t])),
    });
    const pretty = JSON.stringify(odd, null, "\t").replace(/\n/g, "\r\n");
    const compact = JSON.stringify(hotel(2, { name: { en: "\\\\server\\share\t\u2028𠜎" } }));
    const dir = writeExport({ "hotels.json": `[\n${pretty},\n${compact}\n]\n` });
    const summary = await syncDir(store, dir);
    expect(summary).toMatchObject({ status: "published", new: 2, rejected: 0 });

    const stored = await store.db
      .selectFrom("hotel_versions")
      .select(["hotel_id", "record"])
      .orderBy("hotel_id")
      .execute();
    const text = (r: Buffer | string) => (typeof r === "string" ? r : r.toString("utf8"));
    expect(stored.map((r) => [r.hotel_id, text(r.record)])).toEqual([
      ["H1", pretty],
      ["H2", compact],
    ]);
    expect((await getHotel(store.db, "H1"))?.record).toEqual(odd);

    // And the unchanged export is recognised as unchanged: the stored text hashes as the exported bytes did.
    expect(await syncDir(store, dir)).toMatchObject({ status: "published", unchanged: 2, new: 0, changed: 0 });
  });
});

describe("a COPY that fails", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("postgres");
  });
  afterAll(async () => {
    await store.drop();
  });
  beforeEach(async () => {
    for (const t of TABLES) await store.db.deleteFrom(t as "hotels").execute();
  });
  /** The server's connections named after this store's runs, once those that are closing are gone (2 s at most). */
  async function runConnections(): Promise<number> {
    const runIds = (await recentRuns(store.db)).map((r) => r.id);
    let n = 0;
    for (let tries = 0; tries < 20; tries++) {
      n = await openRunConnections(store, runIds);
      if (!n) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return n;
  }

  it("fails the run cleanly: nothing published or left staged, the lock released, and the next run works", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) });
    expect(await syncDir(store, dir)).toMatchObject({ status: "published", new: 10 });

    // The second export changes every record; the store refuses one of them in the middle of the run's COPYs.
    writeExport({ "hotels.jsonl": range(1, 12).map((n) => hotel(n, { name: { en: `Renamed ${n}` } })) }, { dir });
    await store.pool!.query("alter table hotel_versions add constraint no_h8 check (hotel_id <> 'H8') not valid");
    try {
      await expect(syncDir(store, dir, { batchSize: 3 })).rejects.toThrow(/no_h8/);
    } finally {
      await store.pool!.query("alter table hotel_versions drop constraint no_h8");
    }

    const [failed] = await recentRuns(store.db);
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed?.error_message).toMatch(/no_h8/);
    expect(await countHotels(store.db)).toBe(10);
    expect((await getHotel(store.db, "H1"))?.record.name.en).toBe("Hotel 1");
    const versions = await store.db.selectFrom("hotel_versions").select("version").execute();
    expect(versions).toHaveLength(10); // none of the failed run's: its versions' COPY never committed
    expect(await store.db.selectFrom("sync_seen").selectAll().execute()).toEqual([]);
    expect(await store.db.selectFrom("sync_lock").selectAll().execute()).toEqual([]);
    expect(await runConnections()).toBe(0); // the run's own two connections closed

    expect(await syncDir(store, dir)).toMatchObject({ status: "published", changed: 10, new: 2 });
    expect((await getHotel(store.db, "H8"))?.record.name.en).toBe("Renamed 8");
    expect(await runConnections()).toBe(0);
  });
});
