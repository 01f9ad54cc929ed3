import os from "node:os";
import autocannon from "autocannon";
import { demoBrands } from "@/lib/brands/node";
import { hotelId } from "@/lib/content";
import { PAGE_SIZE } from "@/lib/search";
import type { AppServer } from "@/lib/testing";
import { parseConfig } from "@/lib/config";
import { BENCH_HOST, FAIR_USE_OFF, largestCountry, nearbyRequests, withLoadedServer, type Scenario } from "./http";
import { commandLine } from "@/lib/cli";
import { markdownTable } from "@/lib/text";

const usage = `Usage: npm run bench:fairness -- [--count 20000] [--duration 15] [--connections 32] [--limits-only]

Builds the app, loads --count generated hotels into a fresh SQLite store and serves the built app (lib/server, as npm
start does) behind one trusted proxy hop, so that each client names its address in X-Forwarded-For: each load comes
from a network of its own (10.1.N.1: it starts with its whole budget), the cheap page from 10.2.0.1. The load starts a
second before the cheap page is measured and goes on until it is. Measures the cheap page (GET /ping, one
connection, one request after the other) for --duration seconds idle, then under each load of --connections
concurrent requests from the loaded client: POST /v1/nearby-places with hits 1000 and radius 1000 (one partner key),
one-letter /api/suggest, the 20 deepest search pages of the largest country sorted by name, hotel pages (1 000 hotels). Each
row: how many /ping answers came, their p50 and p99 and their ratio to the idle figures of the same run, and what the loaded client got
(answered, refused with 429). With the fair-use limits at their defaults ("on"); unless --limits-only, the same again
with the in-progress caps alone ("caps only": the budgets out of reach, the flood as it is before its budget is spent)
and with them out of the way ("off": limits no client reaches), for comparison. Target: /ping p50 ≤ 3 × idle with the
limits on; the caps alone are measured against it too, for what they do before a flood's budget is spent.`;

const HOST = BENCH_HOST;
/** The loads' partner key, and the warm-up's (another brand's: the load starts with its key's whole budget). */
const KEY = demoBrands.brands[0]!.partner.keys[0]!;
const WARM_UP_KEY = demoBrands.brands[1]!.partner.keys[0]!;
const PINGER = "10.2.0.1";

/** The fair-use limits at their defaults (withLoadedServer turns them off unless told). */
function limitsOn(): Record<string, string> {
  const defaults = parseConfig({});
  const names = ["NEARBY", "SUGGEST", "PAGES"] as const;
  return Object.fromEntries(
    names.flatMap((n) => [
      [`${n}_BUDGET_MS`, String(defaults[`${n}_BUDGET_MS`])],
      [`${n}_CONCURRENCY`, String(defaults[`${n}_CONCURRENCY`])],
    ]),
  );
}

/**
 * The in-progress caps alone, the budgets of request time out of reach: the flood as it is before its budget is
 * spent, which is what "limits on" shows only for its first seconds.
 */
function capsOnly(): Record<string, string> {
  const budgets = Object.entries(FAIR_USE_OFF).filter(([name]) => name.endsWith("_BUDGET_MS"));
  return { ...limitsOn(), ...Object.fromEntries(budgets) };
}

interface Row {
  load: string;
  p50: number;
  p99: number;
  /** /ping answers in the time measured. */
  pings: number;
  answered: number;
  refused: number;
}

/** The four loads of the issue, built once per server (place ids come from its catalog). */
async function loads(server: AppServer, count: number, key = KEY): Promise<Scenario[]> {
  const page = (path: string) => ({
    method: "GET" as const,
    path,
    headers: { host: `${HOST}:${server.port}`, accept: "text/html", "accept-encoding": "gzip, deflate, br" },
  });
  const country = await largestCountry(server.port, undefined, { "x-forwarded-for": "10.9.0.1" });
  const lastPage = Math.max(1, Math.ceil(country.hotelsCnt / PAGE_SIZE));
  // The deepest 20 pages: sorting by name is the same work for every page, and a deep page skips the most results.
  const deep = Array.from({ length: Math.min(20, lastPage) }, (_, i) => lastPage - i);
  const step = Math.max(1, Math.floor(count / 1000));
  return [
    {
      name: "nearby places, hits 1000, radius 1000",
      requests: nearbyRequests(key, { hits: 1000, radius: 1000 }),
    },
    {
      name: "one-letter /api/suggest",
      requests: [..."abcdefghijklmnopqrstuvwxyz"].map((l) => ({
        ...page(`/api/suggest?q=${l}`),
        headers: { host: `${HOST}:${server.port}`, "accept-encoding": "gzip, deflate, br" },
      })),
    },
    {
      name: `deep search pages (${country.code}, ${country.hotelsCnt} hotels, sort=name, pages ${deep.at(-1)}–${deep[0]})`,
      requests: deep.map((n) => page(`/search?placeId=${country.placeId}&sort=name&page=${n}`)),
    },
    {
      name: "hotel pages (1 000 hotels)",
      requests: Array.from({ length: Math.min(1000, count) }, (_, i) => page(`/hotels/${hotelId(1 + i * step)}`)),
    },
  ];
}

/** /ping from its own network, one request after the other, for `duration` seconds: its latency. */
async function ping(server: AppServer, duration: number) {
  const r = await autocannon({
    url: server.url,
    connections: 1,
    duration,
    headers: { host: `${HOST}:${server.port}`, accept: "text/html", "x-forwarded-for": PINGER },
    requests: [{ method: "GET", path: "/ping" }],
  });
  // A /ping still unanswered when the time is up counts as that long (autocannon leaves it out of its latencies).
  const unanswered = r.timeouts + r.errors + (r.requests.total === 0 ? 1 : 0);
  return {
    p50: r.requests.total === 0 ? duration * 1000 : r.latency.p50,
    p99: unanswered > 0 ? Math.max(r.latency.p99, duration * 1000) : r.latency.p99,
    pings: r.requests.total,
  };
}

/** /ping measured while the loaded client sends `s` on `connections` connections (after a second's start). */
async function underLoad(
  server: AppServer,
  s: Scenario,
  duration: number,
  connections: number,
  /** The loaded client's address: each load from a network of its own, which starts with its whole budget. */
  loaded: string,
): Promise<Row> {
  const load = autocannon({
    url: server.url,
    connections,
    duration: duration + 2,
    // The load on a thread of its own: on this process's thread its answers would delay the reading of /ping's, and
    // /ping's latency would be the load generator's as much as the server's.
    workers: 1,
    // A request's own headers replace autocannon's defaults: the client's address goes in each.
    requests: s.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: { ...r.headers, "x-forwarded-for": loaded },
      body: r.body,
    })),
  });
  await new Promise((r) => setTimeout(r, 1000));
  const measured = await ping(server, duration);
  const result = await load;
  return {
    load: s.name,
    ...measured,
    answered: result["2xx"],
    refused: result.statusCodeStats?.["429"]?.count ?? 0,
  };
}

async function run(label: string, env: Record<string, string>, opts: Options): Promise<Row[]> {
  return withLoadedServer(
    opts.count,
    async (server) => {
      const scenarios = await loads(server, opts.count);
      // Warm-up: every page and route compiled and its data loaded before anything is measured.
      for (const [i, s] of (await loads(server, opts.count, WARM_UP_KEY)).entries())
        await underLoad(server, s, 1, 4, `10.9.${i}.1`);
      process.stderr.write(`${label}: idle /ping (${opts.duration} s) …\n`);
      const idle = await ping(server, opts.duration);
      const rows: Row[] = [{ load: "none (idle)", ...idle, answered: 0, refused: 0 }];
      for (const [i, s] of scenarios.entries()) {
        process.stderr.write(`${label}: ${s.name} (${opts.duration} s) …\n`);
        rows.push(await underLoad(server, s, opts.duration, opts.connections, `10.1.${i}.1`));
      }
      return rows;
    },
    { TRUSTED_PROXY_HOPS: "1", ...env },
  );
}

interface Options {
  count: number;
  duration: number;
  connections: number;
  limitsOnly: boolean;
}

async function main(): Promise<void> {
  const { values } = commandLine("bench:fairness", usage, {
    options: {
      count: { type: "string", default: "20000" },
      duration: { type: "string", default: "15" },
      connections: { type: "string", default: "32" },
      "limits-only": { type: "boolean", default: false },
    },
  });
  const opts: Options = {
    count: Number(values.count),
    duration: Number(values.duration),
    connections: Number(values.connections),
    limitsOnly: values["limits-only"],
  };
  const on = await run("limits on", limitsOn(), opts);
  const caps = opts.limitsOnly ? undefined : await run("in-progress caps only", capsOnly(), opts);
  const off = opts.limitsOnly ? undefined : await run("limits off", FAIR_USE_OFF, opts);

  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  console.log(
    `\nbench:fairness — ${opts.count} hotels, loaded client ${opts.connections} connections, /ping 1 connection, ${opts.duration} s each, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average (1 / 5 / 15 min) ${load}\n`,
  );
  const idle = on[0]!;
  const ratio = (v: number, base: number) => `${(v / base).toFixed(1)}×`;
  const header = [
    "load (one client)",
    "/ping answers",
    "/ping p50 ms",
    "p50 vs idle",
    "/ping p99 ms",
    "p99 vs idle",
    "loaded: 2xx",
    "loaded: 429",
  ];
  if (caps) header.push("caps only: /ping p50 ms", "p50 vs idle", "caps only: loaded 2xx");
  if (off) header.push("limits off: /ping p50 ms", "p50 vs idle");
  const rows = on.map((r, i) => {
    const row = [
      r.load,
      String(r.pings),
      r.p50.toFixed(1),
      ratio(r.p50, idle.p50),
      r.p99.toFixed(1),
      ratio(r.p99, idle.p99),
      i ? String(r.answered) : "–",
      i ? String(r.refused) : "–",
    ];
    if (caps) row.push(caps[i]!.p50.toFixed(1), ratio(caps[i]!.p50, caps[0]!.p50), i ? String(caps[i]!.answered) : "–");
    if (off) row.push(off[i]!.p50.toFixed(1), ratio(off[i]!.p50, off[0]!.p50));
    return row;
  });
  console.log(markdownTable(header, rows));
  console.log("\ntargets:");
  for (const [label, rowsOf] of [
    ["limits on", on],
    ["caps only", caps],
  ] as const) {
    if (!rowsOf) continue;
    for (const r of rowsOf.slice(1)) {
      // The target is the limits' together; the caps alone are shown against it, for what they do without budgets.
      const ok = r.p50 <= 3 * rowsOf[0]!.p50;
      const verdict = label === "limits on" ? (ok ? "PASS" : "FAIL") : ok ? "(met)" : "(not met)";
      console.log(`  ${verdict}  ${label}: /ping p50 ≤ 3 × idle under ${r.load}: ${ratio(r.p50, rowsOf[0]!.p50)}`);
    }
  }
}

main().catch((e: unknown) => {
  console.error(`bench:fairness failed: ${(e as Error).message}`);
  process.exit(1);
});
