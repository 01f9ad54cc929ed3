import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/places/__tests__/http-fixture";
import { HEALTH_CACHE_MS } from "@/lib/ops/status";

/** /api/health: readiness for anyone, the figures for operators, and polling that does not scan the store each time. */
const TOKEN = "health-test-operators-token-0001";
let server: NearbyServer;

beforeAll(async () => {
  server = await startNearbyServer(100, { env: { OPS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await server?.close();
});

const get = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}/api/health`, { headers: { connection: "close", ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("/api/health", () => {
  it("tells anyone only that it is ready", async () => {
    expect(await get()).toEqual({ status: 200, body: { status: "ok" } });
    expect(await get({ authorization: "Bearer not-the-token-at-all" })).toEqual({
      status: 200,
      body: { status: "ok" },
    });
  });

  it("gives operators the figures, reused for a few seconds", async () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    await new Promise((r) => setTimeout(r, HEALTH_CACHE_MS + 100)); // whatever the readiness check left cached
    const first = await get(bearer);
    expect(first.body).toMatchObject({ status: "ok", store: "sqlite", hotels: 100, catalog: { hotels: 100 } });
    await server.store.db
      .updateTable("hotels")
      .set({ removed_at: new Date().toISOString() })
      .where("id", "=", "HTL-0000001")
      .execute();
    expect((await get(bearer)).body.hotels).toBe(100);
    await new Promise((r) => setTimeout(r, HEALTH_CACHE_MS + 100));
    expect((await get(bearer)).body.hotels).toBe(99);
  });
});
