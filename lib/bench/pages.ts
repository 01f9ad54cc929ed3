import { SAMPLE_CITIES, hotelId } from "@/lib/content";
import {
  BENCH_HOST,
  benchOptions,
  getJson,
  largestCountry,
  report,
  runRounds,
  withLoadedServer,
  type Scenario,
} from "./http";

const usage = `Usage: npm run bench:pages -- [--count 100000] [--duration 5] [--rounds 5] [--connections 32] [--country US]

Builds the app, loads --count generated hotels (around 58 real cities) into a fresh SQLite store, serves the built
app (lib/server, as npm start does) and measures with autocannon at --connections connections, as a browser asks
for pages of the first demo brand (its Host, Accept-Encoding: gzip, deflate, br): the brand's trivial dynamic page
(GET /ping: the same proxy and layout, no content work; the baseline), hotel pages (1 000 different hotels) and
search-results pages (the 58 cities, sorted by distance or by name, first or second page), and the search page of
the country with the most hotels sorted by name (pages 1–5); --country puts every hotel in that country's sample
cities (--country US --count 100000: a country of 100 000 hotels). Interleaved rounds, medians. Targets: hotel page
and the country's search page ≥ 0.5 × the trivial page's requests/s.`;

const HOST = BENCH_HOST;

/** A JSON GET on the brand's host (Node cannot resolve *.localhost: lib/http/loopback-fetch.ts). */
async function main(): Promise<void> {
  const opts = benchOptions("bench:pages", usage, 100_000);

  await withLoadedServer(
    opts.count,
    async (server) => {
      const headers = { host: `${HOST}:${server.port}`, accept: "text/html", "accept-encoding": "gzip, deflate, br" };
      const page = (path: string) => ({ method: "GET" as const, path, headers });
      // The cities' place ids, as the destination box finds them.
      const placeIds: string[] = [];
      for (const c of SAMPLE_CITIES) {
        const found = await getJson<{ places: { placeId: string }[] }>(
          server.port,
          `/api/suggest?q=${encodeURIComponent(c.name)}`,
        );
        const id = found.places[0]?.placeId;
        if (id) placeIds.push(id);
      }
      const country = await largestCountry(server.port, opts.country);
      const step = Math.max(1, Math.floor(opts.count / 1000));
      const scenarios: Scenario[] = [
        { name: "trivial dynamic page (GET /ping)", requests: [page("/ping")] },
        {
          name: "hotel page (1 000 hotels)",
          requests: Array.from({ length: Math.min(1000, opts.count) }, (_, i) =>
            page(`/hotels/${hotelId(1 + i * step)}`),
          ),
        },
        {
          name: `search page (${placeIds.length} cities, 2 sorts, 2 pages)`,
          requests: placeIds.flatMap((id, i) => [
            page(`/search?placeId=${id}${i % 2 ? "&sort=name" : ""}`),
            page(`/search?placeId=${id}&page=2`),
          ]),
        },
        {
          name: `search page of a country (${country.code}, ${country.hotelsCnt} hotels, sort=name, pages 1–5)`,
          requests: [1, 2, 3, 4, 5].map((n) => page(`/search?placeId=${country.placeId}&sort=name&page=${n}`)),
        },
      ];
      const results = await runRounds(server.url, scenarios, opts);
      const [base, hotel, search, big] = [results[0]!, results[1]!, results[2]!, results[3]!];
      report("bench:pages", results, opts, [
        [`hotel page: ≥ 0.5 × trivial page req/s: ${(hotel.rps / base.rps).toFixed(2)}×`, hotel.rps / base.rps >= 0.5],
        [`search page (no target; for the record): ${(search.rps / base.rps).toFixed(2)}×`, true],
        [
          `country search page, sort=name: ≥ 0.5 × trivial page req/s: ${(big.rps / base.rps).toFixed(2)}×`,
          big.rps / base.rps >= 0.5,
        ],
      ]);
    },
    {},
    opts.country ? { countries: [opts.country] } : {},
  );
}

main().catch((e: unknown) => {
  console.error(`bench:pages failed: ${(e as Error).message}`);
  process.exit(1);
});
