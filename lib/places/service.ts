import type { Kysely } from "kysely";
import { store, type Database } from "@/lib/store";
import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { PlacesView } from "./nearby";
import { loadGazetteer } from "./recount";
import { latestPublishedRun, latestRecount, loadHotelCounts } from "./store";

/**
 * How often a serving process looks for a newer snapshot (a sync, a recount or an import finished in another process):
 * three primary-key or max() queries. The production server also looks on a timer (keepCatalogFresh in lib/search),
 * so every instance serves a publish within a few seconds whether or not it had requests meanwhile.
 */
export const REFRESH_MS = 1_000;

interface Loaded {
  view: PlacesView;
  /** The latest published sync run when last checked: the hotels the brand sites' catalog should show. */
  publishedRunId: number | null;
  /** The run the view's recount followed (null: a recount after an import of places, or none yet). */
  recountRunId: number | null;
  checkedAt: number;
}

const state = processShared("places", () => ({ current: undefined as Promise<Loaded> | undefined, refreshing: false }));

/**
 * The places and the latest published run. `published` hears of the run as soon as it is read, before a new recount's
 * view is built (seconds for the whole gazetteer): a publish is served on the view in use meanwhile.
 */
async function load(
  db: Kysely<Database>,
  previous?: Loaded,
  published: (publishedRunId: number | null, recountRunId: number | null) => void = () => {},
): Promise<Loaded> {
  const started = performance.now();
  const [recount, publishedRunId] = await Promise.all([latestRecount(db), latestPublishedRun(db)]);
  const recountId = recount?.id ?? null;
  const recountRunId = recount?.run_id == null ? null : Number(recount.run_id);
  published(publishedRunId, recountRunId);
  // The same gazetteer object while the imports are unchanged (loadGazetteer compares their stamp).
  const gazetteer = await loadGazetteer(db);
  if (previous && previous.view.recountId === recountId && previous.view.gazetteer === gazetteer) {
    return { ...previous, publishedRunId, recountRunId, checkedAt: Date.now() };
  }
  gazetteer.nameIndex(); // built now rather than on the first request that looks a name up
  const view = new PlacesView(gazetteer, await loadHotelCounts(db), recountId);
  log.info(
    { recountId, places: gazetteer.size, listed: view.listed.length, ms: Math.round(performance.now() - started) },
    "places loaded",
  );
  return { view, publishedRunId, recountRunId, checkedAt: Date.now() };
}

/**
 * The serving process's places: loaded on first use, then checked every REFRESH_MS for a newer recount; requests
 * keep using the loaded view while a newer one is built.
 */
export async function placesView(): Promise<PlacesView> {
  return (await servingSnapshot()).view;
}

/** The places view and the latest published run, checked every REFRESH_MS (the brand sites' catalog keys on both). */
export async function servingSnapshot(): Promise<Pick<Loaded, "view" | "publishedRunId" | "recountRunId">> {
  state.current ??= store()
    .then((s) => load(s.db))
    .catch((e: unknown) => {
      state.current = undefined;
      throw e;
    });
  const loaded = await state.current;
  if (!state.refreshing && Date.now() - loaded.checkedAt > REFRESH_MS) {
    state.refreshing = true;
    store()
      .then((s) =>
        load(s.db, loaded, (publishedRunId, recountRunId) => {
          // A sync published: its hotels go to the catalog now, on the places in use until the new view is built;
          // unless its recount has landed already, whose view (and saved table) this load is about to give.
          if (publishedRunId !== loaded.publishedRunId && recountRunId !== publishedRunId)
            state.current = Promise.resolve({ ...loaded, publishedRunId });
        }),
      )
      .then((next) => {
        state.current = Promise.resolve(next);
      })
      .catch((e: unknown) => log.warn({ err: (e as Error).message }, "places refresh failed; serving the loaded ones"))
      .finally(() => {
        state.refreshing = false;
      });
  }
  return loaded;
}
