import { describe, expect, it } from "vitest";
import { costlyRequest } from "../fairness";

/** Which requests count as costly, and whose they are (the limits themselves: fairness.integration.test.ts). */
describe("costlyRequest", () => {
  it("counts nearby places per partner key (its digest, never the key), whatever the network", () => {
    const a = costlyRequest("POST", "/v1/nearby-places", "demo-key-1", "192.0.2.1");
    const b = costlyRequest("POST", "/v1/nearby-places", "demo-key-1", "198.51.100.1");
    expect(a).toEqual(b);
    expect(a?.route).toBe("nearby");
    expect(a?.counter).not.toContain("demo-key-1");
    expect(costlyRequest("POST", "/v1/nearby-places", "demo-key-2", "192.0.2.1")?.counter).not.toBe(a?.counter);
    // Without a key the route refuses it at once (401): nothing to count.
    expect(costlyRequest("POST", "/v1/nearby-places", undefined, "192.0.2.1")).toBeUndefined();
    expect(costlyRequest("GET", "/v1/nearby-places", "demo-key-1", "192.0.2.1")).toBeUndefined();
  });

  it("counts suggestions and pages per client network (/24, /48), under every spelling Next routes", () => {
    expect(costlyRequest("GET", "/api/suggest?q=a", undefined, "203.0.113.7")).toEqual({
      route: "suggest",
      counter: "203.0.113.0/24",
    });
    for (const target of [
      "/search?q=Paris",
      "/hotels/H1",
      "/hotels/H1/",
      "/%68otels/H1",
      "/x/../hotels/H1",
      "http://brand-a.localhost/search",
      "/api/hotels/H1/nearby",
      "/api/maps/land",
      "/sitemap.xml",
      "/sitemaps/hotels-1.xml",
    ]) {
      expect(costlyRequest("GET", target, undefined, "2001:db8:1:2::9"), target).toEqual({
        route: "pages",
        counter: "2001:db8:1::/48",
      });
    }
    expect(costlyRequest("HEAD", "/search", undefined, undefined)).toEqual({ route: "pages", counter: "unknown" });
    // Next renders a page for any method: another method is no way around the page's limit.
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) {
      expect(costlyRequest(method, "/search?q=a", undefined, "203.0.113.9"), method).toEqual({
        route: "pages",
        counter: "203.0.113.0/24",
      });
      expect(costlyRequest(method, "/api/suggest?q=a", undefined, "203.0.113.9"), method).toMatchObject({
        route: "suggest",
      });
    }
  });

  it("leaves a client on this machine alone (monitoring, tests, a proxy here not declared as one)", () => {
    for (const address of ["127.0.0.1", "127.3.0.9", "::1"])
      expect(costlyRequest("GET", "/search", undefined, address), address).toBeUndefined();
  });

  it("leaves every other request alone: the cheap page, the home page, static files, sign-on, the API's others", () => {
    for (const target of [
      "/ping",
      "/",
      "/_next/static/chunks/a.js",
      "/sso/test/start",
      "/api/live",
      "/api/health",
      "/mcp",
    ])
      expect(costlyRequest("GET", target, undefined, "192.0.2.1"), target).toBeUndefined();
  });
});

describe("admitCostly (in memory)", () => {
  // One in progress and one waiting per client; budgets no request here reaches.
  process.env.NEARBY_CONCURRENCY = "1";
  process.env.FAIR_QUEUE = "1";
  process.env.NEARBY_BUDGET_MS = "1000000";
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it("admits one in progress, queues the next in turn, refuses more, and gives every place back", async () => {
    const { admitCostly } = await import("../fairness");
    const request = { route: "nearby", counter: "key:turns" } as const;
    const first = await admitCostly(request);
    expect(first.allowed).toBe(true);
    let second: Awaited<ReturnType<typeof admitCostly>> | undefined;
    void admitCostly(request).then((a) => (second = a));
    await flush();
    expect(second).toBeUndefined(); // waiting its turn
    expect(await admitCostly(request)).toMatchObject({ allowed: false, reason: "queue", retryAfter: 1 });
    // Another client is not held up.
    expect((await admitCostly({ route: "nearby", counter: "key:other" })).allowed).toBe(true);
    if (first.allowed) first.release();
    await flush();
    expect(second?.allowed).toBe(true);
    if (second?.allowed) {
      second.release();
      second.release(); // twice is once
    }
    const again = await admitCostly(request);
    expect(again.allowed).toBe(true);
    if (again.allowed) again.release();
  });

  it("takes a waiting request out of the queue when its client goes away", async () => {
    const { admitCostly } = await import("../fairness");
    const request = { route: "nearby", counter: "key:gone" } as const;
    const first = await admitCostly(request);
    const gone = new AbortController();
    const waiting = admitCostly(request, gone.signal);
    await flush();
    gone.abort();
    expect(await waiting).toMatchObject({ allowed: false, reason: "gone" });
    // Its place in the queue is free again.
    let next: Awaited<ReturnType<typeof admitCostly>> | undefined;
    void admitCostly(request).then((a) => (next = a));
    await flush();
    expect(next).toBeUndefined();
    if (first.allowed) first.release();
    await flush();
    expect(next?.allowed).toBe(true);
  });
});

describe("admitCostly: the budget", () => {
  process.env.SUGGEST_CONCURRENCY = "1";
  process.env.SUGGEST_BUDGET_MS = "1";
  const flush = () => new Promise((resolve) => setImmediate(resolve));

  it("refuses a waiting request whose client's budget the requests before it spent", async () => {
    const { admitCostly } = await import("../fairness");
    const request = { route: "suggest", counter: "203.0.113.0/24" } as const;
    const first = await admitCostly(request);
    expect(first.allowed).toBe(true);
    let second: Awaited<ReturnType<typeof admitCostly>> | undefined;
    void admitCostly(request).then((a) => (second = a));
    await flush();
    expect(second).toBeUndefined();
    if (first.allowed) first.release();
    await flush();
    expect(second).toMatchObject({ allowed: false, reason: "budget" });
    expect(second && !second.allowed && second.retryAfter).toBeGreaterThan(0);
  });
});
