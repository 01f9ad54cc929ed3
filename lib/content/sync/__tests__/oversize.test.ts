import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStore } from "@/lib/testing";

/**
 * A record larger than SYNC_MAX_RECORD_BYTES (here 64 KB) is rejected unread with its size, and the run goes on; a
 * known property whose record became that large keeps its last good version. Read inline and in worker threads.
 */
process.env.SYNC_MAX_RECORD_BYTES = String(64 * 1024);

let store: TestStore;
let helpers: typeof import("@/lib/testing");
let queries: typeof import("@/lib/hotels");

beforeAll(async () => {
  helpers = await import("@/lib/testing");
  queries = await import("@/lib/hotels");
  store = await (await import("@/lib/testing")).openTestStore("sqlite");
});
afterAll(async () => {
  await store?.drop();
});

describe.each([false, true])("a record over the per-record limit (threads: %s)", (threads) => {
  it("is rejected with its size; the rest loads, and a known property keeps its last good version", async () => {
    const { hotel, range, syncDir, writeExport } = helpers;
    await store.db.deleteFrom("hotel_versions").execute();
    await store.db.deleteFrom("hotels").execute();
    const dir = writeExport({ "hotels.jsonl": range(1, 20).map((n) => hotel(n)) });
    expect(await syncDir(store, dir, { threads })).toMatchObject({ status: "published", new: 20 });
    const huge = { ...hotel(7), descriptions: { overall: { en: "x".repeat(1_000_000) } } };
    writeExport({ "hotels.jsonl": [...range(1, 20).map((n) => (n === 7 ? huge : hotel(n))), hotel(21)] }, { dir });
    const s = await syncDir(store, dir, { threads });
    expect(s).toMatchObject({ status: "published", new: 1, unchanged: 19, rejected: 1, removed: 0 });
    const [rejected] = await queries.rejectedRecords(store.db, s.runId);
    expect(rejected).toMatchObject({ line: 7, hotel_id: "H7" });
    expect(rejected!.errors[0]!.message).toBe(
      `the record is ${JSON.stringify(huge).length} bytes, over the limit of 65536 bytes per record (SYNC_MAX_RECORD_BYTES); it was not read`,
    );
    expect((await queries.getHotel(store.db, "H7"))?.version).toBe(1);
  });
});
