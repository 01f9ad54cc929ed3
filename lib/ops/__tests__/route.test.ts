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
