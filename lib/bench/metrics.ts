import path from "node:path";
import type { AppServer } from "@/lib/testing";
import { builtAppRouteLabeler, methodLabel, recordRequest } from "@/lib/metrics";
import { BENCH_HOST, benchOptions, report, runRounds, withLoadedServer, type Scenario } from "./http";
import { markdownTable } from "@/lib/text";

const usage = `Usage: npm run bench:metrics -- [--count 1000] [--duration 5] [--rounds 5] [--connections 32]

Builds the app, loads generated hotels into a fresh SQLite store and serves it twice on that store, as npm start
does: with METRICS_ENABLED=false (the baseline) and with Prometheus metrics on (the default: every request timed and
labelled by route pattern, Node's process metrics collected). Asks both for the first demo brand's trivial page
(/ping) with autocannon, in interleaved rounds, medians. Then times, in this process, what metrics add to one
request (its route label and its histogram observation, over a mix of the app's paths) against the server time of
one /ping without metrics (1 / its req/s).`;

/** A mix of paths as a brand site and its clients ask for them: pages, APIs, Next's files, unknown paths. */
const PATHS = [
  "/ping",
  "/",
  "/hotels/h-000123",
  "/search?placeId=p1&page=2",
  "/api/suggest?q=par",
  "/api/hotels/h-000123/nearby",
  "/v1/nearby-places",
  "/mcp",
  "/_next/static/chunks/app.js",
  "/no/such/page",
];

/** Nanoseconds per request of the label and the observation, over `n` requests. */
function metricsWorkNs(n: number): number {
  const label = builtAppRouteLabeler(process.cwd());
  const run = (count: number) => {
    for (let i = 0; i < count; i++) recordRequest(label(PATHS[i % PATHS.length]!), methodLabel("GET"), "200", 0.004);
  };
  run(n / 10);
  const started = process.hrtime.bigint();
  run(n);
  return Number(process.hrtime.bigint() - started) / n;
}

async function main(): Promise<void> {
  const opts = benchOptions("bench:metrics", usage, 1000);
  const results = await withLoadedServer(
    opts.count,
    async (off, another) => {
      const on = await another({ METRICS_ENABLED: "true" });
      // Each server is asked under the brand's host with its own port: the same page either way.
      const ping = (name: string, server: AppServer): Scenario => ({
        name,
        url: server.url,
        requests: [{ method: "GET", path: "/ping", headers: { host: `${BENCH_HOST}:${server.port}` } }],
      });
      return runRounds(
        off.url,
        [ping("GET /ping, metrics off (baseline)", off), ping("GET /ping, metrics on", on)],
        opts,
      );
    },
    { METRICS_ENABLED: "false" },
  );
  const [off, on] = results as [(typeof results)[0], (typeof results)[0]];
  // A server that answered nothing (a machine too busy to measure on) fails every target rather than passing one.
  const answered = off.rps > 0 && on.rps > 0;
  report("bench:metrics: /ping with and without Prometheus metrics", results, opts, [
    ["both servers answered", answered],
    [`p50 with metrics ≤ 1.10 × without (${(on.p50 / off.p50).toFixed(2)}×)`, answered && on.p50 <= off.p50 * 1.1],
    [`req/s with metrics ≥ 0.90 × without (${(on.rps / off.rps).toFixed(2)}×)`, answered && on.rps >= off.rps * 0.9],
  ]);
  const ns = metricsWorkNs(200_000);
  const pingNs = 1e9 / off.rps;
  console.log(`\nmetrics' own work per request, in this process (${path.basename(process.cwd())}'s built routes):\n`);
  console.log(
    markdownTable(
      ["work", "µs per request", "share of a /ping's server time"],
      [
        ["route label + histogram observation", (ns / 1000).toFixed(2), `${((ns / pingNs) * 100).toFixed(2)} %`],
        ["a /ping without metrics (1 / req/s)", (pingNs / 1000).toFixed(0), "100 %"],
      ],
    ),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
