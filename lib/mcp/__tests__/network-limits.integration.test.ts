import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, seededStore, startBrandServer, type TestStore } from "@/lib/testing";
import { addKey } from "../keys";
import { post, toolCall } from "./fixture";

/**
 * What one client network can do to the others on the assistant endpoint: unknown api_keys sent from a network
 * (shared egress: AI platforms, NAT) never lock out a partner key of the same network, and one client's anonymous
 * calls take at most its network's share of the one shared anonymous limit (spec §5). Behind one trusted proxy hop,
 * so that each request names its client's address; in memory and with the counters in Redis.
 */
const call = (id = 1) => toolCall("suggest_places", { query: "lis" }, id);
const via = (address: string) => ({ "x-forwarded-for": address, "x-forwarded-proto": "https" });
const code = (r: Awaited<ReturnType<typeof post>>) => r.json?.error?.data?.code as string | undefined;
const malformed = (i: number) => `not-a-key-${i}`;
const unknownKey = () => `mcp_${randomUUID().replace(/-/g, "")}`;

let store: TestStore;
beforeAll(async () => {
  ({ store } = await seededStore(200));
});
afterAll(async () => {
  await store?.drop();
});

describe.each([
  ["in memory", {}],
  ["with the counters in Redis", { REDIS_URL: "redis://127.0.0.1:6379" }],
])("one network's clients, %s", (_, redis: Record<string, string>) => {
  let server: AppServer;
  let partner: string;
  let restricted: string;

  beforeAll(async () => {
    partner = (await addKey(store.db, { partner: "Shared Egress Partner", useCase: "tests" })).key;
    restricted = (
      await addKey(store.db, { partner: "Ranged Partner", useCase: "tests", ipRanges: ["198.51.100.0/24"] })
    ).key;
    server = await startBrandServer(store, {
      env: {
        TRUSTED_PROXY_HOPS: "1",
        MCP_UNKNOWN_KEY_LIMIT: "3",
        MCP_ANONYMOUS_LIMIT: "10",
        MCP_ANONYMOUS_NETWORK_SHARE: "0.3",
        ...redis,
        // A prefix of its own: other runs' counters on the same Redis are not this test's.
        REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("never refuses a partner key because of unknown keys from its network; refuses only the unknown ones", async () => {
    // More malformed keys from one /24 than its unknown-key limit (3).
    for (let i = 0; i < 3; i++) {
      const r = await post(server, call(i), { apiKey: malformed(i), headers: via(`198.51.100.${10 + i}`) });
      expect(code(r), `guess ${i}`).toBe("UNKNOWN_API_KEY");
    }
    await post(server, call(), { apiKey: malformed(3), headers: via("198.51.100.13") });
    // The network's partners, each key presented here for the first time: answered.
    for (const [key, address] of [
      [partner, "198.51.100.7"],
      [restricted, "198.51.100.8"],
    ] as const) {
      const r = await post(server, call(), { apiKey: key, headers: via(address) });
      expect(r.json?.error, key).toBeUndefined();
      expect(r.status, key).toBe(200);
      expect(r.json?.result?.structuredContent?.places?.length, key).toBeGreaterThan(0);
    }
    // Unknown keys from there, malformed or well-formed, are refused unlooked-up, asking to wait.
    for (const apiKey of [malformed(99), unknownKey()]) {
      const over = await post(server, call(), { apiKey, headers: via("198.51.100.50") });
      expect(over.json?.error, apiKey).toMatchObject({
        code: -32029,
        data: { code: "RATE_LIMITED", tier: "unknown_key" },
      });
      expect(over.json?.error.message).toMatch(/wait a couple of minutes/);
    }
    // The restricted key's IP ranges still hold (spec §5 rule 1), whatever the unknown keys did.
    expect((await post(server, call(), { apiKey: restricted, headers: via("192.0.2.8") })).status).toBe(403);
  });

  it("gives one network at most its share of the shared anonymous limit, and the shared limit still holds", async () => {
    // 10 shared, 3 per network: one client's calls leave the other networks their part.
    const first: Awaited<ReturnType<typeof post>>[] = [];
    for (let i = 0; i < 4; i++) first.push(await post(server, call(i), { headers: via("203.0.113.5") }));
    expect(first.slice(0, 3).map((r) => r.json?.result !== undefined)).toEqual([true, true, true]);
    expect(first[3]!.status).toBe(200);
    expect(first[3]!.json?.error).toMatchObject({
      code: -32029,
      data: { code: "RATE_LIMITED", tier: "anonymous", share: "network" },
    });
    expect(first[3]!.json?.error.message).toMatch(/wait a couple of minutes/);
    expect(first[3]!.headers.get("retry-after")).toBeNull();
    // Another client of the same /24 shares that network's part.
    expect(code(await post(server, call(), { headers: via("203.0.113.77") }))).toBe("RATE_LIMITED");
    // Other networks are answered, up to the shared limit (3 + 3 + 3 + 1 = 10) …
    const others: Awaited<ReturnType<typeof post>>[] = [];
    for (const net of ["192.0.2", "192.0.2", "192.0.2", "2001:db8:1:", "2001:db8:1:", "2001:db8:1:", "198.18.0"]) {
      const address = net.endsWith(":") ? `${net}:${others.length}` : `${net}.${others.length}`;
      others.push(await post(server, call(), { headers: via(address) }));
    }
    expect(others.map((r) => r.json?.result !== undefined)).toEqual([true, true, true, true, true, true, true]);
    // … which then holds for everyone, a network with its share untouched included (spec §5: one shared limit).
    const last = await post(server, call(), { headers: via("198.18.9.1") });
    expect(last.json?.error).toMatchObject({ code: -32029, data: { tier: "anonymous" } });
    expect(last.json?.error.data.share).toBeUndefined();
    expect(last.json?.error.message).toMatch(/shared limit.*wait a couple of minutes/);
    // Partner keys are a tier apart, unaffected by anonymous load.
    expect((await post(server, call(), { apiKey: partner, headers: via("203.0.113.5") })).json?.result).toBeDefined();
  });
});
