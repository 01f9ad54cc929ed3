import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * What a serving process's catalog does when a run publishes (lib/search/service.ts), in this process on its
 * configured store: the modules are loaded after DATABASE_URL names a fresh SQLite file, since the configuration is
 * read once. Builds are counted by the catalog build metric an operator sees.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-refresh-"));
const databaseUrl = process.env.DATABASE_URL;

type Modules = {
  service: typeof import("../service");
  places: typeof import("@/lib/places");
  content: typeof import("@/lib/content");
  metrics: typeof import("@/lib/metrics");
  store: typeof import("@/lib/store");
  testing: typeof import("@/lib/testing");
};
let m: Modules;
let db: Awaited<ReturnType<Modules["store"]["store"]>>["db"];

/** Catalog builds finished in this process so far. */
async function builds(): Promise<number> {
  const { body } = await m.metrics.metricsText(async () => undefined);
  return Number(/^hotels_catalog_build_seconds_count (\d+)$/m.exec(body)?.[1] ?? NaN);
}

/** Polls until `probe` gives a value (the state a step waits for, not a time). */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A run as publish.ts leaves one: what the catalog reacts to (the hotels themselves stay as they are). */
async function publishRun(): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("sync_runs")
    .values({ source: "test", status: "published", forced: 0, started_at: now, finished_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  process.env.DATABASE_URL = `sqlite://${path.join(dir, "hotels.sqlite")}`;
  m = {
    service: await import("../service"),
    places: await import("@/lib/places"),
    content: await import("@/lib/content"),
    metrics: await import("@/lib/metrics"),
    store: await import("@/lib/store"),
    testing: await import("@/lib/testing"),
  };
  const opened = await m.store.store();
  db = opened.db;
  const exportDir = path.join(dir, "export");
  await m.content.generateExport({ out: exportDir, count: 300, seed: 21 });
  const summary = await m.testing.syncDir(opened, exportDir);
  expect(summary.status).toBe("published");
}, 120_000);

afterAll(async () => {
  await (await m?.store.store())?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  // A worker that runs another file next must not inherit this file's store.
  if (databaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
});

describe("a serving catalog when a run publishes", () => {
  it("keeps serving the previous catalog while the publishing sync recounts, then builds once", async () => {
    const before = await m.service.hotelCatalog();
    expect(before.size).toBe(300);
    const built = await builds();
    const recountId = await m.content.withSyncLock(db, 30, async (lock) => {
      const run = await publishRun();
      await lock.setRun(run);
      await until(async () => ((await m.places.servingSnapshot()).publishedRunId === run ? true : undefined));
      // Seen the run: the previous catalog serves, and no build starts while its sync holds the lock.
      for (let i = 0; i < 3; i++) expect(await m.service.hotelCatalog()).toBe(before);
      return (await m.places.recountHotels(db, { runId: run, confirm: (trx) => lock.confirm(trx) })).recountId;
    });
    // Served once the recount's view is in; one build for it, none when the run was first seen.
    const after = await until(async () => {
      const c = await m.service.hotelCatalog();
      return c.view.recountId === recountId ? c : undefined;
    });
    expect(after.size).toBe(300);
    expect(await builds()).toBe(built + 1);
  }, 60_000);

  it("builds from the hotels at once when no sync holds the lock for the run (a sync that died, say)", async () => {
    const before = await until(async () => {
      const c = await m.service.hotelCatalog();
      return (await builds()) > 0 ? c : undefined;
    });
    const built = await builds();
    await publishRun();
    const after = await until(async () => {
      const c = await m.service.hotelCatalog();
      return c !== before ? c : undefined;
    });
    expect(after.size).toBe(300);
    expect(await builds()).toBe(built + 1);
  }, 60_000);
});
