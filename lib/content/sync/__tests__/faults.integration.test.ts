import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  openTestStore,
  STORE_KINDS,
  TEST_POSTGRES_URL,
  type TestStore,
  hotel,
  range,
  syncDir,
  writeExport,
  runSyncCli,
} from "@/lib/testing";
import { countsBehind } from "@/lib/places";
import { getHotel, recentRuns } from "@/lib/hotels";

/**
 * The fault-injection table of the README ("Faults tried"): each fault is produced for real on the sync command in its
 * own process (kill -9 at each step, SIGSTOP past the stale time, PostgreSQL dropping the run's connections). For each:
 * what readers (the brand sites read the same tables) see during it, what is served after it, and that the next run
 * leaves every record of the export in the store (records lost: 0).
 */

/** Yesterday's export: H1…H200 as hotels. Today's: H1…H190 as inns, H201…H210 new (H191…H200 gone). */
const YESTERDAY = range(1, 200);
const TODAY = [...range(1, 190), ...range(201, 210)];
const today = (type = "Inn") => TODAY.map((n) => hotel(n, { property_type: type }));

async function served(store: TestStore) {
  const rows = await store.db
    .selectFrom("hotels")
    .select(["id", "property_type"])
    .where("removed_at", "is", null)
    .orderBy("id")
    .execute();
  return {
    ids: rows.map((r) => Number(r.id.slice(1))).sort((a, b) => a - b),
    types: [...new Set(rows.map((r) => r.property_type))],
  };
}

const old = { ids: YESTERDAY, types: ["Hotel"] };
const fresh = (type = "Inn") => ({ ids: TODAY, types: [type] });

describe.each(STORE_KINDS)("faults injected into the sync command (%s)", { timeout: 120_000 }, (kind) => {
  let store: TestStore;
  let dir: string;
  const env = (more: Record<string, string> = {}) => ({
    DATABASE_URL: store.databaseUrl,
    NODE_ENV: "test",
    SYNC_LOCK_STALE_SECONDS: "2",
    ...more,
  });
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });
  beforeEach(async () => {
    for (const t of ["hotels", "hotel_versions", "hotel_events", "sync_runs", "sync_seen", "sync_lock"] as const)
      await store.db.deleteFrom(t).execute();
    dir = writeExport({ "hotels.jsonl": YESTERDAY.map((n) => hotel(n)) });
    expect(await syncDir(store, dir)).toMatchObject({ status: "published", new: 200 });
    writeExport({ "hotels.jsonl": today() }, { dir });
  }, 60_000);

  /** The next, undisturbed run: every record of today's export ends up served, as it is in the export. */
  async function nextRunLosesNothing() {
    const next = await runSyncCli([dir, "--json"], env()).done;
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ status: "published" });
    expect(await served(store)).toEqual(fresh());
    expect((await getHotel(store.db, "H201"))?.record.property_type).toBe("Inn");
    expect(await store.db.selectFrom("sync_seen").selectAll().execute()).toEqual([]);
    expect(await countsBehind(store.db)).toBe(false);
  }

  it("kill -9 while staging: the old snapshot is served, the next run loses nothing", async () => {
    writeExport(
      { "hotels.jsonl": [...today(), ...range(1001, 9000).map((n) => hotel(n, { property_type: "Inn" }))] },
      { dir },
    );
    const run = runSyncCli([dir], env());
    const deadline = Date.now() + 30_000;
    while (
      Number(
        (
          await store.db
            .selectFrom("sync_seen")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n ?? 0,
      ) === 0
    ) {
      if (Date.now() > deadline || run.child.exitCode !== null) throw new Error("the run never staged anything");
      await new Promise((r) => setTimeout(r, 10));
    }
    run.child.kill("SIGKILL");
    expect((await run.done).signal).toBe("SIGKILL");
    expect(await served(store)).toEqual(old);
    writeExport({ "hotels.jsonl": today() }, { dir });
    await nextRunLosesNothing();
    expect((await recentRuns(store.db, 3)).map((r) => [r.status, r.error_code])).toEqual([
      ["published", null],
      ["failed", "ABANDONED"],
      ["published", null],
    ]);
  });

  // Before the commit the old snapshot is served; from the commit on, the new one (a recount or a clean-up missed is
  // made up by the next run).
  it.each([
    ["staged", old],
    ["publish", old],
    ["published", fresh()],
    ["recount", fresh()],
  ] as const)(
    "kill -9 at %s: served during and after as expected, the next run loses nothing",
    async (step, expected) => {
      const run = runSyncCli([dir], env({ SYNC_TEST_PAUSE_AT: `${step}:60000` }));
      await run.waitFor('"msg":"fault point"');
      expect(await served(store)).toEqual(expected);
      run.child.kill("SIGKILL");
      expect((await run.done).signal).toBe("SIGKILL");
      expect(await served(store)).toEqual(expected);
      await nextRunLosesNothing();
    },
  );

  it("a holder stopped past the stale time is taken over; when it resumes it publishes nothing", async () => {
    const stopped = runSyncCli([dir], env({ SYNC_TEST_PAUSE_AT: "staged:1500" }));
    await stopped.waitFor('"msg":"fault point"');
    stopped.child.kill("SIGSTOP");
    await new Promise((r) => setTimeout(r, 2_500)); // its heartbeat is older than SYNC_LOCK_STALE_SECONDS now
    const other = writeExport({ "hotels.jsonl": today("Motel") });
    const taker = await runSyncCli([other, "--json"], env()).done;
    expect(taker.code, taker.stderr).toBe(0);
    expect(await served(store)).toEqual(fresh("Motel"));
    stopped.child.kill("SIGCONT");
    const resumed = await stopped.done;
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain("SYNC_LOCK_LOST");
    // Nothing of the stopped run was published, and the taker's staging was not touched by it.
    expect(await served(store)).toEqual(fresh("Motel"));
    expect((await recentRuns(store.db, 2)).map((r) => [r.status, r.error_code])).toEqual([
      ["published", null],
      ["failed", "SYNC_LOCK_LOST"],
    ]);
    await nextRunLosesNothing();
  });

  it.runIf(kind === "postgres")(
    "PostgreSQL drops the run's connections mid-run: the run fails cleanly, the next run loses nothing",
    async () => {
      const appName = `fault-${process.pid}-${Date.now()}`;
      const run = runSyncCli([dir], env({ SYNC_TEST_PAUSE_AT: "staged:1500", PGAPPNAME: appName }));
      await run.waitFor('"msg":"fault point"');
      // What a server restart does to a client: every connection of the run terminated by the server.
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [appName],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      const done = await run.done;
      expect(done.signal).toBeNull();
      expect([0, 1]).toContain(done.code);
      if (done.code === 1) {
        expect(done.stderr).toMatch(/sync failed/);
        expect(await served(store)).toEqual(old);
      } else expect(await served(store)).toEqual(fresh());
      await nextRunLosesNothing();
    },
  );
});
