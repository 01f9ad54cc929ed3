import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pino from "pino";
import { startAppServer } from "@/e2e/fixtures/app-server";
import demoBrands from "@/lib/brands/demo-brands.json";
import { generateExport } from "@/lib/content/generate";
import { LocalSource } from "@/lib/content/sources";
import { syncExport } from "@/lib/content/sync";
import { SAMPLE_CITIES } from "@/lib/content/generate/cities";
import { openTestStore } from "@/lib/store/testing";
import { markdownTable } from "./format";

const usage = `Usage: npm run bench:nearby -- [--count 20000] [--duration 5] [--rounds 5] [--connections 32]

Builds the app, loads --count generated hotels (around 58 real cities) into a fresh SQLite store, serves the built
app (lib/server, as npm start does) and measures with autocannon at --connections connections, --duration seconds
each: a trivial JSON route of the same server (GET /api/live: the baseline), POST /v1/nearby-places with hits 10
(all categories), hits 10 with three categories, and hits 1000 within 1000 km. The four run in --rounds rounds, one
after the other, so that a slow moment of the machine hits all of them; the table shows each one's median round.
Request bodies cycle through the 58 cities (one fixed request each); every request sends Accept-Encoding: gzip, deflate, br as a partner's
HTTP client does. Targets (hits 10): ≥ 0.7 × the trivial route's requests/s and p99 ≤ 1.5 × its p99.`;

const KEY = demoBrands.brands[0]!.partner.keys[0]!;

interface Scenario {
  name: string;
  method: "GET" | "POST";
  path: string;
  bodies?: string[];
}
interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

function bodies(extra: Record<string, unknown>): string[] {
  return SAMPLE_CITIES.map((c) =>
    JSON.stringify({
      placeName: c.name,
      country: c.country,
      currency: c.currency,
      language: "en",
      userCountry: "DE",
      userDevice: "mobile",
      ...extra,
    }),
  );
}

async function measure(url: string, s: Scenario, duration: number, connections: number): Promise<Measure> {
  const headers = {
    "accept-encoding": "gzip, deflate, br",
    ...(s.bodies ? { "content-type": "application/json", "x-partner-key": KEY } : {}),
  };
  // Fixed requests that each connection cycles through: autocannon builds them once, so the load generator (on the
  // same two cores) costs the same for every scenario.
  const result = await autocannon({
    url: url + s.path,
    connections,
    duration,
    requests: (s.bodies ?? [undefined]).map((body) => ({ method: s.method, headers, body })),
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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "20000" },
      duration: { type: "string", default: "5" },
      rounds: { type: "string", default: "5" },
      connections: { type: "string", default: "32" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return void console.log(usage);
  const count = Number(values.count);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nearby-"));
  const store = await openTestStore("sqlite");
  try {
    console.log(`loading ${count} generated hotels …`);
    await generateExport({ out: work, count, seed: 1 });
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

    // The bundled server next to this bundle (npm run bench:nearby), else its TypeScript source.
    const entry = import.meta.url.endsWith(".mjs") ? [new URL("./start.mjs", import.meta.url).pathname] : undefined;
    const server = await startAppServer(() => ({ DATABASE_URL: store.databaseUrl, NODE_ENV: "production" }), { entry });
    try {
      const url = server.url;
      const scenarios: Scenario[] = [
        { name: "trivial JSON route (GET /api/live)", method: "GET", path: "/api/live" },
        {
          name: "nearby, hits 10, all categories",
          method: "POST",
          path: "/v1/nearby-places",
          bodies: bodies({ hits: 10 }),
        },
        {
          name: "nearby, hits 10, city+landmark+airport",
          method: "POST",
          path: "/v1/nearby-places",
          bodies: bodies({ hits: 10, radius: 200, placeCategories: ["city", "landmark", "airport"] }),
        },
        {
          name: "nearby, hits 1000, radius 1000",
          method: "POST",
          path: "/v1/nearby-places",
          bodies: bodies({ hits: 1000, radius: 1000 }),
        },
      ];
      // Warm-up: JIT, connection pools, the places' first load.
      for (const s of scenarios) await measure(url, s, 2, connections);
      const runs = new Map<string, Measure[]>(scenarios.map((s) => [s.name, []]));
      for (let round = 1; round <= rounds; round++) {
        for (const s of scenarios) {
          process.stderr.write(`round ${round}/${rounds}: ${s.name} (${duration} s) …\n`);
          runs.get(s.name)!.push(await measure(url, s, duration, connections));
        }
      }
      report([...runs.values()], { count, duration, connections, rounds });
    } finally {
      await server.stop();
    }
  } finally {
    await store.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(
  runs: Measure[][],
  opts: { count: number; duration: number; connections: number; rounds: number },
): void {
  // Each scenario's median round (by req/s and by p99 separately), with the spread of its rounds.
  const results = runs.map((rs) => ({
    ...rs[0]!,
    rps: median(rs.map((m) => m.rps)),
    p50: median(rs.map((m) => m.p50)),
    p99: median(rs.map((m) => m.p99)),
    bytes: median(rs.map((m) => m.bytes)),
    spread: `${Math.round(Math.min(...rs.map((m) => m.rps)))}–${Math.round(Math.max(...rs.map((m) => m.rps)))}`,
    non2xx: rs.reduce((n, m) => n + m.non2xx, 0),
    errors: rs.reduce((n, m) => n + m.errors, 0),
  }));
  const baseRps = results[0]!.rps;
  const baseP99 = results[0]!.p99;
  const rows = results.map((m) => [
    m.name,
    Math.round(m.rps).toString(),
    m.spread,
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    `${(m.rps / baseRps).toFixed(2)}×`,
    `${(m.p99 / baseP99).toFixed(2)}×`,
    Math.round(m.bytes).toString(),
    String(m.non2xx + m.errors),
  ]);
  console.log(
    `\nbench:nearby — ${opts.count} hotels, ${opts.connections} connections, median of ${opts.rounds} rounds of ${opts.duration} s, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}\n`,
  );
  console.log(
    markdownTable(
      [
        "scenario",
        "req/s",
        "req/s rounds",
        "p50 ms",
        "p99 ms",
        "req/s vs trivial",
        "p99 vs trivial",
        "bytes/resp",
        "failed",
      ],
      rows,
    ),
  );
  const hits10 = results[1]!;
  const checks: [string, boolean][] = [
    [`hits 10: ≥ 0.7 × trivial req/s: ${(hits10.rps / baseRps).toFixed(2)}×`, hits10.rps / baseRps >= 0.7],
    [`hits 10: p99 ≤ 1.5 × trivial p99: ${(hits10.p99 / baseP99).toFixed(2)}×`, hits10.p99 / baseP99 <= 1.5],
    [`no failed requests`, results.every((m) => m.non2xx + m.errors === 0)],
  ];
  console.log("\ntargets:");
  for (const [text, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
}

main().catch((e: unknown) => {
  console.error(`bench:nearby failed: ${(e as Error).message}`);
  process.exit(1);
});
