import demoBrands from "@/lib/brands/demo-brands.json";
import { SAMPLE_CITIES } from "@/lib/content/generate/cities";
import { benchOptions, report, runRounds, withLoadedServer, type Scenario } from "./bench-http";

const usage = `Usage: npm run bench:nearby -- [--count 20000] [--duration 5] [--rounds 5] [--connections 32]

Builds the app, loads --count generated hotels (around 58 real cities) into a fresh SQLite store, serves the built
app (lib/server, as npm start does) and measures with autocannon at --connections connections, --duration seconds
each: a trivial JSON route of the same server (GET /api/live: the baseline), POST /v1/nearby-places with hits 10
(all categories), hits 10 with three categories, and hits 1000 within 1000 km. The four run in --rounds rounds, one
after the other, so that a slow moment of the machine hits all of them; the table shows each one's median round.
Request bodies cycle through the 58 cities (one fixed request each); every request sends Accept-Encoding: gzip, deflate, br as a partner's
HTTP client does. Targets (hits 10): ≥ 0.7 × the trivial route's requests/s and p99 ≤ 1.5 × its p99.`;

const KEY = demoBrands.brands[0]!.partner.keys[0]!;

/** Partner requests: one fixed body per sample city, sent as a partner's HTTP client does. */
function nearbyRequests(extra: Record<string, unknown>): Scenario["requests"] {
  const headers = { "accept-encoding": "gzip, deflate, br", "content-type": "application/json", "x-partner-key": KEY };
  return SAMPLE_CITIES.map((c) => ({
    method: "POST" as const,
    path: "/v1/nearby-places",
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

async function main(): Promise<void> {
  const opts = benchOptions(usage, 20_000);
  if (!opts) return;
  await withLoadedServer(opts.count, async (server) => {
    const scenarios: Scenario[] = [
      {
        name: "trivial JSON route (GET /api/live)",
        requests: [{ method: "GET", path: "/api/live", headers: { "accept-encoding": "gzip, deflate, br" } }],
      },
      { name: "nearby, hits 10, all categories", requests: nearbyRequests({ hits: 10 }) },
      {
        name: "nearby, hits 10, city+landmark+airport",
        requests: nearbyRequests({ hits: 10, radius: 200, placeCategories: ["city", "landmark", "airport"] }),
      },
      { name: "nearby, hits 1000, radius 1000", requests: nearbyRequests({ hits: 1000, radius: 1000 }) },
    ];
    const results = await runRounds(server.url, scenarios, opts);
    const [base, hits10] = [results[0]!, results[1]!];
    report("bench:nearby", results, opts, [
      [`hits 10: ≥ 0.7 × trivial req/s: ${(hits10.rps / base.rps).toFixed(2)}×`, hits10.rps / base.rps >= 0.7],
      [`hits 10: p99 ≤ 1.5 × trivial p99: ${(hits10.p99 / base.p99).toFixed(2)}×`, hits10.p99 / base.p99 <= 1.5],
    ]);
  });
}

main().catch((e: unknown) => {
  console.error(`bench:nearby failed: ${(e as Error).message}`);
  process.exit(1);
});
