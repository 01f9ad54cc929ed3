import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pino from "pino";
import { startAppServer, type AppServer, openTestStore } from "@/lib/testing";
import { generateExport, SAMPLE_CITIES, LocalSource, syncExport } from "@/lib/content";
import { demoBrands } from "@/lib/brands/node";
import { loopbackFetch } from "@/lib/http/node";
import { countryName } from "@/lib/locale";
import { commandLine, buildApp } from "@/lib/cli";
import { markdownTable } from "@/lib/text";

export interface BenchOptions {
  count: number;
  duration: number;
  rounds: number;
  connections: number;
  /** Generate every hotel around this country's sample cities (bench:pages: a country with --count hotels). */
  country?: string;
}

/** The command line of an HTTP benchmark (--count, --duration, --rounds, --connections); --help exits. */
export function benchOptions(name: string, usage: string, defaultCount: number): BenchOptions {
  const { values } = commandLine(name, usage, {
    options: {
      count: { type: "string", default: String(defaultCount) },
      duration: { type: "string", default: "5" },
      rounds: { type: "string", default: "5" },
      connections: { type: "string", default: "32" },
      country: { type: "string" },
    },
  });
  return {
    count: Number(values.count),
    duration: Number(values.duration),
    rounds: Number(values.rounds),
    connections: Number(values.connections),
    ...(values.country ? { country: values.country.toUpperCase() } : {}),
  };
}

/** One kind of request of an HTTP benchmark: fixed requests that each connection cycles through. */
export interface Scenario {
  name: string;
  /** The server it asks, when not the run's (bench:metrics compares two servers). */
  url?: string;
  requests: { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }[];
}

export interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

export interface Result extends Measure {
  spread: string;
}

/** autocannon at `connections` for `duration` seconds; requests are built once, so the load generator (on the same cores) costs the same for every scenario. */
async function measure(url: string, s: Scenario, duration: number, connections: number): Promise<Measure> {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: s.requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
  });
  return {
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Runs the scenarios in `rounds` rounds, one after the other (a slow moment of the machine hits all of them), each
 * round starting one scenario further on, after a 2-second warm-up each; each scenario's result is its median round
 * (req/s and p99 separately) with the rounds' spread.
 */
export async function runRounds(url: string, scenarios: Scenario[], opts: BenchOptions): Promise<Result[]> {
  for (const s of scenarios) await measure(s.url ?? url, s, 2, opts.connections);
  const runs = new Map<string, Measure[]>(scenarios.map((s) => [s.name, []]));
  for (let round = 1; round <= opts.rounds; round++) {
    // Each round starts one scenario further on: a periodic event (the server's full garbage collection comes about
    // once per round of five) would otherwise fall on the same scenario every round, and its median with it.
    const shift = (round - 1) % scenarios.length;
    for (const s of [...scenarios.slice(shift), ...scenarios.slice(0, shift)]) {
      process.stderr.write(`round ${round}/${opts.rounds}: ${s.name} (${opts.duration} s) …\n`);
      runs.get(s.name)!.push(await measure(s.url ?? url, s, opts.duration, opts.connections));
    }
  }
  return [...runs.values()].map((rs) => ({
    ...rs[0]!,
    rps: median(rs.map((m) => m.rps)),
    p50: median(rs.map((m) => m.p50)),
    p99: median(rs.map((m) => m.p99)),
    bytes: median(rs.map((m) => m.bytes)),
    spread: `${Math.round(Math.min(...rs.map((m) => m.rps)))}–${Math.round(Math.max(...rs.map((m) => m.rps)))}`,
    non2xx: rs.reduce((n, m) => n + m.non2xx, 0),
    errors: rs.reduce((n, m) => n + m.errors, 0),
  }));
}

/** The table of results, each next to the baseline (the first row), then the targets with PASS / FAIL. */
export function report(title: string, results: Result[], opts: BenchOptions, checks: [string, boolean][]): void {
  const base = results[0]!;
  const rows = results.map((m) => [
    m.name,
    Math.round(m.rps).toString(),
    m.spread,
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    `${(m.rps / base.rps).toFixed(2)}×`,
    `${(m.p99 / base.p99).toFixed(2)}×`,
    Math.round(m.bytes).toString(),
    String(m.non2xx + m.errors),
  ]);
  // The load average: the machine may be shared, and other work on its cores shows in every row.
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  console.log(
    `\n${title} — ${opts.count} hotels, ${opts.connections} connections, median of ${opts.rounds} rounds of ${opts.duration} s, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average (1 / 5 / 15 min) ${load}\n`,
  );
  console.log(
    markdownTable(
      [
        "scenario",
        "req/s",
        "req/s rounds",
        "p50 ms",
        "p99 ms",
        "req/s vs baseline",
        "p99 vs baseline",
        "bytes/resp",
        "failed",
      ],
      rows,
    ),
  );
  console.log("\ntargets:");
  for (const [text, ok] of [
    ...checks,
    ["no failed requests", results.every((m) => m.non2xx + m.errors === 0)] as const,
  ])
    console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
}

/**
 * Fair-use limits (lib/limits/fairness.ts) that no benchmark client reaches: a benchmark's one client at 32
 * connections measures what the server can do, not one client's allowance (bench:fairness measures that, with them on).
 */
export const FAIR_USE_OFF: Record<string, string> = {
  NEARBY_BUDGET_MS: "1000000000",
  SUGGEST_BUDGET_MS: "1000000000",
  PAGES_BUDGET_MS: "1000000000",
  NEARBY_CONCURRENCY: "100000",
  SUGGEST_CONCURRENCY: "100000",
  PAGES_CONCURRENCY: "100000",
};

/**
 * Builds the app, loads `count` generated hotels (around 58 real cities) into a fresh SQLite store, serves it
 * (lib/server, as npm start does), runs `body`, and removes everything afterwards. `env`: more of the server's
 * environment, or a function of its port that returns it (called once, before the server starts). `body` may start
 * another server on the same store with `another(env)` (more environment over the first's), stopped with the first.
 */
export async function withLoadedServer<T>(
  count: number,
  body: (server: AppServer, another: (env: Record<string, string>) => Promise<AppServer>) => Promise<T>,
  env: Record<string, string> | ((port: number) => Promise<Record<string, string>>) = {},
  generate: { countries?: string[] } = {},
): Promise<T> {
  buildApp();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
  const store = await openTestStore("sqlite");
  try {
    console.log(`loading ${count} generated hotels …`);
    await generateExport({ out: work, count, seed: 1, ...generate });
    const summary = await syncExport({
      store,
      source: new LocalSource(work),
      log: pino({ level: "warn" }),
      maxRemovedShare: 1,
      maxRejectedShare: 1,
      lockStaleSeconds: 30,
    });
    if (summary.status !== "published") throw new Error(`sync ${summary.status}: ${summary.error?.message}`);
    await store.close();
    // The bundled server next to this bundle (npm run bench:*), else its TypeScript source.
    const entry = import.meta.url.endsWith(".mjs") ? [new URL("./start.mjs", import.meta.url).pathname] : undefined;
    const serve = (more: Record<string, string>) =>
      startAppServer(
        async (port) => ({
          DATABASE_URL: store.databaseUrl,
          NODE_ENV: "production",
          // The demo brands on purpose (a benchmark, not a deployment), unless the benchmark gives its own file.
          DEMO_BRANDS: "true",
          // Production refuses to start without a key for partner links; a benchmark's own.
          TRACKING_SECRET: "bench-tracking-secret-not-for-deployments",
          ...FAIR_USE_OFF,
          ...(typeof env === "function" ? await env(port) : env),
          ...more,
        }),
        { entry },
      );
    const servers = [await serve({})];
    try {
      return await body(servers[0]!, async (more) => {
        const another = await serve(more);
        servers.push(another);
        return another;
      });
    } finally {
      for (const s of servers) await s.stop();
    }
  } finally {
    await store.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Partner requests with `key`: one fixed body per sample city, sent as a partner's HTTP client does (to `path`). */
export function nearbyRequests(
  key: string,
  extra: Record<string, unknown>,
  path = "/v1/nearby-places",
): Scenario["requests"] {
  const headers = { "accept-encoding": "gzip, deflate, br", "content-type": "application/json", "x-partner-key": key };
  return SAMPLE_CITIES.map((c) => ({
    method: "POST" as const,
    path,
    headers,
    body: JSON.stringify({
      placeName: c.name,
      country: c.country,
      currency: c.currency,
      language: "en",
      userCountry: "DE",
      userDevice: "mobile",
      ...extra,
    }),
  }));
}

/** The first demo brand's host: the benchmarks' requests go to its pages and APIs. */
export const BENCH_HOST = demoBrands.brands[0]!.hosts[0]!;

/** A JSON answer of the served app (a brand host's API), or an error naming the path and status. */
export async function getJson<T>(port: number, path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await loopbackFetch(`http://${BENCH_HOST}:${port}${path}`, { headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The country place with the most sample cities (or `code`), as the destination box finds it: the largest result
 * list a brand page sorts.
 */
export async function largestCountry(
  port: number,
  code?: string,
  headers: Record<string, string> = {},
): Promise<{ placeId: string; hotelsCnt: number; code: string }> {
  const perCountry = new Map<string, number>();
  for (const c of SAMPLE_CITIES) perCountry.set(c.country, (perCountry.get(c.country) ?? 0) + 1);
  const [bigCountry] = code ? [code] : [...perCountry].sort((a, b) => b[1] - a[1])[0]!;
  const found = await getJson<{ places: { placeId: string; placeCategory: string; hotelsCnt: number }[] }>(
    port,
    `/api/suggest?q=${encodeURIComponent(countryName(bigCountry, "en"))}`,
    headers,
  );
  const country = found.places.find((p) => p.placeCategory === "country");
  if (!country) throw new Error(`no country place for ${bigCountry}`);
  return { placeId: country.placeId, hotelsCnt: country.hotelsCnt, code: bigCountry };
}
