import type { Kysely } from "kysely";
import type { Database } from "@/lib/store";
import { recentRuns, rejectedRecords, removedHotels } from "@/lib/content/queries";
import { arrivalsByLabel } from "@/lib/tracking/arrivals";
import { brands } from "@/lib/brands";
import { poolSizes } from "@/lib/auth/user-pool";

export const ARRIVALS_DAYS = 30;

/**
 * What the operators' status page shows: the last 20 sync runs, the rejected records of one run (the asked one, else
 * the latest run that rejected any), the last 100 removed properties, partner arrivals of the last 30 days, and each
 * brand's sign-on (credentials in force, silent login, users in its pool).
 */
export async function loadStatus(db: Kysely<Database>, opts: { runId?: number; now?: Date } = {}) {
  const runs = await recentRuns(db, 20);
  const runId = opts.runId || runs.find((r) => r.rejected > 0)?.id;
  const since = new Date((opts.now ?? new Date()).getTime() - ARRIVALS_DAYS * 86_400_000);
  const [rejected, removed, arrivals, pools] = await Promise.all([
    runId ? rejectedRecords(db, runId, 200) : Promise.resolve([]),
    removedHotels(db, 100),
    arrivalsByLabel(db, since),
    poolSizes(db),
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
  return { runs, runId, rejected, removed, arrivals, signOn };
}
