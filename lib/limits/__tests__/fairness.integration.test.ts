import net from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  AURORA_KEY,
  SAKURA_KEY,
  seededStore,
  startBrandServer,
  validBody,
  type TestStore,
} from "@/lib/testing";
import { loopbackFetch } from "@/lib/http/node";
import { hotelId } from "@/lib/content";

/**
 * The costly routes' fair-use limits, against the built app behind one trusted proxy hop (each request names its
 * client's address): requests per window per partner key (nearby places) and per client network (suggestions,
 * pages), answered 429 with Retry-After; and requests in progress per client, past which a request waits its turn
 * and, when too many already wait, is refused. In memory and with the counters in Redis.
 */
const via = (address: string) => ({ "x-forwarded-for": address });
const get = (server: AppServer, path: string, address: string) =>
  loopbackFetch(`http://brand-a.localhost:${server.port}${path}`, {
    headers: { ...via(address), accept: "text/html" },
  });
const nearby = (server: AppServer, key: string, address = "192.0.2.1") =>
  loopbackFetch(`http://brand-a.localhost:${server.port}/v1/nearby-places`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-partner-key": key, ...via(address) },
    body: JSON.stringify(validBody),
  });

/**
 * A nearby-places request whose body is held back: the server has it in progress (its route waits for the body)
 * from the moment it answers 100 Continue to the headers until `finish()` sends the body. `status` is the answer's.
 */
function heldNearby(server: AppServer, key: string) {
  const body = JSON.stringify(validBody);
  const socket = net.connect(server.port, "127.0.0.1");
  let text = "";
  let onText: () => void = () => {};
  socket.on("data", (d: Buffer) => {
    text += d.toString("latin1");
    onText();
  });
  const until = (test: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (test() ? resolve() : undefined);
      onText = check;
      socket.once("close", () => (test() ? resolve() : reject(new Error(`connection closed: ${text.slice(0, 300)}`))));
      check();
    });
  socket.write(
    `POST /v1/nearby-places HTTP/1.1\r\nHost: brand-a.localhost:${server.port}\r\nContent-Type: application/json\r\n` +
      `X-Partner-Key: ${key}\r\nX-Forwarded-For: 192.0.2.1\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  return {
    /** The server read the headers and handed the request on (Node answers 100 Continue just before). */
    received: () => until(() => text.startsWith("HTTP/1.1 100")),
    finish: async () => {
      // Written, not ended: Node's server takes a client's half-close for an abort of a request not yet answered.
      socket.write(body);
      await until(() => /HTTP\/1\.1 [2-5]\d\d /.test(text.replace(/^HTTP\/1\.1 100[^\n]*\n\r?\n/, "")));
      socket.destroy();
      return Number(/HTTP\/1\.1 ([2-5]\d\d) /.exec(text.replace(/^HTTP\/1\.1 100[^\n]*\n\r?\n/, ""))![1]);
    },
    /** Whatever the server has answered so far, 100 Continue aside. */
    answered: () => /HTTP\/1\.1 [2-5]\d\d /.test(text.replace(/^HTTP\/1\.1 100[^\n]*\n\r?\n/, "")),
  };
}

let store: TestStore;
beforeAll(async () => {
  ({ store } = await seededStore(200));
});
afterAll(async () => {
  await store?.drop();
});

/** A second key of the first brand: a partner key apart from AURORA_KEY, with its own budget. */
const OTHER_KEY = "test-aurora-partner-key-0003";

describe.each([
  ["in memory", {}],
  ["with the counters in Redis", { REDIS_URL: "redis://127.0.0.1:6379" }],
])("fair use of the costly routes, %s", (_, redis: Record<string, string>) => {
  let server: AppServer;
  /** Budgets no request here spends: one request of a key in progress at a time, one waiting. */
  let turns: AppServer;

  beforeAll(async () => {
    // Each server a Redis prefix of its own: other runs' counters, and the other server's, are not its.
    const common = () => ({ TRUSTED_PROXY_HOPS: "1", ...redis, REDIS_KEY_PREFIX: `test-${randomUUID()}:` });
    [server, turns] = await Promise.all([
      startBrandServer(store, {
        partnerKeys: { aurora: [OTHER_KEY] },
        env: {
          ...common(),
          // A window far longer than the test: no budget is renewed while it runs.
          LIMIT_WINDOW_SECONDS: "3600",
          // Each request costs at least 1 ms of its client's budget: a budget of 1 ms lets exactly one through.
          SUGGEST_BUDGET_MS: "1",
          PAGES_BUDGET_MS: "1",
          NEARBY_BUDGET_MS: "1",
        },
      }),
      // A budget no request here spends, however long the test holds one open.
      startBrandServer(store, {
        env: { ...common(), NEARBY_BUDGET_MS: "1000000000", NEARBY_CONCURRENCY: "1", FAIR_QUEUE: "1" },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), turns?.stop()]);
  });

  it("limits suggestions per client network: 429 with Retry-After and the JSON error, other networks answered", async () => {
    expect((await get(server, "/api/suggest?q=p", "203.0.113.1")).status).toBe(200);
    const over = await get(server, "/api/suggest?q=p", "203.0.113.200");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(1);
    expect(await over.json()).toMatchObject({
      error: { code: "RATE_LIMITED", message: expect.stringMatching(/wait/) },
    });
    expect((await get(server, "/api/suggest?q=p", "2001:db8:5::1")).status).toBe(200);
    // A cheap page is not a costly route: never counted.
    expect((await get(server, "/ping", "203.0.113.1")).status).toBe(200);
  });

  it("limits search and hotel pages per client network with a small 429 page in the brand's frame", async () => {
    expect((await get(server, `/hotels/${hotelId(1)}`, "198.51.100.9")).status).toBe(200);
    // The same route under another spelling, from another address of the network.
    const over = await get(server, "/hotels/%2E%2E/search?q=Paris", "198.51.100.10");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(1);
    expect(over.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await over.text();
    expect(html).toContain("Aurora");
    expect(html).toMatch(/Please wait \d+ seconds?/);
    expect((await get(server, "/search?q=Paris", "198.51.101.9")).status).not.toBe(429);
    expect((await get(server, "/ping", "198.51.100.9")).status).toBe(200);
  });

  it("lets a partner key have a set number of requests in progress; the next waits its turn, more are refused", async () => {
    const first = heldNearby(turns, AURORA_KEY);
    await first.received();
    const second = heldNearby(turns, AURORA_KEY);
    await second.received();
    // One in progress, one waiting: a third is refused, with the JSON error and Retry-After.
    const third = await nearby(turns, AURORA_KEY);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect(await third.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    // Another partner's key is not held up by this one's requests.
    expect((await nearby(turns, SAKURA_KEY)).status).toBe(200);
    expect(second.answered()).toBe(false);
    // The first ends; the waiting one goes on and is answered; then every place is free again.
    expect(await first.finish()).toBe(200);
    expect(await second.finish()).toBe(200);
    expect((await nearby(turns, AURORA_KEY)).status).toBe(200);
  });

  it("gives each partner key a budget of request time, whatever the network it calls from", async () => {
    expect((await nearby(server, AURORA_KEY, "192.0.2.50")).status).toBe(200);
    for (const address of ["192.0.2.50", "2001:db8:9::1"]) {
      const over = await nearby(server, AURORA_KEY, address);
      expect(over.status, address).toBe(429);
      expect(Number(over.headers.get("retry-after")), address).toBeGreaterThan(1);
      expect(await over.json()).toMatchObject({
        error: { code: "RATE_LIMITED", message: expect.stringMatching(/partner key/) },
      });
    }
    // Another key of the same brand has its own.
    expect((await nearby(server, OTHER_KEY, "192.0.2.50")).status).toBe(200);
  });
});
