import type { Kysely } from "kysely";
import { publishedHotelPages, store, type Database } from "@/lib/store";
import { log } from "@/lib/log";
import { observeCatalogBuild } from "@/lib/metrics";
import { processShared } from "@/lib/runtime";
import { servingSnapshot, type PlacesView, loadPlaceMembers } from "@/lib/places";
import { isHotelId } from "@/lib/content";
import { localizedText, oneLine } from "@/lib/hotels";
import { HotelCatalog } from "./catalog";
import { HotelTable, HotelTableBuilder } from "./hotel-table";
import { digestOf } from "@/lib/columns";

/** The name as plain text (a supplier's markup dropped, as the hotel page shows it). */
const plainName = (name: string | null) => (name === null ? undefined : localizedText({ en: name }, "en"));

const flag = (v: number | null) => (v === null ? null : v === 1);

/**
 * Rows read per query: small enough that each page's row objects die young (50 000-row pages left tens of MB in
 * the old generation at a million hotels, and the collector's time with them).
 */
const PAGE = 10_000;

/** The published hotels as catalog columns. */
export async function catalogTable(db: Kysely<Database>): Promise<HotelTable> {
  const builder = new HotelTableBuilder();
  const columns = [
    "name",
    "city",
    "country_code",
    "latitude",
    "longitude",
    "property_type",
    "is_pet_friendly",
    "is_vr",
  ] as const;
  for await (const rows of publishedHotelPages(db, columns, PAGE)) {
    for (const r of rows) {
      const id = r.id;
      // Only ids a page can be found by (a run published before the id rule may have stored others): search results,
      // suggestions and the assistant endpoint never list a hotel whose page would not open.
      if (!isHotelId(id)) continue;
      builder.add({
        id,
        name: plainName(r.name) ?? id,
        // Plain text, as the hotel page shows it (a supplier's markup dropped).
        city: oneLine(r.city) ?? null,
        country: r.country_code,
        lat: Number(r.latitude),
        lon: Number(r.longitude),
        propertyType: r.property_type,
        petFriendly: flag(r.is_pet_friendly),
        vacationRental: flag(r.is_vr),
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

/**
 * From this many hotels on, the name order and the hotel suggestions are built after the catalog starts serving,
 * a slice at a time between requests (seconds at a million): until then a place's name order is sorted on request and
 * the destination box suggests places only. Below it they are part of the build.
 */
const FINISH_LATER_FROM = 100_000;

async function build(view: PlacesView, publishedRunId: number | null): Promise<HotelCatalog> {
  const started = performance.now();
  const { db } = await store();
  const table = await catalogTable(db);
  const loaded = performance.now();
  // The recount's members, when it numbered the same hotels: the count rules are not applied again here.
  const members = await loadPlaceMembers(db, view.gazetteer, view.recountId, digestOf(table.ids));
  const later = table.size >= FINISH_LATER_FROM;
  const catalog = new HotelCatalog(view, table, { members, complete: !later });
  const ms = performance.now() - started;
  observeCatalogBuild(ms / 1000, catalog.size);
  const facts = {
    hotels: catalog.size,
    recountId: view.recountId,
    publishedRunId,
    membersSaved: members !== undefined,
    readMs: Math.round(loaded - started),
    cpuMs: catalog.timings,
    ms: Math.round(ms),
  };
  log.info(facts, "catalog built");
  if (later) {
    void catalog.complete().then(
      () => log.info({ hotels: catalog.size, cpuMs: catalog.timings }, "catalog name order and suggestions built"),
      (e: unknown) => log.warn({ err: (e as Error).message }, "catalog name order and suggestions failed"),
    );
  }
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
