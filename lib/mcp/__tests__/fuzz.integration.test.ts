import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/testing";
import { post } from "./fixture";

/**
 * Nothing a client sends to /mcp is answered with a 5xx: random JSON-RPC bodies (known and unknown methods, every
 * tool with random arguments, batches, odd ids, prototype keys, deep nesting, raw bytes) against the built app. A
 * fresh seed per run, printed; FUZZ_SEED=<n> replays one.
 */
const BODIES = 2000;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let server: NearbyServer;
beforeAll(async () => {
  server = await startNearbyServer(200, { env: { MCP_ANONYMOUS_LIMIT: "100000000" } });
});
afterAll(async () => {
  await server?.close();
});

const TOOLS = ["search_hotels", "get_hotels", "nearby_places", "suggest_places", "book_room", "", "__proto__"];
const METHODS = [
  "tools/call",
  "tools/list",
  "initialize",
  "ping",
  "resources/list",
  "prompts/get",
  "notifications/initialized",
  "",
  "constructor",
];
const KEYS = [
  "query",
  "placeId",
  "latitude",
  "longitude",
  "radiusKm",
  "page",
  "pageSize",
  "include",
  "hotelIds",
  "placeName",
  "radius",
  "hits",
  "language",
  "currency",
  "country",
  "userCountry",
  "userDevice",
  "sort",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
];

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "Paris",
    "lis",
    "CDG",
    "en",
    "EUR",
    "FR",
    "desktop",
    "distance",
    "media",
    "-1",
    "1e309",
    "\u0000",
    "\ud800",
  ),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 5 }),
  ),
}));
const args = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 });
const id = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.constant({}), fc.double());
const message = fc.oneof(
  fc.record(
    {
      jsonrpc: fc.constantFrom("2.0", "1.0", 2),
      id,
      method: fc.constant("tools/call"),
      params: fc.record(
        {
          name: fc.constantFrom(...TOOLS),
          arguments: fc.oneof(args, value),
          _meta: fc.oneof(value, fc.record({ language: scalar, currency: scalar })),
        },
        { requiredKeys: ["name"] },
      ),
    },
    { requiredKeys: ["jsonrpc", "method"] },
  ),
  fc.record(
    { jsonrpc: fc.constant("2.0"), id, method: fc.constantFrom(...METHODS), params: value },
    { requiredKeys: ["jsonrpc", "method"] },
  ),
  value,
);
/** A body as bytes: JSON of one message or a batch, deep nesting, duplicate keys, or raw bytes. */
const body = fc.oneof(
  { weight: 6, arbitrary: message.map((m) => JSON.stringify(m) ?? "null") },
  { weight: 2, arbitrary: fc.array(message, { maxLength: 5 }).map((m) => JSON.stringify(m)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 100_000 }).map((depth) => {
      const inner = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_hotels","arguments":{"query":${inner}}}}`;
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"jsonrpc":"2.0","id":1,"id":2,"method":"ping","method":"tools/list"}',
      '{"__proto__":{"method":"tools/list"},"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_hotels","arguments":{"hotelIds":["a","a"],"__proto__":{"include":["media"]}}}}',
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
);

describe(`fuzz (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
  it(`answers ${BODIES} random JSON-RPC bodies without a 5xx, always with a readable answer`, async () => {
    const samples = fc.sample(body, { seed, numRuns: BODIES });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let answered = 0;
    for (let i = 0; i < samples.length; i += 8) {
      await Promise.all(
        samples.slice(i, i + 8).map(async (b) => {
          const r = await post(server, b, { contentType: "application/json" });
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const shown =
            typeof b === "string" ? b.slice(0, 200) : `bytes ${Buffer.from(b).toString("hex").slice(0, 100)}`;
          if (r.status >= 500) failures.push(`${r.status} for ${shown}: ${r.text.slice(0, 200)}`);
          // Every answer but 202 (notifications only) is JSON a client can read.
          else if (r.status !== 202 && r.json === undefined) failures.push(`${r.status} unreadable for ${shown}`);
          if (r.json?.result?.structuredContent) answered++;
        }),
      );
    }
    console.log(
      `mcp fuzz seed ${seed}: statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${answered} tool answers`,
    );
    expect(failures).toEqual([]);
    // The bodies reached the protocol and the tools, not only the parser.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(BODIES / 10);
    expect(answered).toBeGreaterThan(0);
  }, 180_000);
});
