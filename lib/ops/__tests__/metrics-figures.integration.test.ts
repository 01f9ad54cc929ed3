import { afterAll, describe, expect, it } from "vitest";
import { hotel, range, syncDir, writeExport, openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { raiseAlert, resolveAlerts } from "@/lib/content";
import { syncFigures } from "../metrics";

/**
 * The sync's figures /metrics shows come from the store every sync process writes (sync_runs, sync_alerts), read the
 * same on SQLite and PostgreSQL (whose counts and sums come back as strings).
 */
const stores: TestStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.drop();
});

describe.each(STORE_KINDS)("the sync's figures on %s", (kind) => {
  it("counts finished runs by outcome with their records and time, the last run, running runs and open alerts", async () => {
    const store = await openTestStore(kind);
    stores.push(store);
    expect(await syncFigures(store.db)).toEqual({ finished: {}, running: 0, last: null, alerts: {} });

    const dir = writeExport({ "a.jsonl": range(1, 10).map((n) => hotel(n)) });
    expect((await syncDir(store, dir)).status).toBe("published");
    writeExport(
      { "a.jsonl": [...range(1, 10).map((n) => hotel(n, { name: { en: `Renamed ${n}` } })), { id: "" }] },
      { dir },
    );
    expect((await syncDir(store, dir, { maxRejectedShare: 0.5 })).status).toBe("published");
    writeExport({ "a.jsonl": [hotel(1), { id: "" }, { id: "" }] }, { dir });
    expect((await syncDir(store, dir)).status).toBe("refused");
    await raiseAlert(store.db, { kind: "refused", key: "refused:3", message: "refused" });
    await raiseAlert(store.db, { kind: "stale", key: "stale", message: "stale" });
    await resolveAlerts(store.db, ["stale"]);

    const figures = await syncFigures(store.db);
    expect(figures.running).toBe(0);
    expect(figures.finished.published).toMatchObject({
      runs: 2,
      records: { seen: 21, new: 10, changed: 10, rejected: 1 },
    });
    expect(figures.finished.published!.seconds).toBeGreaterThan(0);
    expect(figures.finished.published!.lastFinishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(figures.finished.refused).toMatchObject({ runs: 1, records: { rejected: 2 } });
    expect(figures.finished.failed).toBeUndefined();
    expect(figures.last).toMatchObject({ outcome: "refused", records: { seen: 3, rejected: 2 } });
    expect(figures.alerts).toEqual({ refused: 1 });
  });
});
