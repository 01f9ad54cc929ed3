import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { startAppServer, type AppServer, TEST_POSTGRES_URL } from "@/lib/testing";
import { generateExport, SAMPLE_CITIES, hotelId, LocalSource, syncExport } from "@/lib/content";
import { openStore } from "@/lib/store";
import { recountHotels } from "@/lib/places";
import { commandLine, buildApp } from "@/lib/cli";
import { markdownTable } from "@/lib/text";
import { BENCH_HOST, FAIR_USE_OFF, getJson, runRounds, type Scenario } from "./http";

const usage = `Usage: npm run bench:scale -- [--sizes 100000,1000000] [--baseline 2000] [--postgres] [--postgres-only] [--duration 5] [--rounds 3] [--connections 8] [--built]

An instance sized for millions of hotels, measured as an operator sees it. Generates (once, cached under
.data/bench-scale) exports of the baseline's, and each size's, hotels around 58 real cities, syncs each into its own
SQLite store (and, with --postgres, the largest into a PostgreSQL schema; --postgres-only: that one alone, beside the
empty and baseline servers), then serves each with the production server (npm start's) and measures: time from start
to healthy (/api/health), the server's RSS (once healthy and complete, before any traffic) over the same server with
no hotels, per hotel, and p50 / p99 of search, hotel and nearby pages at --connections connections against the
baseline's (every server up at once, --rounds rounds interleaved as the other HTTP benchmarks run them, medians).
At the largest size it also recounts while serving and samples the RSS during the catalog's rebuild, against the RSS
settled just before it: once before any traffic (the target) and once after the pages' traffic has grown the heap.
--built: the app is built already (no next build first). Targets: healthy ≤ 10 s, ≤ 200 bytes per hotel, p50 and p99 ≤
1.2 × the baseline's, rebuild peak ≤ 1.5 × the steady memory.`;

const CACHE = path.join(".data", "bench-scale");

/** The server's resident memory, from /proc (MB). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * The server's RSS once it stops falling: sampled every second until no new low for 10 s (at most 60 s). A build
 * leaves garbage that the collector returns a few seconds after the process goes idle; the steady memory is what an
 * instance holds.
 */
async function settledRss(pid: number): Promise<number> {
  let low = rssMb(pid);
  let lowAt = Date.now();
  for (const end = Date.now() + 60_000; Date.now() < end && Date.now() - lowAt < 10_000;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = rssMb(pid);
    if (now < low - 1) [low, lowAt] = [now, Date.now()];
  }
  return low;
}

/** A generated export of `count` hotels, made once. */
async function cachedExport(count: number): Promise<string> {
  const dir = path.join(CACHE, `export-${count}`);
  if (!fs.existsSync(path.join(dir, ".complete"))) {
    console.error(`generating ${count} hotels …`);
    fs.rmSync(dir, { recursive: true, force: true });
    await generateExport({ out: dir, count, seed: 1, gzip: true, files: count >= 100_000 ? 4 : 1 });
    fs.writeFileSync(path.join(dir, ".complete"), "");
  }
  return dir;
}

/** The database URL of a store holding the export, synced once. */
async function cachedStore(count: number, kind: "sqlite" | "postgres"): Promise<string> {
  let url: string;
  if (kind === "sqlite") {
    fs.mkdirSync(CACHE, { recursive: true });
    url = `sqlite://${path.resolve(CACHE, `hotels-${count}.sqlite`)}`;
  } else {
    const schema = `bench_scale_${count}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema if not exists ${schema}`);
    await admin.end();
    const u = new URL(TEST_POSTGRES_URL);
    u.searchParams.set("options", `-c search_path=${schema}`);
    url = u.toString();
  }
  const store = await openStore(
    kind === "sqlite" ? { kind, sqliteFile: url.slice("sqlite://".length) } : { kind, url },
  );
  try {
    const published = await store.db
      .selectFrom("sync_runs")
      .select("id")
      .where("status", "=", "published")
      .executeTakeFirst();
    if (!published && count > 0) {
      console.error(`syncing ${count} hotels into ${kind} …`);
      const summary = await syncExport({
        store,
        source: new LocalSource(await cachedExport(count)),
        log: pino({ level: "warn" }),
        maxRemovedShare: 1,
        maxRejectedShare: 1,
        lockStaleSeconds: 60,
      });
      if (summary.status !== "published") throw new Error(`sync ${summary.status}: ${summary.error?.message}`);
    }
  } finally {
    await store.close();
  }
  return url;
}

/** A page kind's latency at one size: the medians, over the rounds, of each round's p50 and p99, and its size. */
interface Latency {
  p50: number;
  p99: number;
  kb: number;
}

interface Pages {
  search: Latency;
  hotel: Latency;
  nearby: Latency;
}

type PageKind = keyof Pages;

async function serve(url: string): Promise<{ server: AppServer; healthyS: number }> {
  const entry = import.meta.url.endsWith(".mjs") ? [new URL("./start.mjs", import.meta.url).pathname] : undefined;
  const started = performance.now();
  const server = await startAppServer(
    () => ({
      DATABASE_URL: url,
      NODE_ENV: "production",
      DEMO_BRANDS: "true",
      TRACKING_SECRET: "bench-tracking-secret-not-for-deployments",
      LOG_LEVEL: "info",
      ...FAIR_USE_OFF,
    }),
    { entry, readyWithinMs: 900_000 },
  );
  return { server, healthyS: (performance.now() - started) / 1000 };
}

/** Waits for the log line that says a large catalog's name order and suggestions are built (none below 100 000). */
/** From this many hotels on, a catalog builds its name order and suggestions after it serves (lib/search/service.ts). */
const FINISHED_LATER_FROM = 100_000;

async function completed(server: AppServer, count: number): Promise<void> {
  if (count < FINISHED_LATER_FROM) return;
  while (!server.logs().includes("catalog name order and suggestions built"))
    await new Promise((r) => setTimeout(r, 200));
}

/** The paths of each page kind a server at `count` hotels answers, found through its own suggestions. */
async function pagePaths(server: AppServer, count: number): Promise<Record<PageKind, string[]>> {
  const placeIds: string[] = [];
  for (const c of SAMPLE_CITIES) {
    const found = await getJson<{ places: { placeId: string }[] }>(
      server.port,
      `/api/suggest?q=${encodeURIComponent(c.name)}`,
    );
    if (found.places[0]) placeIds.push(found.places[0].placeId);
  }
  const step = Math.max(1, Math.floor(count / 1000));
  // The empty server answers the same kinds of pages (not found, or the home page for want of places).
  const hotels = Array.from({ length: Math.max(1, Math.min(1000, count)) }, (_, i) => hotelId(1 + i * step));
  if (placeIds.length === 0) placeIds.push("none");
  return {
    search: placeIds.flatMap((id) => [`/search?placeId=${id}`, `/search?placeId=${id}&sort=name&page=2`]),
    hotel: hotels.map((id) => `/hotels/${id}`),
    nearby: hotels.map((id) => `/api/hotels/${id}/nearby`),
  };
}

/**
 * Every page kind on every server, in runRounds' interleaved rounds (each round starting one scenario further on), so
 * that whatever else the machine does at a moment weighs on every size alike rather than on whichever ran then.
 */
async function pages(
  servers: { server: AppServer; count: number }[],
  opts: { duration: number; connections: number; rounds: number },
): Promise<Pages[]> {
  const paths = await Promise.all(servers.map((s) => pagePaths(s.server, s.count)));
  const kinds = ["search", "hotel", "nearby"] as const;
  const scenarios: Scenario[] = kinds.flatMap((kind) =>
    servers.map(({ server }, i) => ({
      name: `${kind} ${i}`,
      url: server.url,
      requests: paths[i]![kind].map((p) => ({
        method: "GET" as const,
        path: p,
        headers: { host: `${BENCH_HOST}:${server.port}`, accept: "text/html", "accept-encoding": "gzip, deflate, br" },
      })),
    })),
  );
  const results = new Map(
    (await runRounds(servers[0]!.server.url, scenarios, { count: 0, ...opts })).map((r) => [r.name, r]),
  );
  return servers.map((_, i) => {
    const latency = (kind: PageKind): Latency => {
      const r = results.get(`${kind} ${i}`)!;
      return { p50: r.p50, p99: r.p99, kb: r.bytes / 1024 };
    };
    return { search: latency("search"), hotel: latency("hotel"), nearby: latency("nearby") };
  });
}

async function main(): Promise<void> {
  const { values } = commandLine("bench:scale", usage, {
    options: {
      sizes: { type: "string", default: "100000,1000000" },
      baseline: { type: "string", default: "2000" },
      postgres: { type: "boolean", default: false },
      "postgres-only": { type: "boolean", default: false },
      duration: { type: "string", default: "5" },
      rounds: { type: "string", default: "3" },
      connections: { type: "string", default: "8" },
      built: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes.split(",").map(Number);
  const baseline = Number(values.baseline);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  if ([...sizes, baseline, duration, connections, rounds].some((n) => !Number.isInteger(n) || n < 1))
    throw new Error("--sizes, --baseline, --duration, --rounds and --connections take positive whole numbers");
  if (!values.built) buildApp();

  const runs: {
    count: number;
    kind: string;
    healthyS: number;
    rssMb: number;
    pages?: Pages;
    /** Rebuilds at the largest size: before any traffic, and after the pages' traffic. */
    rebuild?: { peakMb: number; servingMb: number };
    rebuildAfterTraffic?: { peakMb: number; servingMb: number };
  }[] = [];
  // Each server is started alone (its time to healthy and its memory before traffic), and those whose pages are
  // measured stay up for the interleaved rounds.
  const paged: { server: AppServer; count: number; run: (typeof runs)[number]; url: string }[] = [];
  const measure = async (count: number, kind: "sqlite" | "postgres", withPages: boolean) => {
    const url = await cachedStore(count, kind);
    console.error(`serving ${count} hotels (${kind}) …`);
    const { server, healthyS } = await serve(url);
    try {
      await completed(server, count);
      // Held memory before any traffic: afterwards the JS heap's growth under load (tens to hundreds of MB, from run
      // to run) would hide what the hotels take.
      const run: (typeof runs)[number] = { count, kind, healthyS, rssMb: await settledRss(server.pid) };
      runs.push(run);
      if (withPages && count === Math.max(...sizes)) {
        console.error("rebuild: a recount while the largest serves, before traffic …");
        run.rebuild = await rebuildPeak(server, url, count);
      }
      if (withPages) paged.push({ server, count, run, url });
    } finally {
      if (!withPages) await server.stop();
    }
  };
  try {
    await measure(0, "sqlite", true);
    await measure(baseline, "sqlite", true);
    if (!values["postgres-only"]) for (const count of sizes) await measure(count, "sqlite", true);
    if (values.postgres || values["postgres-only"]) await measure(Math.max(...sizes), "postgres", false);
    console.error(`pages: ${rounds} rounds of ${duration} s per page kind and server, interleaved …`);
    const measured = await pages(paged, { duration, connections, rounds });
    for (const [i, p] of paged.entries()) p.run.pages = measured[i];
    const largestPaged = paged.find((p) => p.count === Math.max(...sizes));
    if (largestPaged) {
      console.error("rebuild: again, after the traffic …");
      largestPaged.run.rebuildAfterTraffic = await rebuildPeak(
        largestPaged.server,
        largestPaged.url,
        largestPaged.count,
      );
    }
  } finally {
    for (const p of paged) await p.server.stop();
  }

  const empty = runs[0]!.rssMb;
  const base = runs[1]!;
  const ms = (r: Latency | undefined, q: "p50" | "p99") => (r ? r[q] : NaN);
  const ratio = (a: number, b: number) => (Number.isFinite(a) && b > 0 ? `${(a / b).toFixed(2)}×` : "–");
  const rows = runs.map((r) => {
    const perHotel = r.count > 0 ? ((r.rssMb - empty) * 1024 * 1024) / r.count : NaN;
    const cell = (name: keyof Pages) => {
      const p = r.pages?.[name];
      const b = base.pages?.[name];
      if (!p) return "–";
      const kb = p.kb;
      const times = `${ms(p, "p50")} / ${ms(p, "p99")}`;
      return `${times} (${ratio(ms(p, "p50"), ms(b, "p50"))} / ${ratio(ms(p, "p99"), ms(b, "p99"))}), ${kb.toFixed(1)} KB`;
    };
    return [
      String(r.count),
      r.kind,
      `${r.healthyS.toFixed(1)} (+${(r.healthyS - runs[0]!.healthyS).toFixed(1)})`,
      r.rssMb.toFixed(0),
      Number.isFinite(perHotel) ? perHotel.toFixed(0) : "–",
      cell("search"),
      cell("hotel"),
      cell("nearby"),
      [r.rebuild, r.rebuildAfterTraffic]
        .map((b) =>
          b ? `${b.peakMb.toFixed(0)} / ${b.servingMb.toFixed(0)} (${(b.peakMb / b.servingMb).toFixed(2)}×)` : "–",
        )
        .join("; "),
    ];
  });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  console.log(
    `\nbench:scale — ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${connections} connections, ${rounds} interleaved rounds of ${duration} s per page kind (medians), load average ${load}; empty server ${empty.toFixed(0)} MB RSS\n`,
  );
  console.log(
    markdownTable(
      [
        "hotels",
        "store",
        "healthy s (+ over empty)",
        "RSS MB, before traffic",
        "B/hotel over empty",
        "search p50 / p99 ms (× baseline), size",
        "hotel p50 / p99 ms (×), size",
        "nearby p50 / p99 ms (×), size",
        "rebuild peak / serving MB (×): before traffic; after",
      ],
      rows,
    ),
  );
  const largest = runs.filter((r) => r.count === Math.max(...sizes));
  const within = (name: keyof Pages, q: "p50" | "p99") =>
    largest.every((r) => !r.pages || ms(r.pages[name], q) <= 1.2 * ms(base.pages![name], q) + 1);
  const checks: [string, boolean][] = [
    ["healthy ≤ 10 s at the largest size, every store", largest.every((r) => r.healthyS <= 10)],
    [
      "the hotels add ≤ 10 s to the empty server's start, every store",
      largest.every((r) => r.healthyS - runs[0]!.healthyS <= 10),
    ],
    [
      "≤ 200 bytes per hotel over the empty server",
      runs.slice(2).every((r) => ((r.rssMb - empty) * 1024 * 1024) / r.count <= 200),
    ],
    ...(["search", "hotel", "nearby"] as const).flatMap((name) =>
      (["p50", "p99"] as const).map((q): [string, boolean] => [
        `${name} ${q} ≤ 1.2 × the baseline's (+1 ms, the timer's grain)`,
        within(name, q),
      ]),
    ),
    [
      "rebuild peak ≤ 1.5 × the steady memory just before it (before traffic)",
      largest.every((r) => r.rebuild === undefined || r.rebuild.peakMb <= 1.5 * r.rebuild.servingMb),
    ],
  ];
  console.log("\ntargets:");
  for (const [text, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
  if (!checks.every(([, ok]) => ok)) process.exitCode = 1;
}

/**
 * Recounts the store while the server serves (a new view, so a new catalog), sampling the server's RSS until the
 * rebuilt catalog is finished: the peak while the old catalog still serves and the new one is built.
 */
async function rebuildPeak(
  server: AppServer,
  url: string,
  count: number,
): Promise<{ peakMb: number; servingMb: number }> {
  const servingMb = await settledRss(server.pid);
  const builds = () => server.logs().split("catalog built").length;
  const before = builds();
  const done = () => server.logs().split("catalog name order and suggestions built").length;
  const completedBefore = done();
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  try {
    const store = await openStore(
      url.startsWith("sqlite://") ? { kind: "sqlite", sqliteFile: url.slice(9) } : { kind: "postgres", url },
    );
    try {
      await recountHotels(store.db, { runId: null });
    } finally {
      await store.close();
    }
    // Below FINISHED_LATER_FROM the name order and suggestions are part of the build: no line says when they are done.
    while (builds() === before || (count >= FINISHED_LATER_FROM && done() === completedBefore))
      await new Promise((r) => setTimeout(r, 100));
  } finally {
    clearInterval(sampler);
  }
  return { peakMb: peak, servingMb };
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
