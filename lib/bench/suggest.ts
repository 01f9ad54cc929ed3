import os from "node:os";
import { SAMPLE_CITIES } from "@/lib/content";
import { Gazetteer, countHotels, PlacesView, bundledPlaces } from "@/lib/places";
import { HotelCatalog, type CatalogHotel } from "@/lib/search";
import { commandLine, usageError } from "@/lib/cli";
import { markdownTable } from "@/lib/text";

const usage = `Usage: npm run bench:suggest -- [--count 100000] [--rounds 5]

Builds the destination box's catalog in this process over the real gazetteer (about 148 000 places) and --count
hotels spread around the 58 sample cities, then times HotelCatalog.suggest as a visitor types: every prefix (2
letters on) of each sample city's name, the same names with one letter doubled ("Pariss") or two swapped, and the
IATA codes of a few large airports. Each query set runs as the destination box runs it (typo tolerance and IATA
codes on) and, as the baseline in the same run, with word prefixes only (what the box did before); interleaved
rounds, medians. Target: typing (the prefixes) ≤ 1.2 × the baseline's time per query.`;

/** A small deterministic generator (mulberry32): the same hotels every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hotels(count: number): CatalogHotel[] {
  const next = random(42);
  return Array.from({ length: count }, (_, i) => {
    const city = SAMPLE_CITIES[i % SAMPLE_CITIES.length]!;
    // Within about 15 km of the centre, most of them close in (as the generator places them).
    const r = 0.14 * next() ** 2;
    const a = next() * 2 * Math.PI;
    return {
      id: `B${i}`,
      name: `${["Grand", "Park", "Central", "Harbour"][i % 4]} Hotel ${city.name} ${i}`,
      city: city.name,
      country: city.country,
      lat: city.lat + r * Math.sin(a),
      lon: city.lon + (r * Math.cos(a)) / Math.cos((city.lat * Math.PI) / 180),
      propertyType: "Hotel",
      petFriendly: null,
      vacationRental: null,
    };
  });
}

const swap = (s: string, i: number) => s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const { values } = commandLine("bench:suggest", usage, {
    options: { count: { type: "string", default: "100000" }, rounds: { type: "string", default: "5" } },
  });
  const count = Number(values.count);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(count) || count < 100) usageError("bench:suggest", "--count must be an integer ≥ 100");
  if (!Number.isInteger(rounds) || rounds < 1) usageError("bench:suggest", "--rounds must be an integer ≥ 1");

  const t0 = performance.now();
  const gazetteer = new Gazetteer(bundledPlaces());
  const list = hotels(count);
  const t1 = performance.now();
  const view = new PlacesView(gazetteer, countHotels(gazetteer, list));
  const t2 = performance.now();
  const catalog = new HotelCatalog(view, list);
  const t3 = performance.now();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${gazetteer.size} places (read in ${s(t1 - t0)}), ${view.listed.length} with hotels (counted in ${s(t2 - t1)}), ` +
      `${count} hotels: catalog built in ${s(t3 - t2)}`,
  );

  const names = SAMPLE_CITIES.map((c) => c.name);
  const sets: [string, string[]][] = [
    [
      "typing (every prefix of 58 city names)",
      names.flatMap((n) => Array.from({ length: n.length - 1 }, (_, i) => n.slice(0, i + 2))),
    ],
    ["typos (a letter doubled, two swapped)", names.flatMap((n) => [n + n.at(-1), swap(n, 1)])],
    ["IATA codes", ["CDG", "LHR", "JFK", "HND", "NRT", "FCO", "AMS", "BCN", "SYD", "ZRH"]],
  ];
  const time = (queries: string[], tolerant: boolean) => {
    const t = performance.now();
    for (const q of queries) catalog.suggest(q, "en", undefined, tolerant);
    return ((performance.now() - t) * 1000) / queries.length; // µs per query
  };
  // Warm up both paths (the division and IATA indexes are built on first use).
  for (const [, queries] of sets) {
    time(queries, true);
    time(queries, false);
  }
  const rows: string[][] = [];
  let typingRatio = NaN;
  for (const [name, queries] of sets) {
    const base: number[] = [];
    const tolerant: number[] = [];
    for (let r = 0; r < rounds; r++) {
      base.push(time(queries, false));
      tolerant.push(time(queries, true));
    }
    const ratio = median(tolerant) / median(base);
    if (name.startsWith("typing")) typingRatio = ratio;
    const found = queries.filter((q) => catalog.suggest(q, "en").places.length > 0).length;
    const foundBefore = queries.filter((q) => catalog.suggest(q, "en", undefined, false).places.length > 0).length;
    rows.push([
      name,
      String(queries.length),
      `${median(base).toFixed(1)} µs`,
      `${median(tolerant).toFixed(1)} µs`,
      `${ratio.toFixed(2)}×`,
      `${foundBefore} → ${found}`,
    ]);
  }
  console.log(
    `\nbench:suggest, ${count} hotels, ${rounds} rounds, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ` +
      `${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log(
    markdownTable(
      ["queries", "n", "prefixes only (baseline)", "with typos and IATA", "ratio", "queries with a place"],
      rows,
    ),
  );
  const ok = typingRatio <= 1.2;
  console.log(`\n${ok ? "✓" : "✗"} typing: ≤ 1.2 × the baseline's time per query: ${typingRatio.toFixed(2)}×`);
  if (!ok) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(`bench:suggest failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
