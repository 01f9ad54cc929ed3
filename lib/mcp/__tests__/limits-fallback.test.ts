import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * With REDIS_URL set and Redis not answering, each instance counts in memory (logged) rather than refusing every
 * request or letting every request through.
 */
let closedPort: number;
beforeAll(async () => {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  process.env.REDIS_URL = `redis://127.0.0.1:${closedPort}`;
  process.env.MCP_ANONYMOUS_LIMIT = "3";
});

afterAll(async () => {
  const { closeLimits } = await import("@/lib/limits");
  await closeLimits();
});

describe("rate limits without Redis", () => {
  it("still enforces the limit, from memory, without waiting on Redis for each request", async () => {
    const { consume } = await import("@/lib/limits");
    const started = performance.now();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await consume({ tier: "anonymous" })).allowed);
    expect(outcomes).toEqual([true, true, true, false, false]);
    // A refused connection is known at once: no request waits for Redis.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
