import { store } from "@/lib/store";
import { log } from "@/lib/log";
import { observeCatalogBuild } from "@/lib/metrics";
import { processShared } from "@/lib/runtime";
import {
  latestRecount,
  loadPlaceMembers,
  loadSavedTable,
  REFRESH_MS,
  servingSnapshot,
  type PlacesView,
} from "@/lib/places";
import { runUnderSyncLock } from "@/lib/content";
import { config } from "@/lib/config";
import { catalogTable } from "@/lib/hotels";
import { digestOf } from "@/lib/columns";
import { HotelCatalog } from "./catalog";

const state = processShared("catalog", () => ({
  current: undefined as { view: PlacesView; publishedRunId: number | null; catalog: Promise<HotelCatalog> } | undefined,
  /** The newest catalog built, and its build's number: what requests get while a newer one is built. */
  built: undefined as { catalog: HotelCatalog; seq: number } | undefined,
  seq: 0,
  /** recountComing's last question to the store, and since when it has waited for this run's recount. */
  recountAsked: undefined as
    { publishedRunId: number; at: number; since: number; coming: Promise<boolean> } | undefined,
}));

/**
 * From this many hotels on, the name order and the hotel suggestions are built after the catalog starts serving,
 * a slice at a time between requests (seconds at a million): until then a place's name order is sorted on request and
 * the destination box suggests places only. Below it they are part of the build.
 */
const FINISH_LATER_FROM = 100_000;

async function build(view: PlacesView, publishedRunId: number | null): Promise<HotelCatalog> {
  const started = performance.now();
  const opened = await store();
  const { db } = opened;
  // The table the recount of this very snapshot saved, else the hotels read from the store.
  const saved = await loadSavedTable(opened, view.recountId, publishedRunId);
  const table = saved ?? (await catalogTable(db));
  const loaded = performance.now();
  // The recount's members, when it numbered the same hotels: the count rules are not applied again here.
  const members = await loadPlaceMembers(opened, view.gazetteer, view.recountId, digestOf(table.ids));
  const later = table.size >= FINISH_LATER_FROM;
  const catalog = new HotelCatalog(view, table, { members, complete: !later });
  const ms = performance.now() - started;
  observeCatalogBuild(ms / 1000, catalog.size);
  const facts = {
    hotels: catalog.size,
    recountId: view.recountId,
    publishedRunId,
    tableSaved: saved !== undefined,
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
  const snapshot = await servingSnapshot();
  const { view, publishedRunId } = snapshot;
  const stale = () => state.current?.view !== view || state.current.publishedRunId !== publishedRunId;
  // Asked again after the wait's answer: a call that arrived meanwhile may have started this snapshot's build.
  if (stale() && !(state.built && (await recountComing(snapshot))) && stale()) {
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
  // Only the first catalog of the process is waited for (without one built, a build has just been started).
  return state.built?.catalog ?? state.current!.catalog;
}

/**
 * The longest the previous catalog serves while a publishing sync's recount is awaited: a recount of a million hotels
 * takes about 15 s; one that hangs with its process alive (its heartbeat renewed regardless) must not keep every
 * instance on the previous hotels.
 */
const RECOUNT_WAIT_MS = 120_000;

/**
 * True while the sync that published the snapshot's run still holds the sync lock, or its recount has landed but this
 * process's snapshot does not show it yet (it does within REFRESH_MS): the recount saves the run's hotel table and members, which a catalog loads in a fraction of the time and memory of
 * reading every hotel, so the previous catalog serves until then, for at most RECOUNT_WAIT_MS. Asked of the store at
 * most every REFRESH_MS, one question at a time; a failed question counts as "no" (the catalog is built from the
 * hotels, as it always was). A sync that dies meanwhile stops holding the lock (its heartbeat goes stale).
 */
function recountComing(snapshot: Awaited<ReturnType<typeof servingSnapshot>>): Promise<boolean> {
  const { publishedRunId, recountRunId } = snapshot;
  if (publishedRunId === null || recountRunId === publishedRunId) return Promise.resolve(false);
  const asked = state.recountAsked;
  const since = asked?.publishedRunId === publishedRunId ? asked.since : Date.now();
  if (Date.now() - since > RECOUNT_WAIT_MS) return Promise.resolve(false);
  if (asked?.publishedRunId === publishedRunId && Date.now() - asked.at < REFRESH_MS) return asked.coming;
  // Landed already counts too: the sync may have released its lock before this process's snapshot shows the recount.
  const coming = store()
    .then(({ db }) => Promise.all([runUnderSyncLock(db, config().SYNC_LOCK_STALE_SECONDS), latestRecount(db)]))
    .then(
      ([run, recount]) =>
        run === publishedRunId || (recount?.run_id != null && Number(recount.run_id) === publishedRunId),
      (e: unknown) => {
        log.warn({ err: (e as Error).message }, "catalog: could not ask for the sync lock; building from the hotels");
        return false;
      },
    );
  state.recountAsked = { publishedRunId, at: Date.now(), since, coming };
  if (since === state.recountAsked.at)
    void coming.then((yes) => {
      if (yes)
        log.info({ publishedRunId }, "catalog: serving the previous hotels until the publishing sync's recount lands");
    });
  return coming;
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
