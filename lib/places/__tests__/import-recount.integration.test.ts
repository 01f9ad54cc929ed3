import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, hotel, range, syncDir, tempDir, writeExport, openTestStore, type TestStore } from "@/lib/testing";
import { latestRecount, loadHotelCounts } from "../store";
import { placeIdFor } from "../place-id";

/** Runs `npm run places -- …` as an operator would: the command in its own process. */
const runPlacesCli = (args: string[], env: Record<string, string>) => runCli("places", args, env).done;

/** A GeoNames dump line (19 tab-separated columns). */
const line = (id: number, name: string, lat: string, lon: string, kind: string) => {
  const [featureClass, code] = kind.split(".");
  return [id, name, name, "", lat, lon, featureClass, code, "FR", "", "11", "", "", "", 0, "", "", "", ""].join("\t");
};

describe("npm run places -- import (README: hotelsCnt)", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
    // Hotels H1..H10 at 48.001..48.010 N, 2.0 E.
    const s = await syncDir(store, writeExport({ "hotels.jsonl": range(1, 10).map((n) => hotel(n)) }));
    expect(s.status).toBe("published");
  });
  afterAll(async () => {
    await store?.drop();
  });

  it("recomputes the hotel counts after an import: the imported places count their hotels at once", async () => {
    const tower = placeIdFor("geonames:9400001");
    const park = placeIdFor("geonames:9400002");
    const before = await latestRecount(store.db);
    expect((await loadHotelCounts(store.db)).has(tower)).toBe(false);

    const file = path.join(tempDir("geonames-"), "FR.txt");
    fs.writeFileSync(
      file,
      [
        line(9400001, "Tour des Promesses", "48.0055", "2.0000", "S.TOWR"), // 2 km: every hotel
        line(9400002, "Parc des Promesses", "48.0300", "2.0000", "L.PRK"), // 5 km radius: H1..H10 (3.2 km and less)
      ].join("\n") + "\n",
    );
    const run = await runPlacesCli(["import", file], { DATABASE_URL: store.databaseUrl });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("imported 2 places");
    expect(run.stdout).toMatch(/hotel counts recomputed: \d+ places with hotels, from 10 hotels/);

    const counts = await loadHotelCounts(store.db);
    expect(counts.get(tower)).toBe(10);
    expect(counts.get(park)).toBe(10);
    const after = await latestRecount(store.db);
    expect(after!.id).toBeGreaterThan(before!.id);
    expect(after!.run_id).toBeNull(); // a recount of an import, not of a sync run
  });
});
