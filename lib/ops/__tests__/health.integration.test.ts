import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/testing";
import { HEALTH_CACHE_MS } from "../status";

/**
 * /api/health: readiness for anyone, the figures for operators, and polling that does not scan the store each time.
 * /api/live: liveness, GET or POST with an optional small JSON body.
 */
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

describe("/api/live", () => {
  const live = async (init: RequestInit = {}) => {
    const res = await fetch(`${server.url}/api/live`, init);
    return { status: res.status, vary: res.headers.get("vary"), body: (await res.json()) as Record<string, unknown> };
  };
  const json = { "content-type": "application/json" };

  it("answers GET and a POST without a body", async () => {
    expect(await live()).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await live({ method: "POST" })).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("reads a small JSON body as the API does, through the same compression layer", async () => {
    const res = await live({ method: "POST", headers: json, body: JSON.stringify({ probe: "lb-1", hits: 10 }) });
    expect(res).toEqual({ status: 200, vary: expect.stringMatching(/Accept-Encoding$/), body: { status: "ok" } });
    // Chunked (no Content-Length): read too, so a broken one is refused.
    const chunked = (body: string) =>
      live({ method: "POST", headers: json, body: new Blob([body]).stream(), duplex: "half" } as RequestInit);
    expect(await chunked('{"probe":"lb-2"}')).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await chunked('{"probe":')).toMatchObject({ status: 400, body: { error: { code: "INVALID_JSON" } } });
  });

  it("refuses what the API's body reader refuses", async () => {
    const error = (r: { status: number; body: Record<string, unknown> }) => [
      r.status,
      (r.body.error as { code: string }).code,
    ];
    expect(error(await live({ method: "POST", headers: json, body: '{"probe":' }))).toEqual([400, "INVALID_JSON"]);
    expect(error(await live({ method: "POST", headers: { "content-type": "text/plain" }, body: "ok?" }))).toEqual([
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ]);
    const large = JSON.stringify({ probe: "x".repeat(2000) });
    expect(error(await live({ method: "POST", headers: json, body: large }))).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });
});
