import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateExport, LocalSource, syncExport } from "@/lib/content";
import { loadGazetteer, loadHotelCounts, latestRecount, loadPlaceMembers, PlacesView } from "@/lib/places";
import { digestOf } from "@/lib/columns";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { HotelCatalog } from "../catalog";
import { catalogTable } from "../service";

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
    return { view, table, members: await loadPlaceMembers(store.db, gazetteer, view.recountId, digestOf(table.ids)) };
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
