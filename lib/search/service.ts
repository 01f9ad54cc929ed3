import { store, type Store } from "@/lib/store";
import { log } from "@/lib/log";
import { observeCatalogBuild } from "@/lib/metrics";
import { processShared } from "@/lib/runtime/shared";
import { servingSnapshot } from "@/lib/places/service";
import type { PlacesView } from "@/lib/places/nearby";
import { isHotelId } from "@/lib/content/hotel-id";
import { localizedText, oneLine } from "@/lib/hotels/html";
import { HotelCatalog } from "./catalog";
import { HotelTable, HotelTableBuilder } from "./hotel-table";

/** The name as plain text (a supplier's markup dropped, as the hotel page shows it). */
const plainName = (name: string | null) => (name === null ? undefined : localizedText({ en: name }, "en"));

const flag = (v: number | string | boolean | null) => (v === null ? null : v === 1 || v === true || v === "1");

/** Rows read per query: a million hotels in 20 queries, each batch's objects gone before the next. */
const BATCH = 50_000;

type CatalogRow = [
  id: string,
  name: string | null,
  city: string | null,
  country: string,
  lat: number | string,
  lon: number | string,
  type: string | null,
  pets: number | boolean | null,
  vr: number | boolean | null,
];

/**
 * The published hotels' rows the catalog needs, in the byte order of their ids, a batch at a time (keyset pages: a
 * million rows are never objects at once). PostgreSQL orders by the "C" collation, which its catalog index has.
 */
async function* catalogRows(s: Store): AsyncGenerator<CatalogRow[]> {
  const columns = "id, name, city, country_code, latitude, longitude, property_type, is_pet_friendly, is_vr";
  let after = "";
  for (;;) {
    let rows: CatalogRow[];
    if (s.sqlite) {
      // Not "removed_at IS NULL": SQLite would then walk the removed_at index and sort every batch.
      rows = s.sqlite
        .prepare(
          `SELECT ${columns} FROM hotels WHERE id > ? AND coalesce(removed_at, '') = '' ORDER BY id LIMIT ${BATCH}`,
        )
        .raw()
        .all(after) as CatalogRow[];
    } else {
      const { rows: found } = await s.pool!.query<CatalogRow>({
        text: `SELECT ${columns} FROM hotels WHERE removed_at IS NULL AND id COLLATE "C" > $1 ORDER BY id COLLATE "C" LIMIT ${BATCH}`,
        values: [after],
        rowMode: "array",
      });
      rows = found;
    }
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]![0];
  }
}

/** The published hotels as catalog columns. */
export async function catalogTable(s: Store): Promise<HotelTable> {
  const builder = new HotelTableBuilder();
  for await (const rows of catalogRows(s)) {
    for (const [id, name, city, country, lat, lon, type, pets, vr] of rows) {
      // Only ids a page can be found by (a run published before the id rule may have stored others): search results,
      // suggestions and the assistant endpoint never list a hotel whose page would not open.
      if (!isHotelId(id)) continue;
      builder.add({
        id,
        name: plainName(name) ?? id,
        // Plain text, as the hotel page shows it (a supplier's markup dropped).
        city: oneLine(city) ?? null,
        country,
        lat: Number(lat),
        lon: Number(lon),
        propertyType: type,
        petFriendly: flag(pets),
        vacationRental: flag(vr),
      });
    }
  }
  return builder.finish();
}

const state = processShared("catalog", () => ({
  current: undefined as { view: PlacesView; publishedRunId: number | null; catalog: Promise<HotelCatalog> } | undefined,
  /** The newest catalog built, and its build's number: what requests get while a newer one is built. */
  built: undefined as { catalog: HotelCatalog; seq: number } | undefined,
  seq: 0,
}));

async function build(view: PlacesView, publishedRunId: number | null): Promise<HotelCatalog> {
  const started = performance.now();
  const catalog = new HotelCatalog(view, await catalogTable(await store()));
  const ms = performance.now() - started;
  observeCatalogBuild(ms / 1000, catalog.size);
  log.info({ hotels: catalog.size, recountId: view.recountId, publishedRunId, ms: Math.round(ms) }, "catalog built");
  return catalog;
}

/**
 * The serving process's hotel catalog, rebuilt when the places view changes (a recount or an import) or a sync run
 * publishes (even one whose recount has not finished, or never will because its process died). While a new one is
 * built, every request (and the readiness check) gets the previous one: none waits for a rebuild, which after a
 * publish every instance does at once.
 */
export async function hotelCatalog(): Promise<HotelCatalog> {
  const { view, publishedRunId } = await servingSnapshot();
  if (state.current?.view !== view || state.current.publishedRunId !== publishedRunId) {
    const previous = state.current;
    const seq = ++state.seq;
    const next = { view, publishedRunId, catalog: build(view, publishedRunId) };
    state.current = next;
    next.catalog.then(
      (catalog) => {
        if (!state.built || state.built.seq < seq) state.built = { catalog, seq };
      },
      (e: unknown) => {
        log.warn({ err: (e as Error).message }, "catalog build failed");
        if (state.current === next) state.current = previous;
      },
    );
  }
  // Only the first catalog of the process is waited for.
  return state.built?.catalog ?? state.current.catalog;
}

/** How often the production server asks for the catalog by itself (keepCatalogFresh). */
export const CATALOG_TICK_MS = 500;

/**
 * The production server's own look at the store, every CATALOG_TICK_MS: a snapshot published by another process (the
 * sync worker, `npm run sync`) is noticed within REFRESH_MS and its catalog built before a visitor asks, so every
 * instance serves it within about two seconds plus the build, busy or idle. The visitors' requests alone would
 * notice it only on the first request after it, and serve that one the previous snapshot. Returns the stop.
 */
export function keepCatalogFresh(everyMs = CATALOG_TICK_MS): () => void {
  const timer = setInterval(() => {
    // A failure is logged where it happens (the refresh, the build); the next tick tries again.
    hotelCatalog().catch(() => undefined);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
