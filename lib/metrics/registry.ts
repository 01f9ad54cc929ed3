import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { processShared } from "@/lib/runtime";

/**
 * The serving instance's metric families (prom-client), one registry per process. Next bundles route handlers, pages
 * and the proxy apart from lib/server's bundle: kept on globalThis (processShared), every bundle counts into the same
 * families, and /metrics shows them all.
 *
 * Labels stay few and bounded (a series per label set lives as long as the process): routes are route patterns,
 * brands the configured brands' ids, tools and methods the endpoint's known names, outcomes closed lists. Never a
 * raw path, a user, a key or a token.
 */
export const OUTCOMES = {
  /** A silent sign-in attempt (spec part D): what came of it, per brand. */
  silentSignIn: ["signed_in", "login_required", "idp_error", "idp_down"] as const,
  /** A finished sync run (sync_runs.status). */
  syncRun: ["published", "refused", "failed"] as const,
  /** What a sync run did with the records it read (sync_runs' counts). */
  syncRecords: ["seen", "new", "changed", "unchanged", "restored", "removed", "rejected"] as const,
  /** The worker's alert kinds (sync_alerts.kind). */
  syncAlert: ["refused", "failed", "stale"] as const,
};

export type SilentSignInOutcome = (typeof OUTCOMES.silentSignIn)[number];

function families() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    defaultsStarted: false,
    /** The scrape in progress: the next waits for it (lib/metrics/index.ts). */
    scrapes: Promise.resolve() as Promise<unknown>,
    http: new Histogram({
      name: "http_request_duration_seconds",
      help: "Requests answered by this instance: time from the request's arrival to its response's end, by route pattern, method and status (status \"aborted\" when the client left first)",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "hotels_rate_limit_refusals_total",
      help: "Requests or tries refused by a rate limit, by limit (lib/limits: the assistant endpoint's tiers, unknown api_keys, operators' tokens, the sign-on test page, the costly routes' fair use)",
      labelNames: ["limit", "reason"] as const,
      registers,
    }),
    mcpCalls: new Counter({
      name: "hotels_mcp_calls_total",
      help: "Assistant endpoint (/mcp) requests, by tool (the method for anything but tools/call), tier and outcome",
      labelNames: ["tool", "tier", "outcome"] as const,
      registers,
    }),
    silentSignIns: new Counter({
      name: "hotels_sso_silent_sign_ins_total",
      help: "Silent sign-in attempts (prompt=none) by brand and outcome: signed_in, login_required, idp_error (any other refusal or error of the IdP), idp_down (not tried: the IdP did not answer)",
      labelNames: ["brand", "outcome"] as const,
      registers,
    }),
    catalogBuild: new Histogram({
      name: "hotels_catalog_build_seconds",
      help: "Builds of this instance's hotel catalog (the brand sites' search index): time taken",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    catalogHotels: new Gauge({
      name: "hotels_catalog_hotels",
      help: "Hotels in this instance's current catalog",
      registers,
    }),
    catalogBuiltAt: new Gauge({
      name: "hotels_catalog_last_build_timestamp_seconds",
      help: "When this instance's current catalog was built (Unix time)",
      registers,
    }),
    storeUp: new Gauge({
      name: "hotels_store_up",
      help: "Whether the store answered this scrape's reads (the sync figures below come from it; 0: they are left out)",
      registers,
    }),
    syncRuns: new Counter({
      name: "hotels_sync_runs_total",
      help: "Finished sync runs recorded in the store (every worker's and command's), by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    syncRunSeconds: new Counter({
      name: "hotels_sync_run_seconds_total",
      help: "Time taken by the finished sync runs recorded in the store, by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    syncRecords: new Counter({
      name: "hotels_sync_records_total",
      help: "Records of the finished sync runs recorded in the store, by run outcome and what the run did with them",
      labelNames: ["outcome", "action"] as const,
      registers,
    }),
    syncRunning: new Gauge({
      name: "hotels_sync_running",
      help: "Sync runs in progress according to the store",
      registers,
    }),
    syncLastRunAt: new Gauge({
      name: "hotels_sync_last_run_timestamp_seconds",
      help: "When the last sync run of each outcome finished (Unix time)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    syncLastRunSeconds: new Gauge({
      name: "hotels_sync_last_run_duration_seconds",
      help: "Time taken by the last finished sync run",
      labelNames: ["outcome"] as const,
      registers,
    }),
    syncLastRunRecords: new Gauge({
      name: "hotels_sync_last_run_records",
      help: "Records of the last finished sync run, by what it did with them",
      labelNames: ["action"] as const,
      registers,
    }),
    syncAlerts: new Gauge({
      name: "hotels_sync_alerts_active",
      help: "The sync worker's alerts whose condition lasts (acknowledged or not), by kind",
      labelNames: ["kind"] as const,
      registers,
    }),
  };
}

export type Families = ReturnType<typeof families>;

/** This process's families (created on first use). */
export const metrics = (): Families => processShared("metrics", families);

/**
 * Node's own figures for this process (CPU, memory, event-loop lag, GC, handles): started once, by the serving
 * instance only (its event-loop monitor is a timer that commands need not run).
 */
export function collectProcessMetrics(): void {
  const m = metrics();
  if (m.defaultsStarted) return;
  m.defaultsStarted = true;
  collectDefaultMetrics({ register: m.registry });
}
