import type { Kysely } from "kysely";
import { store, type Database } from "@/lib/store";
import { countHotels, recentRuns, rejectedRecords, removedHotels } from "@/lib/hotels";
import { processShared } from "@/lib/runtime";
import { hotelCatalog } from "@/lib/search";
import { arrivalsByLabel, unverifiedArrivals, arrivalRecorder, handoffsByBrand } from "@/lib/tracking";
import { brands } from "@/lib/brands/node";
import { poolSizes } from "@/lib/auth/node";

export const ARRIVALS_DAYS = 30;

/**
 * What the operators' status page shows: the last 20 sync runs, the rejected records of one run (the asked one, else
 * the latest run that rejected any), the last 100 removed properties, partner arrivals of the last 30 days (the 200
 * largest rows, the unverified links per brand, what this process still holds in memory), booking hand-offs per brand
 * over the same days, and each brand's sign-on
 * (credentials in force, silent login, users in its pool).
 */
export async function loadStatus(db: Kysely<Database>, opts: { runId?: number; now?: Date } = {}) {
  const runs = await recentRuns(db, 20);
  const runId = opts.runId || runs.find((r) => r.rejected > 0)?.id;
  const since = new Date((opts.now ?? new Date()).getTime() - ARRIVALS_DAYS * 86_400_000);
  const [rejected, removed, arrivals, unverified, pools, handoffs] = await Promise.all([
    runId ? rejectedRecords(db, runId, 200) : Promise.resolve([]),
    removedHotels(db, 100),
    arrivalsByLabel(db, since),
    unverifiedArrivals(db, since),
    poolSizes(db),
    handoffsByBrand(db, since),
  ]);
  const registry = brands();
  const signOn = registry.brands.map((brand) => {
    const sso = registry.sso(brand);
    return {
      brand: brand.id,
      environment: sso?.environment,
      issuer: sso?.issuer,
      silentLogin: sso?.silentLogin ?? false,
      users: pools[brand.id] ?? 0,
    };
  });
  const tracking = { unverified, recorder: arrivalRecorder().stats() };
  return { runs, runId, rejected, removed, arrivals, tracking, signOn, handoffs };
}

/** How long /api/health reuses its figures (the published count is a scan of the hotels). */
export const HEALTH_CACHE_MS = 5_000;

export interface HealthReport {
  status: "ok";
  store: string;
  hotels: number;
  lastRun: { id: number; status: string; finishedAt: string | null } | null;
  catalog: { hotels: number };
  places: { total: number; withHotels: number; recountId: number | null };
}

const healthState = processShared("health", () => ({ at: 0, report: undefined as Promise<HealthReport> | undefined }));

/** Readiness and the figures behind it, computed at most once per HEALTH_CACHE_MS (a failure is not kept). */
export function health(now = Date.now()): Promise<HealthReport> {
  if (healthState.report && now - healthState.at < HEALTH_CACHE_MS) return healthState.report;
  healthState.at = now;
  const report = (async (): Promise<HealthReport> => {
    const { db, kind } = await store();
    const [hotels, [lastRun], catalog] = await Promise.all([countHotels(db), recentRuns(db, 1), hotelCatalog()]);
    const places = catalog.view;
    return {
      status: "ok",
      store: kind,
      hotels,
      lastRun: lastRun ? { id: lastRun.id, status: lastRun.status, finishedAt: lastRun.finished_at } : null,
      catalog: { hotels: catalog.size },
      places: { total: places.gazetteer.size, withHotels: places.listed.length, recountId: places.recountId },
    };
  })();
  healthState.report = report;
  report.catch(() => {
    if (healthState.report === report) healthState.report = undefined;
  });
  return report;
}
