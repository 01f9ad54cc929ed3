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
