import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

async function load(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else vi.stubEnv(k, v);
  }
  // The route module and the settings it reads, from one fresh module graph.
  return await import("../route");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const noParams = { params: Promise.resolve({}) };
const get = (url: string, headers: Record<string, string> = {}) => new NextRequest(url, { headers });

describe("brandRoute()", () => {
  it("hands the Host's brand to the handler; a host no brand owns is a 404", async () => {
    const { brandRoute } = await load({ BRANDS_FILE: undefined });
    const handler = brandRoute((_r, { brand }) => Response.json({ brand: brand.id }));
    expect(await (await handler(get("http://x/api/s", { host: "brand-a.localhost:3000" }), noParams)).json()).toEqual({
      brand: "aurora",
    });
    const unknown = await handler(get("http://x/api/s", { host: "nobody.example" }), noParams);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("UNKNOWN_HOST");
  });
});

describe("partnerRoute()", () => {
  it("hands the partner key's brand to the handler; no key or an unknown one is a 401", async () => {
    const { partnerRoute } = await load({ BRANDS_FILE: undefined });
    const called = vi.fn((_r: NextRequest, { brand }: { brand: { id: string } }) => Response.json({ brand: brand.id }));
    const handler = partnerRoute(called);
    const known = await handler(get("http://x/v1/n", { "x-partner-key": "demo-sakura-partner-key-0002" }), noParams);
    expect(await known.json()).toEqual({ brand: "sakura" });
    expect(called).toHaveBeenCalledTimes(1);
    for (const headers of [{}, { "x-partner-key": "not-a-key" }] as Record<string, string>[]) {
      const request = new NextRequest("http://x/v1/n", { method: "POST", headers, body: '{"placeCategories":[]}' });
      const refused = await handler(request, noParams);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: { code: "UNAUTHORIZED", field: "X-Partner-Key" } });
      // Refused before the handler runs: the body is never read.
      expect(request.bodyUsed).toBe(false);
    }
    expect(called).toHaveBeenCalledTimes(1);
  });
});
