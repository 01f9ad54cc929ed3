import type http from "node:http";
import { metrics, OUTCOMES, type SilentSignInOutcome } from "./registry";
import { methodLabel, type RouteLabeler } from "./routes";

/**
 * Prometheus metrics of a serving instance (prom-client): what the platform counts, and the text /metrics answers
 * (lib/ops/metrics.ts decides who may read it). Each instance exposes its own figures; Prometheus scrapes every
 * instance. The sync's figures are the store's (every worker's and command's runs), read at scrape time.
 */
export { collectProcessMetrics, OUTCOMES, type SilentSignInOutcome } from "./registry";
export { builtAppRouteLabeler, methodLabel, routeLabeler, type RouteLabeler } from "./routes";

/**
 * lib/server: times each request from its arrival to its response's end (or the client leaving), labelled by route
 * pattern, method and status. The label is worked out once the response is done, off the request's path.
 */
export function timeRequest(req: http.IncomingMessage, res: http.ServerResponse, label: RouteLabeler): void {
  const started = process.hrtime.bigint();
  const target = req.url ?? "/";
  const method = req.method;
  res.once("close", () =>
    recordRequest(
      label(target),
      methodLabel(method),
      res.writableFinished ? String(res.statusCode) : "aborted",
      Number(process.hrtime.bigint() - started) / 1e9,
    ),
  );
}

/** One request answered: its route pattern, method and status labels, and its time (bench:metrics measures this). */
export function recordRequest(route: string, method: string, status: string, seconds: number): void {
  metrics().http.observe({ route, method, status }, seconds);
}

/**
 * A request or try refused by a limit (lib/limits): which limit (a counter's tier, or a costly route), and why when
 * a limit refuses for more than one reason (a budget spent, a queue full).
 */
export function countRateLimitRefusal(limit: string, reason = "limit"): void {
  metrics().rateLimitRefusals.inc({ limit, reason });
}

/** An assistant-endpoint request: the tool (or method) by its known name, the tier ("none" before admission), outcome. */
export function countMcpCall(tool: string, tier: string, outcome: string): void {
  metrics().mcpCalls.inc({ tool, tier, outcome });
}

/** A silent sign-in attempt's outcome, for a configured brand (its id). */
export function countSilentSignIn(brand: string, outcome: SilentSignInOutcome): void {
  metrics().silentSignIns.inc({ brand, outcome });
}

/** A hotel catalog built: its time and size. */
export function observeCatalogBuild(seconds: number, hotels: number, at = new Date()): void {
  const m = metrics();
  m.catalogBuild.observe(seconds);
  m.catalogHotels.set(hotels);
  m.catalogBuiltAt.set(at.getTime() / 1000);
}

type RunOutcome = (typeof OUTCOMES.syncRun)[number];
type RecordAction = (typeof OUTCOMES.syncRecords)[number];

/** The sync's figures as the store holds them (sync_runs, sync_alerts), read at scrape time. */
export interface SyncFigures {
  /** Per finished-run outcome: runs, their total time, and their records' counts summed. */
  finished: Partial<
    Record<
      RunOutcome,
      { runs: number; seconds: number; lastFinishedAt: Date | null; records: Record<RecordAction, number> }
    >
  >;
  running: number;
  /** The last finished run (by id). */
  last: { outcome: RunOutcome; seconds: number; records: Record<RecordAction, number> } | null;
  /** Alerts whose condition lasts, by kind. */
  alerts: Partial<Record<(typeof OUTCOMES.syncAlert)[number], number>>;
}

/**
 * The store's sync figures for this scrape, or undefined when the store did not answer (the families are then left
 * empty and hotels_store_up is 0, rather than showing figures of an earlier scrape).
 */
function setSyncFigures(figures: SyncFigures | undefined): void {
  const m = metrics();
  for (const family of [m.syncRuns, m.syncRunSeconds, m.syncRecords, m.syncLastRunAt, m.syncLastRunSeconds])
    family.reset();
  for (const family of [m.syncLastRunRecords, m.syncAlerts, m.syncRunning]) family.reset();
  m.storeUp.set(figures ? 1 : 0);
  if (!figures) return;
  for (const outcome of OUTCOMES.syncRun) {
    const f = figures.finished[outcome];
    m.syncRuns.inc({ outcome }, f?.runs ?? 0);
    m.syncRunSeconds.inc({ outcome }, f?.seconds ?? 0);
    for (const action of OUTCOMES.syncRecords) m.syncRecords.inc({ outcome, action }, f?.records[action] ?? 0);
    if (f?.lastFinishedAt) m.syncLastRunAt.set({ outcome }, f.lastFinishedAt.getTime() / 1000);
  }
  m.syncRunning.set(figures.running);
  if (figures.last) {
    m.syncLastRunSeconds.set({ outcome: figures.last.outcome }, figures.last.seconds);
    for (const action of OUTCOMES.syncRecords) m.syncLastRunRecords.set({ action }, figures.last.records[action]);
  }
  for (const kind of OUTCOMES.syncAlert) m.syncAlerts.set({ kind }, figures.alerts[kind] ?? 0);
}

/**
 * The exposition (Prometheus text format 0.0.4) and its content type, with the sync figures `readSync` gives for this
 * scrape. Scrapes run one after the other: one's figures are never another's.
 */
export function metricsText(
  readSync: () => Promise<SyncFigures | undefined>,
): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  const scrape = m.scrapes.then(async () => {
    setSyncFigures(await readSync());
    return { contentType: m.registry.contentType, body: await m.registry.metrics() };
  });
  m.scrapes = scrape.catch(() => undefined);
  return scrape;
}
