import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GENERIC_MESSAGE } from "../errors";

async function load(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else vi.stubEnv(k, v);
  }
  // The route module and the error type and logger it uses, from one fresh module graph.
  return { ...(await import("../route")), ...(await import("../errors")), ...(await import("@/lib/log")) };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const noParams = { params: Promise.resolve({}) };
const get = (url: string, headers: Record<string, string> = {}) => new NextRequest(url, { headers });

describe("route()", () => {
  it("answers a thrown AppError as its JSON, not cached", async () => {
    const { route, AppError } = await load();
    const handler = route(() => {
      throw new AppError({ code: "HOTEL_NOT_FOUND", field: "id", message: "No such hotel" });
    });
    const res = await handler(get("http://brand-a.localhost/api/x"), noParams);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: { code: "HOTEL_NOT_FOUND", field: "id", message: "No such hotel" } });
  });

  it("answers an unknown error with a generic 500 and logs it", async () => {
    const { route, log } = await load();
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const res = await route(() => {
      throw new Error("relation hotels does not exist");
    })(get("http://brand-a.localhost/api/x"), noParams);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: "INTERNAL", message: GENERIC_MESSAGE } });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logged.mock.calls[0])).toContain("relation hotels does not exist");
  });

  it("sets no-store on a success unless the route names its caching, and keeps the handler's own", async () => {
    const { route } = await load();
    const plain = await route(() => Response.json({}))(get("http://x/a"), noParams);
    expect(plain.headers.get("cache-control")).toBe("no-store");
    const cached = await route(() => Response.json({}), { cache: "public, max-age=60" })(get("http://x/a"), noParams);
    expect(cached.headers.get("cache-control")).toBe("public, max-age=60");
    const own = await route(() => Response.json({}, { headers: { "Cache-Control": "private, max-age=5" } }))(
      get("http://x/a"),
      noParams,
    );
    expect(own.headers.get("cache-control")).toBe("private, max-age=5");
    const redirect = await route(() => Response.redirect("http://x/b", 303))(get("http://x/a"), noParams);
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("cache-control")).toBe("no-store");
  });

  it("hands the handler its awaited params", async () => {
    const { route } = await load();
    const res = await route<{ id: string }>((_r, { params }) => Response.json(params))(get("http://x/a"), {
      params: Promise.resolve({ id: "h1" }),
    });
    expect(await res.json()).toEqual({ id: "h1" });
  });
});

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

describe("operatorRoute()", () => {
  const token = "operators-token-for-tests";
  const post = (headers: Record<string, string>) =>
    new NextRequest("http://127.0.0.1:3000/ops/sso/aurora/steps", { method: "POST", headers });

  it("lets an operator's bearer token through on the operators' host, from the page itself", async () => {
    const { operatorRoute } = await load({ OPS_TOKEN: token, OPS_HOST: undefined, NODE_ENV: "production" });
    const handler = operatorRoute(() => new Response("ok"));
    const ok = await handler(post({ host: "127.0.0.1:3000", authorization: `Bearer ${token}` }), noParams);
    expect(await ok.text()).toBe("ok");
    const signedOut = await handler(post({ host: "127.0.0.1:3000" }), noParams);
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.code).toBe("OPS_SIGN_IN_REQUIRED");
    const brandHost = await handler(post({ host: "brand-a.localhost", authorization: `Bearer ${token}` }), noParams);
    expect(brandHost.status).toBe(404);
    const crossSite = await handler(
      post({ host: "127.0.0.1:3000", authorization: `Bearer ${token}`, origin: "https://evil.example" }),
      noParams,
    );
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe("CROSS_SITE_FORM");
  });

  it("is a 404 for everyone while the operators' pages are off", async () => {
    const { operatorRoute } = await load({ OPS_TOKEN: undefined });
    const res = await operatorRoute(() => new Response("ok"))(post({ host: "127.0.0.1:3000" }), noParams);
    expect(res.status).toBe(404);
  });
});
