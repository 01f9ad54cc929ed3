import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { loggedAddress } from "@/lib/http/node";
import { log } from "@/lib/log";
import { countRateLimitRefusal } from "@/lib/metrics";
import { processShared } from "@/lib/runtime";

/**
 * Rate limits. The assistant endpoint's tiers (spec §5, §8): all anonymous clients share one limit; each partner key has its own,
 * counted apart, so anonymous load never uses a partner's allowance. Counters are in memory, or in Redis when
 * REDIS_URL is set (rate-limiter-flexible over ioredis), where every instance shares them. If Redis stops answering,
 * each instance falls back to its own memory counters (logged) rather than refusing or waving traffic through.
 *
 * A limit that many clients share (the anonymous tier, a brand's sign-on test starts) has a share per client network
 * inside it, counted first: one network that reaches its share is refused without using what is left for the others.
 */
export type Tier = Counter["tier"];

export interface LimitOutcome {
  allowed: boolean;
  /** Requests left in the window (0 when refused). */
  remaining: number;
  /** When refused: seconds until the counter that refused lets a request through again. */
  retryAfter?: number;
  /** When refused by consumeShared: whether the network's share or the shared limit refused. */
  refusedBy?: "network" | "shared";
}

interface Limits {
  redis?: Redis;
  /** Settles when Redis first answers or fails (2 s at most): until then requests wait rather than count in memory. */
  connected?: Promise<void>;
  limiters: Map<string, RateLimiterAbstract>;
}

const state = () => processShared("mcp-limits", (): Limits => ({ limiters: new Map() }));

function redisClient(s: Limits): Redis | undefined {
  const url = config().REDIS_URL;
  if (!url) return undefined;
  if (!s.redis) {
    // No offline queue: while Redis is away a request goes to the memory fallback at once instead of waiting.
    // A command unanswered for 250 ms (a Redis that hangs) fails, and the memory fallback counts that request.
    s.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      commandTimeout: 250,
    });
    s.redis.on("error", (e: Error) =>
      log.warn({ err: e.message }, "rate limits: redis unavailable, counting in memory"),
    );
    const redis = s.redis;
    s.connected = new Promise<void>((resolve) => {
      redis.once("ready", () => resolve());
      redis.once("error", () => resolve());
      setTimeout(resolve, 2000).unref();
    });
  }
  return s.redis;
}

function limiter(points: number, tier: Tier, duration: number): RateLimiterAbstract {
  const s = state();
  const name = `${tier}:${points}:${duration}`;
  let l = s.limiters.get(name);
  if (!l) {
    const cfg = config();
    const opts = { points, duration, keyPrefix: `${cfg.REDIS_KEY_PREFIX}mcp:${tier}` };
    const redis = redisClient(s);
    l = redis
      ? new RateLimiterRedis({
          ...opts,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(opts),
        })
      : new RateLimiterMemory(opts);
    s.limiters.set(name, l);
  }
  return l;
}

/**
 * A counter: the anonymous tier's one and one client network's share of it, a partner key's (by its id, with its own
 * limit if it has one), the unknown keys presented from one client network (lib/mcp/access.ts: guessing keys costs
 * the store nothing past it), the operators' failed sign-ins from one network (lib/ops/auth.ts), a brand's sign-on
 * test starts and one network's share of them (lib/sso-check/trace.ts), and the costly routes' requests
 * (lib/limits/fairness.ts): per partner key for nearby places, per client network for suggestions and pages.
 */
export type Counter =
  | { tier: "anonymous" }
  | { tier: "anonymous_network"; counter: string }
  | { tier: "partner"; counter: string; limit?: number }
  | { tier: "unknown_key"; counter: string }
  | { tier: "ops_sign_in"; counter: string }
  | { tier: "sso_test"; counter: string }
  | { tier: "sso_test_network"; counter: string }
  | { tier: CostlyRoute; counter: string };

/** The routes whose cost varies a lot or can be high, limited per client (lib/limits/fairness.ts). */
export type CostlyRoute = "nearby" | "suggest" | "pages";

/** A network's share of a limit many clients share: at least one request (a hair added: 30 × 1/3 is 10, not 9). */
export const networkShare = (limit: number, share: number) => Math.max(1, Math.floor(limit * share + 1e-9));

function pointsOf(c: Counter): number {
  const cfg = config();
  switch (c.tier) {
    case "anonymous":
      return cfg.MCP_ANONYMOUS_LIMIT;
    case "anonymous_network":
      return networkShare(cfg.MCP_ANONYMOUS_LIMIT, cfg.MCP_ANONYMOUS_NETWORK_SHARE);
    case "partner":
      return c.limit ?? cfg.MCP_PARTNER_LIMIT;
    case "ops_sign_in":
      return cfg.OPS_SIGN_IN_LIMIT;
    case "unknown_key":
      return cfg.MCP_UNKNOWN_KEY_LIMIT;
    case "sso_test":
      return cfg.SSO_TEST_STARTS_PER_MINUTE;
    case "sso_test_network":
      return networkShare(cfg.SSO_TEST_STARTS_PER_MINUTE, cfg.SSO_TEST_NETWORK_SHARE);
    case "nearby":
      return cfg.NEARBY_BUDGET_MS;
    case "suggest":
      return cfg.SUGGEST_BUDGET_MS;
    case "pages":
      return cfg.PAGES_BUDGET_MS;
  }
}

/** The counter's window in seconds: a minute for the sign-on test, LIMIT_WINDOW_SECONDS for the costly routes, MCP_LIMIT_WINDOW_SECONDS for the rest. */
function windowOf(c: Counter): number {
  if (c.tier === "sso_test" || c.tier === "sso_test_network") return 60;
  if (c.tier === "nearby" || c.tier === "suggest" || c.tier === "pages") return config().LIMIT_WINDOW_SECONDS;
  return config().MCP_LIMIT_WINDOW_SECONDS;
}

const counterOf = (c: Counter) => (c.tier === "anonymous" ? "all" : c.counter);

/**
 * Counts `points` requests against a counter; refused (nothing counted twice) once its window's limit is reached. A
 * refusal is a request or try refused: counted in the metrics by the counter's tier.
 */
export async function consume(c: Counter, points = 1): Promise<LimitOutcome> {
  const outcome = await take(c, points);
  if (!outcome.allowed) countRateLimitRefusal(c.tier);
  return outcome;
}

/** Charges `points` spent by a request already served (its time): past the limit only the next requests are refused. */
export async function charge(c: Counter, points: number): Promise<void> {
  await take(c, points);
}

async function take(c: Counter, points: number): Promise<LimitOutcome> {
  try {
    const l = limiter(pointsOf(c), c.tier, windowOf(c));
    await state().connected;
    const res = await l.consume(counterOf(c), points);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (e) {
    if (e instanceof RateLimiterRes)
      return { allowed: false, remaining: 0, retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
    // Neither Redis nor the fallback answered (not expected): let the request through and say so.
    log.error({ err: (e as Error).message }, "rate limits: counter failed; request allowed");
    return { allowed: true, remaining: 0 };
  }
}

/** What is left of a counter's window and, when nothing is, seconds until its window ends; without counting. */
export async function left(c: Counter): Promise<{ remaining: number; retryAfter: number }> {
  const points = pointsOf(c);
  try {
    const l = limiter(points, c.tier, windowOf(c));
    await state().connected;
    const res = await l.get(counterOf(c));
    if (!res) return { remaining: points, retryAfter: 0 };
    return {
      remaining: Math.max(0, points - res.consumedPoints),
      retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  } catch {
    return { remaining: points, retryAfter: 0 };
  }
}

/** What is left of a counter's window, without counting. */
export async function peek(c: Counter): Promise<number> {
  return (await left(c)).remaining;
}

/**
 * Failures counted per client network (its /24 or /48, as logs show it): unknown api_keys, operators' sign-ins.
 * A try is counted before it is made (`attempt()`, false past the limit: nothing may be tried), so that tries sent at
 * once cannot all pass a look taken before any of them was counted; one that succeeds is given back (`succeeded()`):
 * only failures count. `allowed()` looks without counting; `retryAfter()` says when the window ends.
 */
export function networkFailures(tier: "unknown_key" | "ops_sign_in", address: string | undefined) {
  const counter: Counter = { tier, counter: networkOf(address) };
  return {
    allowed: async () => {
      const allowed = (await peek(counter)) > 0;
      // A look that finds nothing left refuses the request that looked (the proxy's check of a bearer token).
      if (!allowed) countRateLimitRefusal(tier);
      return allowed;
    },
    attempt: async () => (await consume(counter)).allowed,
    succeeded: () => refund(counter),
    /** Seconds until the network's window ends (at least 1): a refused client's Retry-After. */
    retryAfter: async () => Math.max(1, (await left(counter)).retryAfter),
  };
}

/** Gives back `points` counted against a counter (a try that turned out not to be a failure). */
async function refund(c: Counter, points = 1): Promise<void> {
  try {
    const l = limiter(pointsOf(c), c.tier, windowOf(c));
    await state().connected;
    await l.reward(counterOf(c), points);
  } catch (e) {
    log.warn({ err: (e as Error).message }, "rate limits: a try could not be given back");
  }
}

/**
 * Counts a request against a client network's share of a shared limit, then against the shared limit itself: a
 * network past its share is refused without using what is left of the shared limit for the other networks.
 */
export async function consumeShared(shared: Counter, network: Counter): Promise<LimitOutcome> {
  const own = await consume(network);
  if (!own.allowed) return { ...own, refusedBy: "network" };
  const all = await consume(shared);
  return all.allowed ? all : { ...all, refusedBy: "shared" };
}

/** A client network's counter: its /24 (IPv4) or /48 (IPv6), as logs show it; "unknown" when no address is known. */
export const networkOf = (address: string | undefined) => loggedAddress(address) ?? "unknown";

/** Closes the Redis connection (tests, shutdown). */
export async function closeLimits(): Promise<void> {
  const s = state();
  s.limiters.clear();
  const redis = s.redis;
  s.redis = undefined;
  await redis?.quit().catch(() => redis.disconnect());
}
