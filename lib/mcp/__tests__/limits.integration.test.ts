import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, seededStore, startBrandServer, type TestStore } from "@/lib/testing";
import { addKey } from "../keys";
import { connect, post, toolCall } from "./fixture";

/**
 * Spec §5, §7, §8: the anonymous tier's one shared limit, each partner key's own, the message over the limit (an
 * MCP error asking to wait a couple of minutes, no HTTP 429, nothing that invites an automatic retry), and counters
 * shared by two instances through Redis.
 */
const call = (id = 1) => toolCall("suggest_places", { query: "lis" }, id);
const limited = (r: Awaited<ReturnType<typeof post>>) => r.json?.error?.data?.code === "RATE_LIMITED";

let store: TestStore;
beforeAll(async () => {
  ({ store } = await seededStore(200));
});
afterAll(async () => {
  await store?.drop();
});

describe("tiers, in memory", () => {
  let server: AppServer;
  let partner: string;
  let small: string;

  beforeAll(async () => {
    partner = (await addKey(store.db, { partner: "Tier Partner", useCase: "tests" })).key;
    small = (await addKey(store.db, { partner: "Small Partner", useCase: "tests", rateLimit: 3 })).key;
    // One client here: its network may use the whole shared limit (the shares: network-limits.integration.test.ts).
    server = await startBrandServer(store, {
      env: { MCP_ANONYMOUS_LIMIT: "5", MCP_ANONYMOUS_NETWORK_SHARE: "1", MCP_PARTNER_LIMIT: "8" },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shares one limit among all anonymous clients and then asks to wait a couple of minutes, without a 429", async () => {
    const hosts = ["brand-a.localhost", "brand-b.localhost"];
    for (let i = 0; i < 5; i++) {
      const r = await post(server, call(i), { host: hosts[i % 2] });
      expect(r.status, `call ${i}`).toBe(200);
      expect(r.json?.result, `call ${i}`).toBeDefined();
    }
    const over = await post(server, call(99), { host: "brand-b.localhost" });
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({
      jsonrpc: "2.0",
      id: 99,
      error: { code: -32029, data: { code: "RATE_LIMITED", tier: "anonymous" } },
    });
    expect(over.json?.error.message).toMatch(/wait a couple of minutes/);
    expect(over.headers.get("retry-after")).toBeNull();
  });

  it("gives each partner key its own limit, unaffected by anonymous load or by other keys", async () => {
    expect(limited(await post(server, call()))).toBe(true); // anonymous is still over
    for (let i = 0; i < 8; i++)
      expect(limited(await post(server, call(i), { apiKey: partner })), `call ${i}`).toBe(false);
    const over = await post(server, call(), { apiKey: partner });
    expect(over.json?.error).toMatchObject({ code: -32029, data: { tier: "partner" } });
    expect(over.json?.error.message).toMatch(/This api_key has reached its request limit.*wait a couple of minutes/);
    // A key with its own, smaller limit.
    for (let i = 0; i < 3; i++) expect(limited(await post(server, call(i), { apiKey: small }))).toBe(false);
    expect(limited(await post(server, call(), { apiKey: small }))).toBe(true);
  });

  it("refuses batches (one request, one count) and counts no notification", async () => {
    const batch = await post(server, [call(1), call(2)], { apiKey: partner });
    expect(batch.status).toBe(400);
    expect(batch.json?.error).toMatchObject({ code: -32600, data: { code: "INVALID_REQUEST" } });
    expect(batch.json?.error.message).toMatch(/Batches are not supported/);
    const note = await post(server, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(note.status).toBe(202);
  });

  it("shows an SDK client the message, as an error it does not retry", async () => {
    const client = await connect(server, {
      apiKey: (await addKey(store.db, { partner: "P", useCase: "t", rateLimit: 2 })).key,
    }).catch((e: Error) => e);
    // initialize took one of the two requests; the next call is the last allowed, the one after is refused.
    expect(client).not.toBeInstanceOf(Error);
    if (client instanceof Error) return;
    await client.callTool({ name: "suggest_places", arguments: { query: "lis" } });
    await expect(client.callTool({ name: "suggest_places", arguments: { query: "lis" } })).rejects.toThrow(
      /wait a couple of minutes/,
    );
    await client.close();
  });
});

describe("two instances sharing counters in Redis", () => {
  let a: AppServer;
  let b: AppServer;
  let key: string;

  beforeAll(async () => {
    key = (await addKey(store.db, { partner: "Shared Partner", useCase: "tests" })).key;
    // A prefix of its own: other runs' counters on the same Redis are not this test's.
    const env = {
      REDIS_URL: "redis://127.0.0.1:6379",
      REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      MCP_ANONYMOUS_LIMIT: "6",
      MCP_ANONYMOUS_NETWORK_SHARE: "1",
      MCP_PARTNER_LIMIT: "4",
    };
    [a, b] = await Promise.all([startBrandServer(store, { env }), startBrandServer(store, { env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("counts every instance's requests against one anonymous limit", async () => {
    const results: boolean[] = [];
    for (let i = 0; i < 8; i++) results.push(limited(await post(i % 2 ? b : a, call(i))));
    expect(results).toEqual([false, false, false, false, false, false, true, true]);
  });

  it("counts a partner key's requests on every instance against its one limit", async () => {
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push(limited(await post(i % 2 ? a : b, call(i), { apiKey: key })));
    expect(results).toEqual([false, false, false, false, true, true]);
  });
});
