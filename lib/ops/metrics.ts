import type { Kysely } from "kysely";
import { config } from "@/lib/config";
import { IpAllowlist, AppError, errorResponse, isAppError, requestFacts } from "@/lib/http/node";
import { log } from "@/lib/log";
import { metricsText, OUTCOMES, type SyncFigures } from "@/lib/metrics";
import { processShared } from "@/lib/runtime";
import { store, type Database } from "@/lib/store";
import { bearerToken, checkBearer, metricsServed, opsToken } from "./token";

/**
 * GET /metrics for Prometheus, on the operators' hosts only (OPS_HOST; elsewhere the path is any unknown page's 404,
 * proxy.ts sees to that): for a client in METRICS_ALLOW's networks, or with "Authorization: Bearer <OPS_TOKEN>" — a
 * try of the token like every other (lib/ops/token.ts: a wrong one counts against the client's network, and past
 * the limit even the right one is refused unread with 429). A network in the list is let in without reading a token.
 */

/** METRICS_ALLOW's networks (lib/config parsed them), as one allowlist per process. */
const allowlist = () => processShared("metrics-allow", () => new IpAllowlist(config().METRICS_ALLOW));

/** Who may scrape: throws NOT_FOUND (not served here), UNAUTHORIZED or RATE_LIMITED. */
async function assertScraper(headers: Headers): Promise<void> {
  if (!metricsServed(headers.get("host"))) throw new AppError({ code: "NOT_FOUND", message: "Not found" });
  const { address } = requestFacts(headers);
  // An empty allowlist allows every address: only a configured one lets a network in.
  if (config().METRICS_ALLOW.length > 0 && address && allowlist().allows(address)) return;
  const token = bearerToken(headers.get("authorization"));
  if (token !== undefined && opsToken() && (await checkBearer(token, address))) return;
  throw new AppError({
    code: "UNAUTHORIZED",
    message: "Send Authorization: Bearer <OPS_TOKEN>, or scrape from a network METRICS_ALLOW names",
  });
}

/** The answer to a scrape: the exposition, or the refusal (401 with a Bearer challenge, 404, 429). */
export async function metricsResponse(request: Request): Promise<Response> {
  try {
    await assertScraper(request.headers);
  } catch (e) {
    const challenge = isAppError(e) && e.code === "UNAUTHORIZED";
    return errorResponse(e, challenge ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : undefined);
  }
  const { contentType, body } = await metricsText(readSyncFigures);
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}

/** The store's sync figures, or undefined (logged) when it does not answer: the scrape still answers. */
async function readSyncFigures(): Promise<SyncFigures | undefined> {
  try {
    return await syncFigures((await store()).db);
  } catch (e) {
    log.warn({ err: (e as Error).message }, "metrics: the store did not answer; sync figures left out");
    return undefined;
  }
}

const num = (v: unknown) => Number(v ?? 0) || 0;
const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

/**
 * The sync's figures from sync_runs and sync_alerts, which every worker and `npm run sync` write: one grouped read of
 * the runs (a row a day), the last finished run, and the alerts whose condition lasts.
 */
export async function syncFigures(db: Kysely<Database>): Promise<SyncFigures> {
  const [byStatus, last, alerts] = await Promise.all([
    db
      .selectFrom("sync_runs")
      .select((eb) => [
        "status",
        eb.fn.countAll().as("runs"),
        eb.fn.sum("duration_ms").as("ms"),
        eb.fn.max("finished_at").as("last_finished_at"),
        ...OUTCOMES.syncRecords.map((action) => eb.fn.sum(action).as(action)),
      ])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("sync_runs")
      .selectAll()
      .where("status", "!=", "running")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("sync_alerts")
      .select((eb) => ["kind", eb.fn.countAll().as("n")])
      .where("resolved_at", "is", null)
      .groupBy("kind")
      .execute(),
  ]);
  const records = (row: Record<string, unknown>) =>
    Object.fromEntries(OUTCOMES.syncRecords.map((a) => [a, num(row[a])])) as Record<
      (typeof OUTCOMES.syncRecords)[number],
      number
    >;
  const figures: SyncFigures = { finished: {}, running: 0, last: null, alerts: {} };
  for (const row of byStatus) {
    if (row.status === "running") {
      figures.running = num(row.runs);
      continue;
    }
    figures.finished[row.status] = {
      runs: num(row.runs),
      seconds: num(row.ms) / 1000,
      lastFinishedAt: toDate(row.last_finished_at as string | null),
      records: records(row),
    };
  }
  if (last && last.status !== "running") {
    const ms =
      last.duration_ms ??
      (last.finished_at ? new Date(last.finished_at).getTime() - new Date(last.started_at).getTime() : 0);
    figures.last = { outcome: last.status, seconds: Math.max(0, ms) / 1000, records: records(last) };
  }
  for (const a of alerts) figures.alerts[a.kind] = num(a.n);
  return figures;
}
