import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, STORE_KINDS, type TestStore, hotel, range, syncDir, writeExport } from "@/lib/testing";
import {
  countHotels,
  getHotel,
  hotelEvents,
  hotelHistory,
  recentRuns,
  rejectedRecords,
  removedHotels,
} from "@/lib/hotels";
import pino from "pino";
import { acquireSyncLock, holderName, withSyncLock } from "../lock";
import { countsBehind, latestRecount, recountHotels } from "@/lib/places";

// Every behaviour on both stores, and once more with the reader and checker in worker threads.
const CASES = [...STORE_KINDS.map((kind) => ({ kind, threads: false })), { kind: "sqlite" as const, threads: true }];

describe.each(CASES)("content sync into $kind (threads: $threads)", ({ kind, threads }) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });
  beforeEach(async () => {
    for (const t of [
      "hotels",
      "hotel_versions",
      "hotel_events",
      "sync_runs",
      "sync_seen",
      "rejected_records",
      "sync_lock",
      "place_recounts",
    ] as const)
      await store.db.deleteFrom(t).execute();
  });

  it("loads a first export, then skips unchanged records and keeps history of changed ones", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) });
    const first = await syncDir(store, dir, { threads });
    expect(first).toMatchObject({
      status: "published",
      seen: 10,
      new: 10,
      changed: 0,
      unchanged: 0,
      removed: 0,
      rejected: 0,
      schema: { status: "match" },
    });
    expect(await countHotels(store.db)).toBe(10);
    expect((await getHotel(store.db, "H3"))?.record.name.en).toBe("Hotel 3");

    const again = await syncDir(store, dir, { threads });
    expect(again).toMatchObject({ status: "published", seen: 10, new: 0, changed: 0, unchanged: 10 });

    writeExport(
      {
        "hotels.jsonl": range(1, 10).map((n) =>
          n === 3 ? hotel(3, { name: { en: "Hotel Three" }, updated_at: "2026-01-11 09:00:00.000 Z" }) : hotel(n),
        ),
      },
      { dir },
    );
    const third = await syncDir(store, dir, { threads });
    expect(third).toMatchObject({ new: 0, changed: 1, unchanged: 9 });
    const current = await getHotel(store.db, "H3");
    expect(current).toMatchObject({ version: 2, record: { name: { en: "Hotel Three" } } });
    const history = await hotelHistory(store.db, "H3");
    expect(history.map((h) => [h.version, h.record.name.en, h.updated_at])).toEqual([
      [2, "Hotel Three", "2026-01-11 09:00:00.000 Z"],
      [1, "Hotel 3", "2026-01-10 08:00:00.000 Z"],
    ]);
    const runs = await recentRuns(store.db);
    expect(runs.map((r) => [r.status, r.new, r.changed, r.unchanged])).toEqual([
      ["published", 0, 1, 9],
      ["published", 0, 0, 10],
      ["published", 10, 0, 0],
    ]);
  });

  it("stores each record byte-exact, whatever characters it holds", async () => {
    const tricky = hotel(1, { name: { en: 'Hôtel "Le {Grand}", a\\b, NULL, 東京 ✓ \u0000' }, property_type: "{x,y}" });
    const line = JSON.stringify(tricky);
    const dir = writeExport({ "hotels.jsonl": `${line}\n` });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ new: 1, rejected: 0 });
    const v = await store.db.selectFrom("hotel_versions").select("record").executeTakeFirstOrThrow();
    expect(v.record.toString()).toBe(line);
    expect((await getHotel(store.db, "H1"))?.record).toEqual(tricky);
    // Columns drop the NUL the record keeps (PostgreSQL text cannot hold it).
    const h = await store.db.selectFrom("hotels").select(["name", "property_type"]).executeTakeFirstOrThrow();
    expect(h).toEqual({ name: 'Hôtel "Le {Grand}", a\\b, NULL, 東京 ✓ ', property_type: "{x,y}" });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ unchanged: 1 });
  });

  it("recognises unchanged records whether or not the id comes first", async () => {
    const idLast = (n: number) => {
      const { id, ...rest } = hotel(n);
      return { ...rest, id };
    };
    const dir = writeExport({ "hotels.jsonl": [...range(1, 5).map((n) => hotel(n)), ...range(6, 10).map(idLast)] });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ new: 10 });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ unchanged: 10, new: 0, changed: 0 });
    writeExport(
      {
        "hotels.jsonl": [
          ...range(1, 5).map((n) => hotel(n)),
          ...range(6, 10).map((n) => ({ ...idLast(n), is_vr: true })),
        ],
      },
      { dir },
    );
    expect(await syncDir(store, dir, { threads })).toMatchObject({ unchanged: 5, changed: 5 });
  });

  it("stores a content change even when updated_at did not move", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    await syncDir(store, dir, { threads });
    writeExport({ "hotels.jsonl": [hotel(1, { is_vr: true })] }, { dir });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ changed: 1 });
    expect((await hotelHistory(store.db, "H1")).length).toBe(2);
  });

  it("marks ids absent from the new export as removed and restores them when they return", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) });
    await syncDir(store, dir, { threads });
    writeExport({ "hotels.jsonl": range(1, 9).map((n) => hotel(n)) }, { dir });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", removed: 1, unchanged: 9 });
    expect(await getHotel(store.db, "H10")).toBeUndefined();
    expect((await removedHotels(store.db)).map((h) => h.id)).toEqual(["H10"]);
    expect(await countHotels(store.db)).toBe(9);

    writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) }, { dir });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ restored: 1, unchanged: 9, removed: 0 });
    expect((await getHotel(store.db, "H10"))?.record.id).toBe("H10");
    expect(await countHotels(store.db)).toBe(10);
    // Both recorded as events of the runs that published them.
    const runs = (await recentRuns(store.db, 3)).map((r) => r.id);
    expect((await hotelEvents(store.db, "H10")).map((e) => [e.run_id, e.event])).toEqual([
      [runs[0], "restored"],
      [runs[1], "removed"],
    ]);
    expect(await hotelEvents(store.db, "H9")).toEqual([]);
  });

  it("rejects invalid records with their errors and loads the rest; a broken known record keeps its last good version", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n)) });
    await syncDir(store, dir, { threads });
    const lines = range(1, 20).map((n) => JSON.stringify(hotel(n)));
    lines[4] = JSON.stringify(hotel(5, { location: { ...(hotel(5).location as object), country_code: "fr" } }));
    lines.push('{"id": "H99", "name": '); // corrupt line (not the last one)
    lines.push(JSON.stringify(hotel(21)));
    writeExport({ "hotels.jsonl": lines.join("\n") + "\n" }, { dir });
    const s = await syncDir(store, dir, { threads });
    expect(s).toMatchObject({ status: "published", seen: 22, new: 1, rejected: 2, removed: 0 });
    expect((await getHotel(store.db, "H5"))?.record.location.country_code).toBe("FR");
    const rejected = await rejectedRecords(store.db, s.runId);
    expect(rejected.map((r) => [r.file, r.line, r.hotel_id])).toEqual([
      ["hotels.jsonl", 5, "H5"],
      ["hotels.jsonl", 21, null],
    ]);
    expect(rejected[0]!.errors).toEqual([
      { pointer: "/location/country_code", keyword: "pattern", message: 'must match pattern "^[A-Z]{2}$"' },
    ]);
    expect(rejected[1]!.errors[0]).toMatchObject({ pointer: "", keyword: "json" });
  });

  it("rejects records whose id no store can keep (NUL, control characters, too long) and loads the rest", async () => {
    const bad = ["H\u00001", "H\n2", "H\u007f3", "H".repeat(201)];
    const dir = writeExport({
      "hotels.jsonl": [...range(1, 30).map((n) => hotel(n)), ...bad.map((id) => ({ ...hotel(99), id }))],
    });
    const s = await syncDir(store, dir, { threads, maxRejectedShare: 0.5 });
    expect(s).toMatchObject({ status: "published", new: 30, rejected: 4 });
    const rejected = await rejectedRecords(store.db, s.runId);
    expect(rejected.map((r) => [r.line, r.hotel_id])).toEqual([
      [31, null],
      [32, null],
      [33, null],
      [34, null],
    ]);
    expect(rejected.map((r) => r.errors[0]!.message)).toEqual([
      "id may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds U+0000)",
      "id may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds U+000A)",
      "id may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds U+007F)",
      "id must be at most 200 characters",
    ]);
    // Looking such an id up finds nothing, without asking the store (PostgreSQL cannot even take a NUL).
    expect(await getHotel(store.db, "H\u00001")).toBeUndefined();
    expect(await hotelHistory(store.db, "H\u00001")).toEqual([]);
  });

  it("rejects records whose id a link could not carry to its page, naming the field and the character", async () => {
    const bad = ["H<1", 'H"2', "H(3", "H 4", "..", "Hé6", "H/7"];
    const good = ["GIATA:12345", "HTL-0000123", "hotel_12.b~2"];
    const dir = writeExport({
      "hotels.jsonl": [
        ...range(1, 30).map((n) => hotel(n)),
        ...bad.map((id) => ({ ...hotel(99), id })),
        ...good.map((id) => ({ ...hotel(98), id })),
      ],
    });
    const s = await syncDir(store, dir, { threads, maxRejectedShare: 0.5 });
    expect(s).toMatchObject({ status: "published", new: 33, rejected: bad.length });
    const rejected = await rejectedRecords(store.db, s.runId);
    expect(rejected.map((r) => [r.line, r.hotel_id, r.errors])).toEqual(
      bad.map((id, i) => [
        31 + i,
        null,
        [
          {
            pointer: "/id",
            keyword: "hotelId",
            message:
              id === ".."
                ? "id must start with a letter or a digit"
                : `id may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds ${
                    { "H 4": "U+0020", Hé6: "U+00E9" }[id] ?? `"${id[1]}"`
                  })`,
          },
        ],
      ]),
    );
    for (const id of good) expect((await getHotel(store.db, id))?.record.id).toBe(id);
    expect(await getHotel(store.db, "H<1")).toBeUndefined();
  });

  it("keeps a record whose image URLs it refuses, noting each refused image, and counts no rejection", async () => {
    const images = [
      { href: "https://images.example.com/lobby.jpg", hero_image: true },
      { href: "http://127.0.0.1:6379/x.png" },
      { href: "https://192.168.1.1/router.png" },
      { href: "https://user:secret@images.example.com/a.jpg" },
      { href: "https://localhost/a.jpg" },
    ];
    const dir = writeExport({ "hotels.jsonl": [hotel(1, { images }), hotel(2)] });
    const s = await syncDir(store, dir, { threads });
    expect(s).toMatchObject({ status: "published", new: 2, rejected: 0 });
    // The record as exported (byte-exact history), every image in it.
    expect((await getHotel(store.db, "H1"))?.record.images).toEqual(images);
    const notes = await rejectedRecords(store.db, s.runId);
    expect(notes.map((r) => [r.file, r.line, r.hotel_id])).toEqual([["hotels.jsonl", 1, "H1"]]);
    expect(notes[0]!.errors).toEqual([
      {
        pointer: "/images/1/href",
        keyword: "imageUrl",
        message: "image not shown (the record is kept): its URL must use https",
      },
      {
        pointer: "/images/2/href",
        keyword: "imageUrl",
        message:
          "image not shown (the record is kept): its URL host is a private, link-local, metadata or reserved address (192.168.1.1)",
      },
      {
        pointer: "/images/3/href",
        keyword: "imageUrl",
        message: "image not shown (the record is kept): its URL must not carry a user name or password",
      },
      {
        pointer: "/images/4/href",
        keyword: "imageUrl",
        message: "image not shown (the record is kept): its URL names the visitor's own machine (localhost)",
      },
    ]);
    // Unchanged the next day: not parsed again, nothing new to note.
    const again = await syncDir(store, dir, { threads });
    expect(again).toMatchObject({ unchanged: 2, rejected: 0 });
    expect(await rejectedRecords(store.db, again.runId)).toEqual([]);
  });

  it("numbers new versions from the highest stored, so a failed run's leftover versions cannot collide", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 5).map((n) => hotel(n)) });
    const first = await syncDir(store, dir, { threads });
    // What a run that failed without cleaning up would leave: an unpublished version 2 of H1.
    const v1 = await store.db
      .selectFrom("hotel_versions")
      .selectAll()
      .where("hotel_id", "=", "H1")
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto("hotel_versions")
      .values({ ...v1, version: 2, run_id: first.runId + 1000, content_hash: "leftover" })
      .execute();
    writeExport(
      { "hotels.jsonl": range(1, 5).map((n) => (n === 1 ? hotel(1, { name: { en: "Hotel One" } }) : hotel(n))) },
      { dir },
    );
    const s = await syncDir(store, dir, { threads });
    expect(s).toMatchObject({ status: "published", changed: 1 });
    expect(await getHotel(store.db, "H1")).toMatchObject({ version: 3, record: { name: { en: "Hotel One" } } });
  });

  it("rejects the second occurrence of an id with a clear reason and keeps the first", async () => {
    const dir = writeExport({
      "a.jsonl": [hotel(1), hotel(2)],
      "b.jsonl": [hotel(3), hotel(1, { name: { en: "Impostor" } })],
    });
    const s = await syncDir(store, dir, { threads, maxRejectedShare: 0.5 });
    expect(s).toMatchObject({ status: "published", new: 3, rejected: 1 });
    expect((await getHotel(store.db, "H1"))?.record.name.en).toBe("Hotel 1");
    const [dup] = await rejectedRecords(store.db, s.runId);
    expect(dup).toMatchObject({ file: "b.jsonl", line: 2, hotel_id: "H1" });
    expect(dup!.errors[0]!.message).toBe(
      "id 'H1' already appeared in this export at a.jsonl:1; the first occurrence is kept",
    );
  });

  it("finds a repeated id many batches later, and in a re-sync of stored ids", async () => {
    const dir = writeExport({
      "a.jsonl": [...range(1, 40).map((n) => hotel(n)), hotel(7, { name: { en: "Impostor" } }), hotel(41)],
    });
    for (const expected of [{ new: 41 }, { unchanged: 41 }]) {
      const s = await syncDir(store, dir, { threads, batchSize: 4, maxRejectedShare: 0.5 });
      expect(s).toMatchObject({ status: "published", rejected: 1, ...expected });
      expect((await getHotel(store.db, "H7"))?.record.name.en).toBe("Hotel 7");
      const [dup] = await rejectedRecords(store.db, s.runId);
      expect(dup).toMatchObject({ file: "a.jsonl", line: 41, hotel_id: "H7" });
    }
  });

  it("reads JSON arrays, gzipped files and several files as one export", async () => {
    const dir = writeExport({
      "1.json": range(1, 3).map((n) => hotel(n)),
      "2.jsonl.gz": range(4, 6).map((n) => hotel(n)),
      "3.ndjson": [hotel(7)],
      "notes.txt": "ignored",
    });
    const s = await syncDir(store, dir, { threads });
    expect(s.files.map((f) => [f.name, f.records])).toEqual([
      ["1.json", 3],
      ["2.jsonl.gz", 3],
      ["3.ndjson", 1],
    ]);
    expect(await countHotels(store.db)).toBe(7);
  });

  it("refuses to publish a mass removal unless forced", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) });
    await syncDir(store, dir, { threads });
    writeExport({ "hotels.jsonl": range(1, 7).map((n) => hotel(n, { is_vr: true })) }, { dir });
    const refused = await syncDir(store, dir, { threads });
    expect(refused).toMatchObject({ status: "refused", error: { code: "REMOVAL_THRESHOLD" } });
    expect(refused.error!.message).toContain("remove 3 of 10 properties (30.0 % > 20.0 %)");
    expect(await countHotels(store.db)).toBe(10);
    expect((await getHotel(store.db, "H1"))?.record.is_vr).toBeUndefined();
    expect((await hotelHistory(store.db, "H1")).length).toBe(1);

    const forced = await syncDir(store, dir, { threads, force: true });
    expect(forced).toMatchObject({ status: "published", removed: 3, changed: 7 });
    expect(await countHotels(store.db)).toBe(7);
  });

  it("refuses to publish when too many records are rejected, unless forced", async () => {
    const dir = writeExport({
      "hotels.jsonl": [
        ...range(1, 8).map((n) => hotel(n)),
        hotel(9, { images: [] }),
        hotel(10, { name: {}, location: {} }),
      ],
    });
    const refused = await syncDir(store, dir, { threads });
    expect(refused).toMatchObject({ status: "refused", rejected: 2, error: { code: "REJECTION_THRESHOLD" } });
    expect(await countHotels(store.db)).toBe(0);
    expect(await syncDir(store, dir, { threads, force: true })).toMatchObject({
      status: "published",
      new: 8,
      rejected: 2,
    });
  });

  it("fails cleanly on a truncated gzip or JSON file, publishing nothing, and the next run works", async () => {
    const good = range(1, 50).map((n) => hotel(n));
    const dir = writeExport({ "hotels.jsonl": good });
    await syncDir(store, dir, { threads });
    const gz = gzipSync(good.map((r) => JSON.stringify({ ...r, is_vr: true })).join("\n"));
    writeExport({ "hotels.jsonl.gz": gz.subarray(0, Math.floor(gz.length * 0.6)) }, { dir });
    await expect(syncDir(store, dir, { threads })).rejects.toMatchObject({ code: "TRUNCATED_INPUT" });
    writeExport(
      { "hotels.json": `[${good.map((r) => JSON.stringify({ ...r, is_vr: true })).join(",")}`.slice(0, 5000) },
      { dir },
    );
    await expect(syncDir(store, dir, { threads })).rejects.toMatchObject({ code: "TRUNCATED_INPUT" });
    expect(await countHotels(store.db)).toBe(50);
    expect((await getHotel(store.db, "H1"))?.record.is_vr).toBeUndefined();
    expect(await store.db.selectFrom("hotel_versions").select("hotel_id").where("version", ">", 1).execute()).toEqual(
      [],
    );
    const runs = await recentRuns(store.db);
    expect(runs.slice(0, 2).map((r) => [r.status, r.error_code])).toEqual([
      ["failed", "TRUNCATED_INPUT"],
      ["failed", "TRUNCATED_INPUT"],
    ]);

    writeExport({ "hotels.jsonl": good.map((r) => ({ ...r, is_vr: true })) }, { dir });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", changed: 50 });
  });

  it("refuses an export whose server schema differs from ours unless told to accept it", async () => {
    const ours = JSON.parse(fs.readFileSync(path.join(process.cwd(), "schemas/HotelFtpExport.json"), "utf8"));
    const v2 = { ...ours, $id: ours.$id.replace("/v1/", "/v2/"), required: [...ours.required, "images"] };
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] }, { schema: JSON.stringify(v2) });
    const s = await syncDir(store, dir, { threads });
    expect(s).toMatchObject({
      status: "refused",
      error: { code: "SCHEMA_MISMATCH" },
      schema: { status: "mismatch", serverVersion: "2", ourVersion: "1" },
    });
    expect(s.error!.message).toContain("/$id");
    expect(s.error!.message).toContain("/required");
    expect(await countHotels(store.db)).toBe(0);
    expect(await syncDir(store, dir, { threads, allowSchemaChange: true })).toMatchObject({
      status: "published",
      new: 1,
    });

    // Key order and descriptions do not count as a change.
    const reordered = Object.fromEntries(Object.entries({ ...ours, description: "other words" }).reverse());
    writeExport({ "hotels.jsonl": [hotel(1)] }, { dir, schema: JSON.stringify(reordered) });
    expect((await syncDir(store, dir, { threads })).schema.status).toBe("match");
    writeExport({ "hotels.jsonl": [hotel(1)] }, { dir, schema: null });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", schema: { status: "absent" } });
  });

  it("refuses a second run while one holds the lock, and takes over a lock whose holder died", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const now = new Date().toISOString();
    await store.db
      .insertInto("sync_lock")
      .values({ name: "content-sync", holder: `elsewhere:1:x`, run_id: 7, acquired_at: now, heartbeat_at: now })
      .execute();
    await expect(syncDir(store, dir, { threads })).rejects.toMatchObject({ name: "SyncError", code: "SYNC_LOCKED" });
    expect(await countHotels(store.db)).toBe(0);

    // A holder of this kernel and pid namespace whose process no longer exists.
    await store.db
      .updateTable("sync_lock")
      .set({ holder: holderName(999999) })
      .execute();
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published" });
    expect(await store.db.selectFrom("sync_lock").selectAll().execute()).toEqual([]);
  });

  it("never takes a live holder's lock by its process id from another container with the same host name", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const now = new Date().toISOString();
    // Same host name, a process id that does not exist here, but another pid namespace: alive as far as we can tell.
    const [host, pid, , unique] = holderName(999999).split(":");
    await store.db
      .insertInto("sync_lock")
      .values({
        name: "content-sync",
        holder: `${host}:${pid}:0123456789abcdef:${unique}`,
        run_id: 7,
        acquired_at: now,
        heartbeat_at: now,
      })
      .execute();
    await expect(syncDir(store, dir, { threads })).rejects.toMatchObject({ code: "SYNC_LOCKED" });
    expect(await countHotels(store.db)).toBe(0);
    // An older holder name (no scope) is judged by its heartbeat too.
    await store.db
      .updateTable("sync_lock")
      .set({ holder: `${host}:999999:y` })
      .execute();
    await expect(syncDir(store, dir, { threads })).rejects.toMatchObject({ code: "SYNC_LOCKED" });
  });

  it("takes over a silent holder from another host once its heartbeat is older than the stale time", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    await store.db
      .insertInto("sync_lock")
      .values({
        name: "content-sync",
        holder: "other-host:1:-:x",
        run_id: 7,
        acquired_at: at(60),
        heartbeat_at: at(25),
      })
      .execute();
    await expect(syncDir(store, dir, { threads, lockStaleSeconds: 30 })).rejects.toMatchObject({ code: "SYNC_LOCKED" });
    await store.db
      .updateTable("sync_lock")
      .set({ heartbeat_at: at(31) })
      .execute();
    expect(await syncDir(store, dir, { threads, lockStaleSeconds: 30 })).toMatchObject({ status: "published" });
  });

  it("renews the holder's heartbeat, so a long run is never judged stale", async () => {
    const lock = await acquireSyncLock(store.db, 3);
    try {
      const first = await store.db.selectFrom("sync_lock").select("heartbeat_at").executeTakeFirstOrThrow();
      await new Promise((r) => setTimeout(r, 3_500));
      const later = await store.db.selectFrom("sync_lock").select("heartbeat_at").executeTakeFirstOrThrow();
      expect(Date.parse(later.heartbeat_at)).toBeGreaterThan(Date.parse(first.heartbeat_at));
      // Past the stale time since it was taken, but renewed: still held.
      await expect(acquireSyncLock(store.db, 3)).rejects.toMatchObject({ code: "SYNC_LOCKED" });
      expect(lock.lost).toBe(false);
    } finally {
      await lock.release();
    }
  });

  it("a run whose lock was taken over ends SYNC_LOCK_LOST and publishes nothing", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n)) });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", new: 20 });
    writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n, { name: { en: `Renamed ${n}` } })) }, { dir });
    // The moment the run starts publishing, another process takes the lock over (as after a long pause).
    let takeover: Promise<unknown> | undefined;
    const log = pino(
      { level: "info" },
      {
        write(line: string) {
          if (!takeover && JSON.parse(line).msg === "publishing")
            takeover = store.db.updateTable("sync_lock").set({ holder: "other-host:1:-:taker" }).execute();
        },
      },
    );
    await expect(syncDir(store, dir, { threads, log, pauseAt: { step: "publish", ms: 200 } })).rejects.toMatchObject({
      code: "SYNC_LOCK_LOST",
    });
    await takeover;
    expect((await getHotel(store.db, "H3"))?.record.name.en).toBe("Hotel 3");
    const runs = await recentRuns(store.db);
    expect(runs[0]).toMatchObject({ status: "failed", error_code: "SYNC_LOCK_LOST" });
    // The taker's lock is left alone.
    expect(await store.db.selectFrom("sync_lock").select("holder").execute()).toEqual([
      { holder: "other-host:1:-:taker" },
    ]);
  });

  it("a run taken over while staging stores none of its versions, and the taker does not wait for it", async () => {
    // Enough records that PostgreSQL's COPY has inserted some (it buffers up to 64 KB of rows) when the run stops.
    const N = 300;
    const dir = writeExport({ "hotels.jsonl": range(1, N).map((n) => hotel(n)) });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", new: N });
    writeExport({ "hotels.jsonl": range(1, N).map((n) => hotel(n, { name: { en: `Renamed ${n}` } })) }, { dir });
    // The run stops with every batch sent (on PostgreSQL its versions' COPY is open, their keys the next run's too).
    const PAUSE_MS = 8000;
    let atStaging!: () => void;
    const staging = new Promise<void>((resolve) => (atStaging = resolve));
    const log = pino(
      { level: "warn" },
      {
        write(line: string) {
          const entry = JSON.parse(line);
          if (entry.msg === "fault point" && entry.step === "staging") atStaging();
        },
      },
    );
    const paused = syncDir(store, dir, { threads, log, pauseAt: { step: "staging", ms: PAUSE_MS } });
    paused.catch(() => undefined); // awaited below
    await staging;
    const pausedAt = performance.now();
    // Its holder is judged dead (a process of this machine that no longer exists): the next run takes the lock over.
    await store.db
      .updateTable("sync_lock")
      .set({ holder: holderName(999999) })
      .execute();
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", changed: N });
    // Published while the other run was still paused: it did not wait for the paused run's open transaction.
    expect(performance.now() - pausedAt).toBeLessThan(PAUSE_MS - 2000);

    await expect(paused).rejects.toMatchObject({ code: "SYNC_LOCK_LOST" });
    const versions = await store.db.selectFrom("hotel_versions").select(["hotel_id", "version"]).execute();
    expect(versions).toHaveLength(2 * N); // the first run's and the taker's: none of the paused run's
    expect((await getHotel(store.db, "H3"))?.record.name.en).toBe("Renamed 3");
    expect(await store.db.selectFrom("sync_lock").selectAll().execute()).toEqual([]);
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", unchanged: N });
  });

  it("a place import or recount waits for no one: it is refused while a sync holds the lock", async () => {
    const lock = await acquireSyncLock(store.db, 30);
    let ran = false;
    try {
      await expect(
        withSyncLock(store.db, 30, async () => {
          ran = true;
        }),
      ).rejects.toMatchObject({ code: "SYNC_LOCKED" });
      expect(ran).toBe(false);
    } finally {
      await lock.release();
    }
    expect(await withSyncLock(store.db, 30, async () => "counted")).toBe("counted");
    expect(await store.db.selectFrom("sync_lock").selectAll().execute()).toEqual([]);
  });

  it("a recount by a holder that was taken over saves nothing", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    await syncDir(store, dir, { threads });
    const before = await latestRecount(store.db);
    const lock = await acquireSyncLock(store.db, 30);
    try {
      await store.db.updateTable("sync_lock").set({ holder: "other-host:1:-:taker" }).execute();
      await expect(recountHotels(store.db, { runId: null, confirm: (trx) => lock.confirm(trx) })).rejects.toMatchObject(
        { code: "SYNC_LOCK_LOST" },
      );
      expect((await latestRecount(store.db))?.id).toBe(before?.id);
    } finally {
      await lock.release();
      await store.db.deleteFrom("sync_lock").execute();
    }
  });

  it("runs two syncs at once: exactly one publishes and the other is refused by the lock", async () => {
    const dir = writeExport({ "hotels.jsonl": range(1, 300).map((n) => hotel(n)) });
    const results = await Promise.allSettled([syncDir(store, dir, { threads }), syncDir(store, dir, { threads })]);
    const ok = results.filter((r) => r.status === "fulfilled");
    const locked = results.filter(
      (r) => r.status === "rejected" && (r.reason as { code?: string }).code === "SYNC_LOCKED",
    );
    expect([ok.length, locked.length]).toEqual([1, 1]);
    expect(await countHotels(store.db)).toBe(300);
  });

  it("recovers a run abandoned by a crash: its staging is dropped and never published", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    await syncDir(store, dir, { threads });
    const run = await store.db
      .insertInto("sync_runs")
      .values({ source: "x", status: "running", forced: 0, started_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    // What a crashed run leaves: a staged version and the seen row pointing at it, written together.
    const v1 = await store.db.selectFrom("hotel_versions").selectAll().executeTakeFirstOrThrow();
    await store.db
      .insertInto("hotel_versions")
      .values({ ...v1, version: 2, run_id: run.id, record: "{}" })
      .execute();
    await store.db
      .insertInto("sync_seen")
      .values({ run_id: run.id, hotel_id: "H1", action: "changed", version: 2, file: "x", line: 1 })
      .execute();
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", unchanged: 1 });
    expect((await getHotel(store.db, "H1"))?.version).toBe(1);
    const crashed = (await recentRuns(store.db)).find((r) => r.id === run.id);
    expect(crashed).toMatchObject({ status: "failed", error_code: "ABANDONED" });
    expect(
      await store.db.selectFrom("hotel_versions").select("version").where("run_id", "=", run.id).execute(),
    ).toEqual([]);
  });

  it("cleans what runs left behind in every state: failed and refused runs' staging, a published run's seen ids", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1), hotel(2)] });
    const published = await syncDir(store, dir, { threads });
    const v1 = await store.db
      .selectFrom("hotel_versions")
      .selectAll()
      .where("hotel_id", "=", "H1")
      .executeTakeFirstOrThrow();
    const leftover = async (status: "failed" | "refused", version: number) => {
      const run = await store.db
        .insertInto("sync_runs")
        .values({
          source: "x",
          status,
          forced: 0,
          started_at: new Date().toISOString(),
          finished_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await store.db
        .insertInto("hotel_versions")
        .values({ ...v1, version, run_id: run.id, record: "{}" })
        .execute();
      await store.db
        .insertInto("sync_seen")
        .values({ run_id: run.id, hotel_id: "H1", action: "changed", version, file: "x", line: 1 })
        .execute();
      return run.id;
    };
    // A failed and a refused run whose clean-up never finished, and a published run that died before its own.
    const failed = await leftover("failed", 2);
    const refused = await leftover("refused", 3);
    await store.db
      .insertInto("sync_seen")
      .values({ run_id: published.runId, hotel_id: "H2", action: "unchanged", version: null, file: "x", line: 2 })
      .execute();

    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", unchanged: 2 });
    expect(await store.db.selectFrom("sync_seen").selectAll().execute()).toEqual([]);
    const versions = await store.db.selectFrom("hotel_versions").select(["hotel_id", "version", "run_id"]).execute();
    expect(versions.filter((v) => v.run_id === failed || v.run_id === refused)).toEqual([]);
    // The published versions stay, and the hotels still point at them.
    expect(
      versions
        .filter((v) => v.run_id === published.runId)
        .map((v) => v.hotel_id)
        .sort(),
    ).toEqual(["H1", "H2"]);
    expect((await getHotel(store.db, "H1"))?.version).toBe(1);
  });

  it("recounts the places' hotels at the next run when the last publish was never followed by a recount", async () => {
    const dir = writeExport({ "hotels.jsonl": [hotel(1)] });
    await syncDir(store, dir, { threads, recountPlaces: false });
    expect(await countsBehind(store.db)).toBe(true);
    // The next run is refused (its schema changed), yet it brings the counts up to date first.
    writeExport({ "hotels.jsonl": [hotel(1)] }, { dir, schema: JSON.stringify({ $id: "changed", type: "object" }) });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "refused" });
    expect(await countsBehind(store.db)).toBe(false);
    expect((await latestRecount(store.db))?.run_id).toBeNull();
  });
});
