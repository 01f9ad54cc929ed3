import { demoBrands } from "@/lib/brands/node";
import { benchOptions, nearbyRequests, report, runRounds, withLoadedServer, type Scenario } from "./http";

const usage = `Usage: npm run bench:nearby -- [--count 20000] [--duration 5] [--rounds 5] [--connections 32]

Builds the app, loads --count generated hotels (around 58 real cities) into a fresh SQLite store, serves the built
app (lib/server, as npm start does) and measures with autocannon at --connections connections, --duration seconds
each: the baseline, a trivial POST route of the same server (POST /api/live: the same request bodies read by the same
body reader, a small JSON answer compressed by the same layer: the server runs with COMPRESS_MIN_BYTES=0, as its
15-byte answer is otherwise sent as it is), the trivial GET /api/live for reference, then
POST /v1/nearby-places with hits 10 (all categories), hits 10 with three categories, and hits 1000 within 1000 km.
The five run in --rounds rounds, one after the other (each round starting one further on), so that a slow moment of
the machine hits all of them; the table shows each one's median round. Request bodies cycle through the 58 cities
(one fixed request each); every request sends Accept-Encoding: gzip, deflate, br as a partner's HTTP client does.
Targets, against the trivial POST: hits 10 ≥ 0.9 × its requests/s and p99 ≤ 1.5 × its p99; hits 1000 within 1000 km
≥ 0.4 × its requests/s.`;

const KEY = demoBrands.brands[0]!.partner.keys[0]!;

async function main(): Promise<void> {
  const opts = benchOptions("bench:nearby", usage, 20_000);
  // The baseline's answer compressed as the nearby answers are (all of those are above the default 1 KB anyway).
  const env = { COMPRESS_MIN_BYTES: "0" };
  await withLoadedServer(
    opts.count,
    async (server) => {
      const scenarios: Scenario[] = [
        // The baseline: the hits-10 requests themselves, read and answered by a route that does nothing with them.
        { name: "trivial POST (POST /api/live)", requests: nearbyRequests(KEY, { hits: 10 }, "/api/live") },
        {
          name: "trivial GET (GET /api/live)",
          requests: [{ method: "GET", path: "/api/live", headers: { "accept-encoding": "gzip, deflate, br" } }],
        },
        { name: "nearby, hits 10, all categories", requests: nearbyRequests(KEY, { hits: 10 }) },
        {
          name: "nearby, hits 10, city+landmark+airport",
          requests: nearbyRequests(KEY, { hits: 10, radius: 200, placeCategories: ["city", "landmark", "airport"] }),
        },
        { name: "nearby, hits 1000, radius 1000", requests: nearbyRequests(KEY, { hits: 1000, radius: 1000 }) },
      ];
      const results = await runRounds(server.url, scenarios, opts);
      const [base, hits10, hits1000] = [results[0]!, results[2]!, results[4]!];
      report("bench:nearby", results, opts, [
        [`hits 10: ≥ 0.9 × trivial POST req/s: ${(hits10.rps / base.rps).toFixed(2)}×`, hits10.rps / base.rps >= 0.9],
        [`hits 10: p99 ≤ 1.5 × trivial POST p99: ${(hits10.p99 / base.p99).toFixed(2)}×`, hits10.p99 / base.p99 <= 1.5],
        [
          `hits 1000, radius 1000: ≥ 0.4 × trivial POST req/s: ${(hits1000.rps / base.rps).toFixed(2)}×`,
          hits1000.rps / base.rps >= 0.4,
        ],
      ]);
    },
    env,
  );
}

main().catch((e: unknown) => {
  console.error(`bench:nearby failed: ${(e as Error).message}`);
  process.exit(1);
});
