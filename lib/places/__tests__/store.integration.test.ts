import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestStore, STORE_KINDS, type TestStore, hotel, syncDir, tempDir, writeExport } from "@/lib/testing";
import { importGeoNames } from "../geonames-import";
import { catalogTable } from "@/lib/hotels";
import { loadGazetteer, recountHotels } from "../recount";
import { latestRecount, loadHotelCounts } from "../store";
import { placeIdFor } from "../place-id";

const FRANCE = placeIdFor("country:FR");

/** A GeoNames dump line (19 tab-separated columns) from the columns the importer reads. */
function geonamesLine(p: {
  id: number | string;
  name: string;
  alternates?: string;
  lat: string;
  lon: string;
  kind: string; // feature class and code, "S.TOWR"
  admin1?: string;
  population?: number;
}): string {
  const [featureClass, code] = p.kind.split(".");
  const c = [p.id, p.name, p.name, p.alternates ?? "", p.lat, p.lon, featureClass, code, "FR", "", p.admin1 ?? ""];
  return [...c, "", "", "", p.population ?? 0, "", "", "", ""].join("\t");
}
// Near the test hotels (48.00x N, 2.0 E).
const DUMP = [
  geonamesLine({
    id: 9000001,
    name: "Tour de Test",
    alternates: "Test Tower,Testturm",
    lat: "48.0050",
    lon: "2.0000",
    kind: "S.TOWR",
    admin1: "11",
  }),
  geonamesLine({ id: 9000002, name: "Forêt de Test", lat: "48.0200", lon: "2.0100", kind: "L.RGN", admin1: "11" }),
  geonamesLine({
    id: 9000003,
    name: "Testville",
    lat: "48.0100",
    lon: "2.0050",
    kind: "P.PPL",
    admin1: "11",
    population: 1200,
  }),
  geonamesLine({ id: 9000004, name: "Test River", lat: "48.0", lon: "2.0", kind: "H.STM" }),
  geonamesLine({ id: 9000005, name: "Test Church", lat: "48.0", lon: "2.0", kind: "S.CH" }),
  geonamesLine({ id: "x9", name: "Broken", lat: "48.0", lon: "2.0", kind: "S.MNMT" }),
  geonamesLine({ id: 9000007, name: "Nowhere", lat: "148.0", lon: "2.0", kind: "S.MNMT" }),
  "too\tfew\tcolumns",
].join("\n");

describe.each(STORE_KINDS)("places in the %s store", (kind) => {
  // A store of its own for each test: none depends on what another left.
  let store: TestStore;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store?.drop();
  });
  /** 27 published hotels, H0…H26, at 48.000…48.026 N, 2.0 E (the helpers' hotel()). */
  const published27 = async () => {
    const dir = writeExport({ "hotels.jsonl": Array.from({ length: 27 }, (_, i) => hotel(i)) });
    expect(await syncDir(store, dir)).toMatchObject({ status: "published", new: 27 });
    return dir;
  };

  it("recomputes the hotel counts after every published sync", async () => {
    const dir = writeExport({ "hotels.jsonl": Array.from({ length: 30 }, (_, i) => hotel(i)) });
    const first = await syncDir(store, dir);
    expect(first.placesRecount).toMatchObject({ places: expect.any(Number) });
    expect((await loadHotelCounts(store.db)).get(FRANCE)).toBe(30);
    expect((await latestRecount(store.db))?.run_id).toBe(first.runId);

    writeExport({ "hotels.jsonl": Array.from({ length: 27 }, (_, i) => hotel(i)) }, { dir });
    const second = await syncDir(store, dir);
    expect(second.removed).toBe(3);
    expect((await loadHotelCounts(store.db)).get(FRANCE)).toBe(27);
    expect((await latestRecount(store.db))?.run_id).toBe(second.runId);
  });

  it("reads the published hotels' coordinates page by page: each hotel once, whatever the page size", async () => {
    const dir = await published27();
    // H3 and H15 removed (soft: their rows stay, with removed_at).
    const kept = Array.from({ length: 27 }, (_, i) => i).filter((i) => i !== 3 && i !== 15);
    writeExport({ "hotels.jsonl": kept.map((i) => hotel(i)) }, { dir });
    expect(await syncDir(store, dir)).toMatchObject({ status: "published", removed: 2 });
    const all = await catalogTable(store.db, 1000);
    expect(all.size).toBe(25);
    // By id: H0, H1, H10…H19, H2, H20…H26, H4…H9 (the helpers' hotel(i) stands at 48.00i N).
    const ids = kept.map((i) => `H${i}`).sort();
    expect(Array.from(all.lat, (lat) => Math.round((lat - 48) * 1000))).toEqual(ids.map((id) => Number(id.slice(1))));
    for (const page of [1, 2, 5, 9, 25, 26, 27]) {
      const paged = await catalogTable(store.db, page);
      expect(Array.from(paged.lat)).toEqual(Array.from(all.lat));
      expect(Array.from({ length: 25 }, (_, i) => paged.country(i))).toEqual(Array(25).fill("FR"));
    }
    await expect(catalogTable(store.db, 0)).rejects.toThrow(RangeError);
  });

  it("keeps the previous counts when a sync refuses to publish", async () => {
    const dir = await published27();
    writeExport({ "hotels.jsonl": [hotel(1)] }, { dir });
    const refused = await syncDir(store, dir);
    expect(refused.status).toBe("refused"); // would remove 26 of 27
    expect(refused.placesRecount).toBeUndefined();
    expect((await loadHotelCounts(store.db)).get(FRANCE)).toBe(27);
  });

  it("imports landmarks, tourist regions and populated places from a GeoNames dump, and counts their hotels", async () => {
    await published27();
    const file = path.join(tempDir("geonames-"), "FR.txt");
    fs.writeFileSync(file, DUMP);
    const summary = await importGeoNames(store.db, file);
    expect(summary).toMatchObject({
      lines: 8,
      imported: 3,
      byCategory: { landmark: 1, touristRegion: 1, townVillage: 1 },
      skipped: 2,
      rejected: 3,
    });
    expect(summary.problems.map((p) => p.line)).toEqual([6, 7, 8]);
    expect(summary.problems[1]!.message).toMatch(/not a position/);

    const gazetteer = await loadGazetteer(store.db);
    const tower = gazetteer.named("Testturm")[0]!;
    expect(tower).toMatchObject({ name: "Tour de Test", category: "landmark", country: "FR" });
    expect(tower.placeId).toBe(placeIdFor("geonames:9000001"));
    expect(gazetteer.named("Foret de Test")[0]).toMatchObject({ category: "touristRegion", radiusKm: 50 });

    await recountHotels(store.db, { runId: null });
    const counts = await loadHotelCounts(store.db);
    // Hotels H0..H26 stand at 48.000..48.026 N, 2.0 E; 2 km north of the tower (48.005) is 48.023: H0..H22.
    expect(counts.get(tower.placeId)).toBe(23);
    expect(counts.get(placeIdFor("geonames:9000002"))).toBe(27);

    // Importing again updates in place: no duplicates.
    const again = await importGeoNames(store.db, file);
    expect(again.imported).toBe(3);
    const rows = await store.db.selectFrom("places").select("place_id").execute();
    expect(rows).toHaveLength(3);
  });

  it("imports nothing from a dump that breaks off half-way", async () => {
    const file = path.join(tempDir("geonames-"), "cut.txt.gz");
    const whole = gzipSync(
      Array.from({ length: 2000 }, (_, i) =>
        geonamesLine({ id: 9100000 + i, name: `Monument ${i}`, lat: "45.0", lon: "5.0", kind: "S.MNMT" }),
      ).join("\n"),
    );
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(importGeoNames(store.db, file)).rejects.toMatchObject({ code: "IMPORT_FAILED" });
    const rows = await store.db.selectFrom("places").select("place_id").where("name", "like", "Monument%").execute();
    expect(rows).toEqual([]);
  });
});
