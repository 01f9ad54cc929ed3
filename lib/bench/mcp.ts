import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { demoBrands } from "@/lib/brands/node";
import { SAMPLE_CITIES } from "@/lib/content";
import { loopbackFetch } from "@/lib/http/node";
import { withLoadedServer } from "./http";
import { commandLine, cpuSeconds, descendantsIn, processTable, procStat, runProgress, stats } from "@/lib/cli";
import { markdownTable } from "@/lib/text";

const usage = `Usage: npm run bench:mcp -- [--count 20000] [--duration 5] [--rounds 3] [--warmup 2] [--sessions 1,8,32]

Builds the app, loads --count generated hotels (around 58 real cities) into a fresh SQLite store, serves the built
app (lib/server, as npm start does) with the demo brands on its port and the assistant endpoint's rate limits out of
the way, and measures tools/call on POST http://brand-a.localhost:{port}/mcp with the MCP SDK's own client
(StreamableHTTPClientTransport; initialize and tools/list once per session, not timed), for search_hotels
({ query: city, pageSize: 10 }) and nearby_places (hits 10), next to the plain POST /v1/nearby-places route with the
same body and the first demo brand's partner key (the baseline). Every case goes through the same keep-alive HTTP
client (lib/http/loopback-fetch), uncompressed; requests cycle through 7 cities.

At each of --sessions concurrencies, N sessions (connected clients; for the plain route, N callers) make calls back to
back: a --warmup-second warm-up of each case, then --rounds rounds of --duration seconds each, the cases in a
rotated order every round so that a slow moment of the machine hits all of them. calls/s is the median round's
(successful calls / wall time), p50/p99 over every call of the rounds. CPU ms/call: this process (the clients) and
the server's processes (from /proc, Linux only), over the rounds. Every call is checked (HTTP 200, no JSON-RPC error,
no isError, a non-empty answer). Targets (issue): at 1 session tools/call p50 ≤ 10 ms; at 8 and 32 sessions
nearby_places over MCP ≥ 0.6 × the plain route's calls/s; no failed call. Exit code 1 when a target fails.`;

const BRAND = demoBrands.brands[0]!;
const HOST = BRAND.hosts[0]!;
const PARTNER_KEY = BRAND.partner.keys[0]!;
const CITIES = ["Paris", "London", "Berlin", "Rome", "Lisbon", "Barcelona", "Amsterdam"].map((name) => {
  const city = SAMPLE_CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`${name} is not a sample city of the generator`);
  return city;
});
const TARGET_P50_MS = 10;
const TARGET_RATIO = 0.6;
const TARGET_RATIO_SESSIONS = [8, 32];
const CALL_TIMEOUT_MS = 30_000;

interface Options {
  count: number;
  duration: number;
  rounds: number;
  warmup: number;
  sessions: number[];
}

function options(): Options {
  const { values } = commandLine("bench:mcp", usage, {
    options: {
      count: { type: "string", default: "20000" },
      duration: { type: "string", default: "5" },
      rounds: { type: "string", default: "3" },
      warmup: { type: "string", default: "2" },
      sessions: { type: "string", default: "1,8,32" },
    },
  });
  const num = (name: string, value: string, min: number, integer = true) => {
    const n = Number(value);
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min)
      throw new Error(`--${name} must be ${integer ? "an integer" : "a number"} ≥ ${min} (got ${value})`);
    return n;
  };
  const sessions = [...new Set(values.sessions.split(",").map((s) => num("sessions", s.trim(), 1)))].sort(
    (a, b) => a - b,
  );
  return {
    count: num("count", values.count, 1),
    duration: num("duration", values.duration, 0.1, false),
    rounds: num("rounds", values.rounds, 1),
    warmup: num("warmup", values.warmup, 0, false),
    sessions,
  };
}

/** The body of POST /v1/nearby-places, and nearby_places' arguments, for the i-th call. */
const nearbyBody = (i: number) => {
  const c = CITIES[i % CITIES.length]!;
  return {
    placeName: c.name,
    country: c.country,
    currency: "EUR",
    language: "en",
    userCountry: "DE",
    userDevice: "desktop",
    hits: 10,
  };
};
const searchArgs = (i: number) => ({ query: CITIES[i % CITIES.length]!.name, pageSize: 10 });

type CaseId = "plain" | "nearby" | "search";

/** One kind of call; `call` makes the i-th call in session s and says why it failed, or undefined. */
interface Case {
  id: CaseId;
  name: string;
  call(session: number, i: number): Promise<string | undefined>;
}

interface ToolAnswer {
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
  isError?: boolean;
}

/** One connected MCP client (initialize and tools/list done): a session. */
async function openSession(port: number): Promise<Client> {
  const client = new Client({ name: "bench-mcp", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`http://${HOST}:${port}/mcp`), { fetch: loopbackFetch }),
  );
  // As an assistant does before calling tools; the client then checks every structured answer against its schema.
  const { tools } = await client.listTools();
  for (const name of ["search_hotels", "nearby_places"])
    if (!tools.some((t) => t.name === name)) throw new Error(`tools/list has no ${name}`);
  return client;
}

/** Why a tool's answer is not a good one, or undefined. */
function toolFailure(r: ToolAnswer, list: "hotels" | "places"): string | undefined {
  if (r.isError)
    return `isError: ${(r.content ?? [])
      .map((c) => c.text ?? "")
      .join(" ")
      .slice(0, 160)}`;
  const items = r.structuredContent?.[list];
  if (!Array.isArray(items)) return `no structuredContent.${list}`;
  if (items.length === 0) return `no ${list} in the answer`;
  return undefined;
}

function cases(port: number, clients: Client[]): Case[] {
  const plainUrl = `http://${HOST}:${port}/v1/nearby-places`;
  const headers = { "content-type": "application/json", "x-partner-key": PARTNER_KEY };
  const bodies = CITIES.map((_, i) => JSON.stringify(nearbyBody(i)));
  const tool = async (session: number, name: string, args: Record<string, unknown>, list: "hotels" | "places") => {
    const r = (await clients[session]!.callTool({ name, arguments: args }, undefined, {
      timeout: CALL_TIMEOUT_MS,
    })) as ToolAnswer;
    return toolFailure(r, list);
  };
  return [
    {
      id: "plain",
      name: "POST /v1/nearby-places (plain route)",
      async call(_session, i) {
        const res = await loopbackFetch(plainUrl, {
          method: "POST",
          headers,
          body: bodies[i % bodies.length],
        });
        const text = await res.text();
        if (res.status !== 200) return `HTTP ${res.status}: ${text.slice(0, 160)}`;
        const places = (JSON.parse(text) as { places?: unknown }).places;
        if (!Array.isArray(places) || places.length === 0) return "no places in the answer";
        return undefined;
      },
    },
    {
      id: "nearby",
      name: "nearby_places (MCP)",
      call: (session, i) => tool(session, "nearby_places", nearbyBody(i), "places"),
    },
    {
      id: "search",
      name: "search_hotels (MCP)",
      call: (session, i) => tool(session, "search_hotels", searchArgs(i), "hotels"),
    },
  ];
}

/** CPU time (ms) of the app server's processes: this process's descendants, read from /proc (Linux); else undefined. */
function serverCpu(): () => number | undefined {
  const pids = descendantsIn(processTable()).map((p) => p.pid);
  return () => {
    if (!pids.length) return undefined;
    let seconds = 0;
    for (const pid of pids) {
      const stat = procStat(pid);
      if (!stat) return undefined;
      seconds += cpuSeconds(stat).own;
    }
    return seconds * 1000;
  };
}

/** One run of a case: `sessions` callers, back to back, for `seconds`. */
interface Run {
  ok: number;
  failed: number;
  seconds: number;
  latencies: number[];
  clientCpuMs: number;
  serverCpuMs?: number;
}

type Progress = ReturnType<typeof runProgress>;

async function run(
  c: Case,
  sessions: number,
  seconds: number,
  reasons: Map<string, number>,
  cpu: () => number | undefined,
  tick: (calls: number, failed: number) => void,
): Promise<Run> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  const server0 = cpu();
  const started = performance.now();
  const end = started + seconds * 1000;
  // Progress within the run on a terminal; elsewhere runProgress prints its own lines.
  const timer = process.stderr.isTTY ? setInterval(() => tick(latencies.length + failed, failed), 250) : undefined;
  // One watchdog for the run rather than a timer per call: the plain route's calls carry nothing but the request.
  let watchdog: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    watchdog = setTimeout(
      () => reject(new Error(`${c.name}: calls still pending ${CALL_TIMEOUT_MS / 1000} s after the run's end`)),
      seconds * 1000 + CALL_TIMEOUT_MS,
    );
  });
  try {
    const workers = Promise.all(
      Array.from({ length: sessions }, async (_, s) => {
        while (performance.now() < end) {
          const i = next++;
          const t0 = performance.now();
          let failure: string | undefined;
          try {
            failure = await c.call(s, i);
          } catch (e) {
            failure = `${(e as Error).name}: ${(e as Error).message}`.slice(0, 200);
          }
          const ms = performance.now() - t0;
          if (failure) {
            failed++;
            const key = `${c.name}: ${failure}`;
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          } else latencies.push(ms);
        }
      }),
    );
    await Promise.race([workers, stuck]);
  } finally {
    clearInterval(timer);
    clearTimeout(watchdog);
  }
  const elapsed = (performance.now() - started) / 1000;
  const usage = process.cpuUsage(cpu0);
  const server1 = cpu();
  return {
    ok: latencies.length,
    failed,
    seconds: elapsed,
    latencies,
    clientCpuMs: (usage.user + usage.system) / 1000,
    serverCpuMs: server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined,
  };
}

/** A case at one concurrency: its measured rounds, and the failures of its warm-up. */
interface Cell {
  case: Case;
  sessions: number;
  rounds: Run[];
  warmupFailed: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const rps = (r: Run) => r.ok / r.seconds;

interface Summary {
  cell: Cell;
  rps: number;
  spread: string;
  p50: number;
  p99: number;
  failed: number;
  clientCpu: number;
  serverCpu?: number;
}

function summarise(cell: Cell): Summary {
  const all = cell.rounds.flatMap((r) => r.latencies);
  const st = stats(all);
  const calls = cell.rounds.reduce((n, r) => n + r.ok + r.failed, 0);
  const perCall = (ms: number) => ms / Math.max(calls, 1);
  const rates = cell.rounds.map(rps);
  return {
    cell,
    rps: median(rates),
    spread: `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`,
    p50: st.p50,
    p99: st.p99,
    failed: cell.rounds.reduce((n, r) => n + r.failed, 0),
    clientCpu: perCall(cell.rounds.reduce((t, r) => t + r.clientCpuMs, 0)),
    serverCpu: cell.rounds.every((r) => r.serverCpuMs !== undefined)
      ? perCall(cell.rounds.reduce((t, r) => t + r.serverCpuMs!, 0))
      : undefined,
  };
}

/** Every concurrency in turn: a warm-up of each case, then the rounds, the cases' order rotated every round. */
async function measure(opts: Options, all: Case[], reasons: Map<string, number>): Promise<Cell[]> {
  const cpu = serverCpu();
  const cells: Cell[] = [];
  const steps = opts.sessions.length * all.length * ((opts.warmup > 0 ? 1 : 0) + opts.rounds);
  const bar: Progress = runProgress(steps);
  let step = 0;
  let failures = 0;
  for (const sessions of opts.sessions) {
    const mine = all.map((c): Cell => ({ case: c, sessions, rounds: [], warmupFailed: 0 }));
    const go = async (cell: Cell, seconds: number, label: string) => {
      step++;
      const text = `${sessions} session${sessions === 1 ? "" : "s"}, ${label}: ${cell.case.name}`;
      bar.update(step, text, failures);
      const r = await run(cell.case, sessions, seconds, reasons, cpu, (calls, failed) =>
        bar.update(step, `${text}, ${calls} calls`, failures + failed),
      );
      failures += r.failed;
      bar.update(step, `${text}, ${r.ok + r.failed} calls`, failures);
      return r;
    };
    if (opts.warmup > 0) for (const cell of mine) cell.warmupFailed = (await go(cell, opts.warmup, "warm-up")).failed;
    for (let round = 0; round < opts.rounds; round++) {
      for (let j = 0; j < mine.length; j++) {
        const cell = mine[(round + j) % mine.length]!;
        cell.rounds.push(await go(cell, opts.duration, `round ${round + 1}/${opts.rounds}`));
      }
    }
    cells.push(...mine);
  }
  bar.done();
  return cells;
}

const fmt = (n: number | undefined, digits = 1) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : "–");

/** Prints the table, the failures and the verdicts; whether every target passes. */
function report(opts: Options, cells: Cell[], reasons: Map<string, number>): boolean {
  const cpus = os.cpus();
  const rows = cells.map(summarise);
  const find = (id: CaseId, sessions: number) =>
    rows.find((r) => r.cell.case.id === id && r.cell.sessions === sessions);
  console.log(
    `\nbench:mcp — POST http://${HOST}/mcp (tools/call, MCP SDK client) vs POST /v1/nearby-places, ${opts.count} hotels, median of ${opts.rounds} round${opts.rounds === 1 ? "" : "s"} of ${opts.duration} s per case (+${opts.warmup} s warm-up), on loopback`,
  );
  console.log(
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${os.platform()} ${os.arch()}, Node ${process.version}; ${new Date().toISOString()}\n`,
  );
  console.log(
    markdownTable(
      [
        "case",
        "sessions",
        "calls/s",
        "calls/s rounds",
        "p50 ms",
        "p99 ms",
        "errors",
        "vs plain route",
        "client CPU ms/call",
        "server CPU ms/call",
      ],
      rows.map((r) => {
        const base = find("plain", r.cell.sessions);
        return [
          r.cell.case.name,
          String(r.cell.sessions),
          Math.round(r.rps).toString(),
          r.spread,
          fmt(r.p50),
          fmt(r.p99),
          String(r.failed + r.cell.warmupFailed),
          base ? `${(r.rps / base.rps).toFixed(2)}×` : "–",
          fmt(r.clientCpu, 2),
          fmt(r.serverCpu, 2),
        ];
      }),
    ),
  );
  console.log(
    "\n(errors include the warm-up's; client CPU: this process, which runs every session; server CPU: the app's processes)",
  );

  if (reasons.size) {
    console.log(`\nfailed calls:`);
    for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${n} × ${reason}`);
  }

  const checks: [string, boolean | undefined][] = [];
  for (const [id, tool] of [
    ["search", "search_hotels"],
    ["nearby", "nearby_places"],
  ] as const) {
    const r = find(id, 1);
    checks.push([
      `1 session: ${tool} tools/call p50 ≤ ${TARGET_P50_MS} ms: ${r ? `${fmt(r.p50)} ms` : "not measured"}`,
      r ? r.p50 <= TARGET_P50_MS : undefined,
    ]);
  }
  for (const sessions of TARGET_RATIO_SESSIONS) {
    const [mcp, plain] = [find("nearby", sessions), find("plain", sessions)];
    const ratio = mcp && plain ? mcp.rps / plain.rps : undefined;
    checks.push([
      `${sessions} sessions: nearby_places over MCP ≥ ${TARGET_RATIO} × the plain route's calls/s: ${
        ratio !== undefined
          ? `${ratio.toFixed(2)}× (${Math.round(mcp!.rps)} vs ${Math.round(plain!.rps)} calls/s)`
          : "not measured"
      }`,
      ratio !== undefined ? ratio >= TARGET_RATIO : undefined,
    ]);
  }
  const failed = [...reasons.values()].reduce((a, b) => a + b, 0);
  checks.push([`no failed call (warm-up included): ${failed} failed`, failed === 0]);
  console.log("\ntargets:");
  for (const [text, pass] of checks) console.log(`  ${pass === undefined ? "SKIP" : pass ? "PASS" : "FAIL"}  ${text}`);
  const passed = checks.every(([, pass]) => pass !== false);

  const parts: string[] = [];
  const one = [find("search", 1), find("nearby", 1)].filter((r) => r !== undefined);
  if (one.length)
    parts.push(`1 session p50 ${one.map((r) => `${r.cell.case.name.split(" ")[0]} ${fmt(r.p50)} ms`).join(", ")}`);
  const ratios = TARGET_RATIO_SESSIONS.flatMap((s) => {
    const [mcp, plain] = [find("nearby", s), find("plain", s)];
    return mcp && plain ? [`${(mcp.rps / plain.rps).toFixed(2)}× at ${s}`] : [];
  });
  if (ratios.length) parts.push(`nearby_places over MCP vs the plain route ${ratios.join(", ")}`);
  parts.push(`${failed} failed`);
  console.log(`\nsummary: ${parts.join("; ")}: ${passed ? "PASS" : "FAIL"}`);
  return passed;
}

/** A brand registry with the demo brands pointed at the server's own port (their links name it). */
function brandsFileFor(port: number, dir: string): string {
  const brands = structuredClone(demoBrands);
  for (const b of brands.brands) b.canonicalUrl = b.canonicalUrl.replace(/:\d+$/, `:${port}`);
  const file = path.join(dir, "brands.json");
  fs.writeFileSync(file, JSON.stringify(brands));
  return file;
}

/** One call of each case before any timing: they answer, and nearby_places over MCP lists the plain route's places. */
async function preflight(port: number, client: Client): Promise<void> {
  const body = nearbyBody(0);
  const res = await loopbackFetch(`http://${HOST}:${port}/v1/nearby-places`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-partner-key": PARTNER_KEY },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`POST /v1/nearby-places answered ${res.status}: ${await res.text()}`);
  const plain = ((await res.json()) as { places: { placeId: string }[] }).places;
  const nearby = (await client.callTool({ name: "nearby_places", arguments: body })) as ToolAnswer;
  const search = (await client.callTool({ name: "search_hotels", arguments: searchArgs(0) })) as ToolAnswer;
  const failure = toolFailure(nearby, "places") ?? toolFailure(search, "hotels");
  if (failure) throw new Error(`preflight: ${failure}`);
  const ids = (r: ToolAnswer) => (r.structuredContent!.places as { placeId: string }[]).map((p) => p.placeId);
  const same = JSON.stringify(ids(nearby)) === JSON.stringify(plain.map((p) => p.placeId));
  const s = search.structuredContent as { total?: number; hotels: unknown[] };
  console.log(
    `preflight (${body.placeName}): plain route ${plain.length} places, nearby_places ${ids(nearby).length} places (${
      same ? "the same" : "NOT the same as the plain route's"
    }), search_hotels ${s.hotels.length} of ${s.total ?? "?"} hotels`,
  );
}

async function main(): Promise<void> {
  const opts = options();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mcp-"));
  let passed = false;
  try {
    passed = await withLoadedServer(
      opts.count,
      async (server) => {
        const n = Math.max(...opts.sessions);
        console.log(`opening ${n} MCP session${n === 1 ? "" : "s"} (initialize, tools/list) …`);
        const clients: Client[] = [];
        try {
          for (let i = 0; i < n; i++) clients.push(await openSession(server.port));
          await preflight(server.port, clients[0]!);
          const perLevel = 3 * (opts.warmup + opts.rounds * opts.duration);
          console.log(
            `measuring at ${opts.sessions.join(", ")} sessions: about ${Math.round(perLevel * opts.sessions.length)} s …`,
          );
          const reasons = new Map<string, number>();
          const cells = await measure(opts, cases(server.port, clients), reasons);
          const ok = report(opts, cells, reasons);
          if (reasons.size) {
            const lines = server.logs().trim().split("\n").slice(-10).join("\n");
            if (lines) console.log(`\nthe app server's last log lines:\n${lines}`);
          }
          return ok;
        } finally {
          await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
        }
      },
      async (port) => ({
        BRANDS_FILE: brandsFileFor(port, dir),
        MCP_ANONYMOUS_LIMIT: "100000000",
        MCP_PARTNER_LIMIT: "100000000",
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((e: unknown) => {
  console.error(`bench:mcp failed: ${(e as Error).message}`);
  process.exit(1);
});
