import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateExport, LocalSource, syncExport } from "@/lib/content";
import {
  latestPublishedRun,
  latestRecount,
  loadGazetteer,
  loadHotelCounts,
  loadPlaceMembers,
  loadSavedTable,
  PlacesView,
  recountHotels,
} from "@/lib/places";
import { catalogTable, type HotelTable } from "@/lib/hotels";
import { digestOf } from "@/lib/columns";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { HotelCatalog } from "../catalog";

/**
 * The recount saves each place's hotels; a serving catalog that read the same hotels loads them instead of applying
 * the count rules again, and must then list exactly what it would have listed by itself.
 */
describe.each(STORE_KINDS)("place members saved by the recount (%s)", (kind) => {
  let store: TestStore;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "members-"));

  beforeAll(async () => {
    store = await openTestStore(kind);
    await generateExport({ out: dir, count: 1500, seed: 3 });
    const summary = await syncExport({
      store,
      source: new LocalSource(dir),
      log: pino({ level: "silent" }),
      maxRemovedShare: 1,
      maxRejectedShare: 1,
      lockStaleSeconds: 30,
    });
    expect(summary.status).toBe("published");
  }, 180_000);

  afterAll(async () => {
    await store.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const snapshot = async () => {
    const gazetteer = await loadGazetteer(store.db);
    const recount = await latestRecount(store.db);
    const view = new PlacesView(gazetteer, await loadHotelCounts(store.db), recount!.id);
    const table = await catalogTable(store.db);
    return { view, table, members: await loadPlaceMembers(store, gazetteer, view.recountId, digestOf(table.ids)) };
  };

  it("are loaded, and list every place's hotels as the count rules applied here would", async () => {
    const { view, table, members } = await snapshot();
    expect(members).toBeDefined();
    const loaded = new HotelCatalog(view, table, { members });
    const computed = new HotelCatalog(view, table);
    expect(loaded.size).toBe(1500);
    const placeIds = [...view.listed].map((p) => p.placeId);
    expect(placeIds.length).toBeGreaterThan(20);
    for (const placeId of placeIds) {
      for (const sort of ["distance", "name", "popular"] as const) {
        const a = loaded.search(placeId, { sort, page: 1, pageSize: 50 })!;
        const b = computed.search(placeId, { sort, page: 1, pageSize: 50 })!;
        expect(
          a.items.map((i) => i.hotel.id),
          `${placeId} ${sort}`,
        ).toEqual(b.items.map((i) => i.hotel.id));
        expect(a.inPlace).toBe(view.hotelsCnt(a.place));
      }
    }
  });

  const rows = (t: HotelTable) => Array.from({ length: t.size }, (_, i) => t.hotel(i));

  it("come with the hotel table the recount read: a serving catalog loads it instead of reading every hotel", async () => {
    const recount = (await latestRecount(store.db))!;
    const runId = (await latestPublishedRun(store.db))!;
    const saved = await loadSavedTable(store, recount.id, runId);
    expect(saved).toBeDefined();
    expect(saved!.size).toBe(1500);
    expect(rows(saved!)).toEqual(rows(await catalogTable(store.db)));
    // Only for the run it read: a catalog serving another run reads the hotels.
    expect(await loadSavedTable(store, recount.id, runId + 1)).toBeUndefined();
    expect(await loadSavedTable(store, recount.id - 1, runId)).toBeUndefined();
  });

  it("no table is kept when a run published while the recount read, nor read back when a part is missing", async () => {
    const runId = (await latestPublishedRun(store.db))!;
    const { recountId } = await recountHotels(store.db, {
      runId: null,
      // A sync publishes between the recount's read and its save.
      beforeSave: async () => {
        await store.db
          .insertInto("sync_runs")
          .values({
            source: "test",
            status: "published",
            forced: 0,
            started_at: "2026-01-01",
            finished_at: "2026-01-01",
          })
          .execute();
      },
    });
    const row = await store.db.selectFrom("catalog_members").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ recount_id: recountId, published_run_id: null });
    expect(await loadSavedTable(store, recountId, runId)).toBeUndefined();
    expect(await loadSavedTable(store, recountId, runId + 1)).toBeUndefined();
    // The next recount reads that run whole and keeps its table, here in parts of 4 KB; with a part gone it is not
    // read back.
    const next = await recountHotels(store.db, { runId: null, tablePartBytes: 4096 });
    const parts = await store.db.selectFrom("catalog_table_parts").select("part").execute();
    expect(parts.length).toBeGreaterThan(10);
    const reread = await loadSavedTable(store, next.recountId, runId + 1);
    expect(rows(reread!)).toEqual(rows(await catalogTable(store.db)));
    await store.db.deleteFrom("catalog_table_parts").where("part", "=", 0).execute();
    expect(await loadSavedTable(store, next.recountId, runId + 1)).toBeUndefined();
  });

  it("are not used once the hotels differ from those the recount numbered", async () => {
    await store.db
      .updateTable("hotels")
      .set({ removed_at: new Date().toISOString() })
      .where("id", "=", (await store.db.selectFrom("hotels").select("id").limit(1).executeTakeFirstOrThrow()).id)
      .execute();
    const { members } = await snapshot();
    expect(members).toBeUndefined();
  });
});
