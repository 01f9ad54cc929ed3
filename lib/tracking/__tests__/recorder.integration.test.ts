import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import pg from "pg";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { trackArrival, type Arrival } from "../arrivals";
import type { ArrivalRecorder } from "../recorder";
import { aurora, DAY, signedQuery, TEST_KEY, testRecorder } from "./helpers";

const T0 = new Date("2031-03-10T09:00:00Z");

const arrival = (visitor: string, day = "2031-03-10", label = "mail"): Arrival => ({
  brandId: "aurora",
  source: "aurora-partner",
  placeId: null,
  label,
  anonymousId: visitor,
  day,
  arrivedAt: `${day}T09:00:00.000Z`,
});

/** Holds the store's write lock from another connection (as a sync's publish transaction does) until released. */
async function holdWriteLock(store: TestStore): Promise<() => Promise<void>> {
  if (store.kind === "sqlite") {
    const other = new SQLite(store.sqlite!.name);
    other.exec("begin immediate");
    return async () => {
      other.exec("rollback");
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: store.databaseUrl });
  await other.connect();
  await other.query("begin");
  await other.query(
    "lock table arrivals, arrival_unverified_days, handoffs, handoff_unverified_days in exclusive mode",
  );
  return async () => {
    await other.query("rollback");
    await other.end();
  };
}

describe.each(STORE_KINDS)("the arrivals buffer on %s", (kind) => {
  let store: TestStore;
  let recorder: ArrivalRecorder | undefined;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.drop();
  });
  beforeEach(async () => {
    await store.db.deleteFrom("arrivals").execute();
    await store.db.deleteFrom("arrival_unverified_days").execute();
  });
  afterEach(async () => {
    await recorder?.stop();
    recorder = undefined;
  });
  const count = async () =>
    Number(
      (
        await store.db
          .selectFrom("arrivals")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("writes many arrivals in one flush, and flushes by itself once enough are waiting", async () => {
    recorder = testRecorder(store);
    for (let i = 0; i < 2500; i++) recorder.note({ kind: "arrival", arrival: arrival(`v${i}`) });
    expect(recorder.stats().pending).toBe(2500);
    expect(await count()).toBe(0);
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 2500 });
    expect(await count()).toBe(2500);
    expect(recorder.stats()).toMatchObject({ pending: 0, failures: 0, dropped: 0 });

    // At flushAt entries it does not wait for the (here: one-minute) interval.
    await recorder.stop();
    recorder = testRecorder(store, { flushAt: 100 });
    for (let i = 0; i < 100; i++) recorder.note({ kind: "arrival", arrival: arrival(`w${i}`) });
    await expect.poll(count, { timeout: 5000 }).toBe(2600);
  });

  it("does not hold up the page while a sync holds the store's write lock, and writes the arrivals after it", async () => {
    recorder = testRecorder(store, { now: () => T0 });
    const release = await holdWriteLock(store);
    try {
      // The search page's part: judged and buffered, the store not touched.
      const started = performance.now();
      for (let i = 0; i < 50; i++)
        expect(
          trackArrival(aurora, signedQuery({ label: "mail", anonymousId: `v${i}` }), {
            key: TEST_KEY,
            recorder,
            now: T0,
          }),
        ).toBe("arrival");
      trackArrival(aurora, { source: aurora.partner.source }, { key: TEST_KEY, recorder, now: T0 });
      expect(performance.now() - started).toBeLessThan(200);

      // The flush gives up quickly (the shared connection would wait 10 s, holding the event loop) and keeps it all.
      const flushStarted = performance.now();
      const failed = await recorder.flush();
      expect(performance.now() - flushStarted).toBeLessThan(2000);
      expect(failed).toMatchObject({ ok: false });
      expect(recorder.stats()).toMatchObject({ pending: 50, failures: 1 });
    } finally {
      await release();
    }
    expect(await count()).toBe(0);
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 50, unverified: 1 });
    expect(await count()).toBe(50);
    expect(recorder.stats()).toMatchObject({ pending: 0, failures: 0 });
    const unverified = await store.db.selectFrom("arrival_unverified_days").selectAll().execute();
    expect(unverified.map((u) => Number(u.count))).toEqual([1]);
  });

  it("drops arrivals past the buffer's bound and counts them (a repeat of a waiting one is no drop)", async () => {
    recorder = testRecorder(store, { maxPending: 5 });
    const results = Array.from({ length: 8 }, (_, i) => recorder!.note({ kind: "arrival", arrival: arrival(`v${i}`) }));
    expect(results).toEqual(["queued", "queued", "queued", "queued", "queued", "dropped", "dropped", "dropped"]);
    expect(recorder.note({ kind: "arrival", arrival: arrival("v0") })).toBe("duplicate");
    expect(recorder.stats()).toMatchObject({ pending: 5, dropped: 3 });
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 5 });
    // Room again once written; the drops stay counted.
    expect(recorder.note({ kind: "arrival", arrival: arrival("v9") })).toBe("queued");
    expect(recorder.stats()).toMatchObject({ pending: 1, dropped: 3 });
  });

  it("deletes arrivals and unverified counts older than the retention, at most once an hour", async () => {
    let now = T0;
    recorder = testRecorder(store, { retentionDays: 400, now: () => now });
    const dayBefore = (days: number) => new Date(T0.getTime() - days * DAY).toISOString().slice(0, 10);
    const row = (visitor: string, day: string) => ({
      day,
      brand_id: "aurora",
      source: "aurora-partner",
      label: "",
      visitor,
      place_id: null,
      arrived_at: `${day}T00:00:00.000Z`,
    });
    await store.db
      .insertInto("arrivals")
      .values([row("old", dayBefore(401)), row("kept", dayBefore(400)), row("recent", dayBefore(10))])
      .execute();
    await store.db
      .insertInto("arrival_unverified_days")
      .values([
        { day: dayBefore(500), brand_id: "aurora", count: 7 },
        { day: dayBefore(3), brand_id: "aurora", count: 2 },
      ])
      .execute();

    recorder.note({ kind: "arrival", arrival: arrival("today") });
    expect(await recorder.flush()).toMatchObject({ ok: true, arrivals: 1, expired: 2 });
    const visitors = async () =>
      (await store.db.selectFrom("arrivals").select("visitor").orderBy("visitor").execute()).map((r) => r.visitor);
    expect(await visitors()).toEqual(["kept", "recent", "today"]);
    const unverified = await store.db.selectFrom("arrival_unverified_days").select("day").execute();
    expect(unverified.map((u) => u.day)).toEqual([dayBefore(3)]);

    // Within the hour retention does not run again; after it, it does.
    await store.db
      .insertInto("arrivals")
      .values(row("old-2", dayBefore(600)))
      .execute();
    now = new Date(T0.getTime() + 30 * 60_000);
    recorder.note({ kind: "unverified", brandId: "aurora", day: "2031-03-10" });
    expect((await recorder.flush()).expired).toBeUndefined();
    expect(await visitors()).toContain("old-2");
    now = new Date(T0.getTime() + 61 * 60_000);
    recorder.note({ kind: "unverified", brandId: "aurora", day: "2031-03-10" });
    expect(await recorder.flush()).toMatchObject({ ok: true, expired: 1 });
    expect(await visitors()).not.toContain("old-2");
  });

  it("adds up booking hand-offs per brand, hotel and day, keeps them through a failed flush, expires them", async () => {
    await store.db.deleteFrom("handoffs").execute();
    await store.db.deleteFrom("handoff_unverified_days").execute();
    const now = T0;
    recorder = testRecorder(store, { retentionDays: 400, now: () => now });
    const old = new Date(T0.getTime() - 401 * DAY).toISOString().slice(0, 10);
    await store.db.insertInto("handoffs").values({ day: old, brand_id: "aurora", hotel_id: "H0", count: 5 }).execute();
    const handoff = (hotelId: string) => ({ kind: "handoff", brandId: "aurora", hotelId, day: "2031-03-10" }) as const;
    for (const h of ["H1", "H1", "H2"]) recorder.noteHandoff(handoff(h));
    recorder.noteHandoff({ kind: "handoffUnverified", brandId: "aurora", day: "2031-03-10" });
    // The store is busy: the counts wait for the next flush, none lost.
    const release = await holdWriteLock(store);
    expect((await recorder.flush()).ok).toBe(false);
    await release();
    recorder.noteHandoff(handoff("H1"));
    expect(await recorder.flush()).toMatchObject({ ok: true, handoffs: 5, expired: 1 });
    const rows = await store.db.selectFrom("handoffs").selectAll().orderBy("hotel_id").execute();
    expect(rows.map((r) => [r.day, r.hotel_id, Number(r.count)])).toEqual([
      ["2031-03-10", "H1", 3],
      ["2031-03-10", "H2", 1],
    ]);
    const unverified = await store.db.selectFrom("handoff_unverified_days").selectAll().execute();
    expect(unverified.map((r) => [r.brand_id, Number(r.count)])).toEqual([["aurora", 1]]);
  });

  it("writes what is still waiting when it stops (shutdown)", async () => {
    recorder = testRecorder(store);
    for (let i = 0; i < 3; i++) recorder.note({ kind: "arrival", arrival: arrival(`v${i}`) });
    await recorder.stop();
    expect(await count()).toBe(3);
  });
});
