import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateExport, nextDayExport } from "@/lib/content/generate";
import { LocalSource } from "@/lib/content/sources";
import { decode, recordText, splitRecords } from "@/lib/content/records";
import { createValidator } from "@/lib/content/validate";
import { startSftpServer } from "@/e2e/fixtures/sftp-server";
import { openTestStore } from "@/lib/store/testing";
import { markdownTable } from "./format";

const usage = `Usage: npm run bench:sync -- [--count 100000] [--seed 1] [--plain] [--no-postgres]

Measures, each in a fresh process (so peak RSS is its own):
  (a) the in-process limit: read the export file, parse + Ajv-validate each record, nothing else
  (b) a first full sync from a local OpenSSH SFTP server into SQLite
  (c) a re-sync of the unchanged export
  (d) an incremental sync of the "next day" export
  (e) the same first sync into PostgreSQL (127.0.0.1:5432, database test)
The export is gzipped JSON Lines (what suppliers usually ship; the SFTP transfer is then a small part of the work);
--plain benchmarks the same records uncompressed. Exports are generated once per count, seed and format under
.data/bench/ and reused.`;

interface Measure {
  phase: string;
  records: number;
  seconds: number;
  bytes: number;
  peakRssMb: number;
  note?: string;
}

/** Phase (a), run in its own process: the cost of reading, parsing and validating, and nothing else. */
async function parseLimit(dir: string): Promise<void> {
  const validate = createValidator();
  const source = new LocalSource(dir);
  const started = performance.now();
  let records = 0;
  let invalid = 0;
  let bytes = 0;
  for (const file of await source.listFiles()) {
    bytes += file.size;
    for await (const raw of splitRecords(file.name, decode(file.name, source.read(file)))) {
      records++;
      if (validate(JSON.parse(recordText(raw)))) invalid++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({ records, invalid, seconds, bytes, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
  );
}

/** Another command of this CLI: the built bundle next to this one (npm run bench:sync), or its TypeScript source. */
function command(name: string): string[] {
  const built = new URL(`./${name}.mjs`, import.meta.url);
  return import.meta.url.endsWith(".mjs") ? [built.pathname] : ["--import", "tsx", `lib/cli/${name}.ts`];
}

function run(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

async function ensureExports(count: number, seed: number, gzip: boolean) {
  const base = path.join(".data", "bench", `${count}-${seed}${gzip ? "-gz" : ""}`);
  const day1 = path.join(base, "day1");
  const day2 = path.join(base, "day2");
  if (!fs.existsSync(path.join(base, "done"))) {
    fs.rmSync(base, { recursive: true, force: true });
    process.stderr.write(`generating ${count} records (seed ${seed}) under ${base} …\n`);
    await generateExport({ out: day1, count, seed, gzip });
    await nextDayExport({
      from: day1,
      out: day2,
      seed: seed + 1,
      gzip,
      invalid: Math.max(5, Math.round(count / 20000)),
    });
    fs.writeFileSync(path.join(base, "done"), "");
  }
  return { day1: path.resolve(day1), day2: path.resolve(day2) };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: "string", default: "100000" },
      seed: { type: "string", default: "1" },
      "no-postgres": { type: "boolean", default: false },
      plain: { type: "boolean", default: false },
      phase: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return console.log(usage);
  if (values.phase === "parse") return parseLimit(positionals[0]!);

  const count = Number(values.count);
  const seed = Number(values.seed);
  const gzip = !values.plain;
  const { day1, day2 } = await ensureExports(count, seed, gzip);
  const server = await startSftpServer();
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sqlite-"));
  const results: Measure[] = [];
  const sftpEnv = { SFTP_PRIVATE_KEY_FILE: server.privateKeyFile, SFTP_HOST_FINGERPRINT: server.hostFingerprint };
  const url = (dir: string) => `sftp://${server.keyUser}@127.0.0.1:${server.port}${dir}`;
  const sync = async (phase: string, dir: string, databaseUrl: string) => {
    process.stderr.write(`${phase} …\n`);
    const s = JSON.parse(
      await run([...command("sync"), url(dir), "--json"], { ...sftpEnv, DATABASE_URL: databaseUrl }),
    );
    if (s.status !== "published") throw new Error(`${phase}: ${s.status} ${s.error?.message}`);
    results.push({
      phase,
      records: s.seen,
      seconds: s.durationMs / 1000,
      bytes: s.bytes,
      peakRssMb: s.peakRssMb,
      note: `new ${s.new}, changed ${s.changed}, unchanged ${s.unchanged}, removed ${s.removed}, rejected ${s.rejected}`,
    });
  };
  try {
    process.stderr.write("(a) parse + validate …\n");
    const a = JSON.parse(await run([...command("bench-sync"), "--phase", "parse", day1]));
    results.push({
      phase: "(a) parse + Ajv only (local file)",
      records: a.records,
      seconds: a.seconds,
      bytes: a.bytes,
      peakRssMb: a.peakRssMb,
    });
    const sqliteUrl = `sqlite://${path.join(sqliteDir, "hotels.sqlite")}`;
    await sync("(b) first sync, SFTP → SQLite", day1, sqliteUrl);
    await sync("(c) re-sync unchanged, SFTP → SQLite", day1, sqliteUrl);
    await sync("(d) next-day sync, SFTP → SQLite", day2, sqliteUrl);
    if (!values["no-postgres"]) {
      const pg = await openTestStore("postgres");
      await pg.close();
      try {
        await sync("(e) first sync, SFTP → PostgreSQL", day1, pg.databaseUrl);
      } finally {
        await pg.drop();
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
  printTable(results, count, gzip ? "gzipped JSON Lines" : "plain JSON Lines");
}

function printTable(results: Measure[], count: number, format: string): void {
  const base = results[0]!;
  const rate = (m: Measure) => m.records / m.seconds;
  const rows = results.map((m) => [
    m.phase,
    String(m.records),
    m.seconds.toFixed(2),
    Math.round(rate(m)).toString(),
    (m.bytes / 1e6 / m.seconds).toFixed(1),
    String(m.peakRssMb),
    `${(rate(m) / rate(base)).toFixed(2)}×`,
  ]);
  const header = ["phase", "records", "seconds", "records/s", "MB/s", "peak RSS MB", "vs (a)"];
  console.log(
    `\nbench:sync — ${count} records, ${format}, ${(base.bytes / 1e6).toFixed(0)} MB on the wire, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}\n`,
  );
  console.log(markdownTable(header, rows));
  const find = (p: string) => results.find((m) => m.phase.startsWith(p));
  const b = find("(b)");
  const c = find("(c)");
  const checks: [string, boolean][] = [];
  if (b) checks.push([`(b) ≥ 0.6 × (a) records/s: ${(rate(b) / rate(base)).toFixed(2)}×`, rate(b) / rate(base) >= 0.6]);
  if (b && c)
    checks.push([`(c) ≥ 3 × faster than (b): ${(b.seconds / c.seconds).toFixed(2)}×`, b.seconds / c.seconds >= 3]);
  const peak = Math.max(...results.map((m) => m.peakRssMb));
  checks.push([`peak RSS ≤ 400 MB: ${peak} MB`, peak <= 400]);
  console.log("\nnotes:");
  for (const m of results.filter((m) => m.note)) console.log(`  ${m.phase}: ${m.note}`);
  console.log("\ntargets:");
  for (const [text, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
}

main().catch((e: unknown) => {
  console.error(`bench:sync failed: ${(e as Error).message}`);
  process.exit(1);
});
