import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A Redis that stops answering mid-way (a frozen connection, not a refused one): a request waits at most the
 * command timeout, then is counted in memory; the limit still holds.
 */
let proxy: net.Server;
let frozen = false;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  // A TCP relay to the real Redis that can stop relaying (both ways) without closing anything.
  proxy = net.createServer((client) => {
    const upstream = net.connect(6379, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.on("data", (d) => void (frozen || upstream.write(d)));
    upstream.on("data", (d) => void (frozen || client.write(d)));
    const end = () => (client.destroy(), upstream.destroy());
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  process.env.REDIS_URL = `redis://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  process.env.REDIS_KEY_PREFIX = `test-${randomUUID()}:`;
  process.env.MCP_ANONYMOUS_LIMIT = "4";
});

afterAll(async () => {
  frozen = false;
  const { closeLimits } = await import("@/lib/limits");
  await closeLimits();
  for (const s of sockets) s.destroy();
  await new Promise((r) => proxy.close(r));
});

describe("rate limits when Redis hangs", () => {
  it("answers within the command timeout and keeps counting in memory", async () => {
    const { consume } = await import("@/lib/limits");
    expect((await consume({ tier: "anonymous" })).allowed).toBe(true); // through Redis
    frozen = true;
    const outcomes: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      outcomes.push((await consume({ tier: "anonymous" })).allowed);
      expect(performance.now() - started, `request ${i}`).toBeLessThan(1000);
    }
    // The memory fallback has its own count from the freeze on: 4 allowed, then refused.
    expect(outcomes).toEqual([true, true, true, true, false]);
  });
});
