import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { loggedAddress } from "@/lib/http/address";
import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime/shared";

/**
 * Rate limits. The assistant endpoint's tiers (spec §5, §8): all anonymous clients share one limit; each partner key has its own,
 * counted apart, so anonymous load never uses a partner's allowance. Counters are in memory, or in Redis when
 * REDIS_URL is set (rate-limiter-flexible over ioredis), where every instance shares them. If Redis stops answering,
 * each instance falls back to its own memory counters (logged) rather than refusing or waving traffic through.
 */
export type Tier = Counter["tier"];

export interface LimitOutcome {
  allowed: boolean;
  /** Requests left in the window (0 when refused). */
  remaining: number;
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

function limiter(points: number, tier: Tier): RateLimiterAbstract {
  const s = state();
  const name = `${tier}:${points}`;
  let l = s.limiters.get(name);
  if (!l) {
    const cfg = config();
    const opts = { points, duration: cfg.MCP_LIMIT_WINDOW_SECONDS, keyPrefix: `${cfg.REDIS_KEY_PREFIX}mcp:${tier}` };
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
 * A counter: the anonymous tier's one, a partner key's (by its id, with its own limit if it has one), the unknown
 * keys presented from one client network (lib/mcp/access.ts: guessing keys costs the store nothing past it), or the
 * operators' failed sign-ins from one network (lib/ops/auth.ts).
 */
export type Counter =
  | { tier: "anonymous" }
  | { tier: "partner"; counter: string; limit?: number }
  | { tier: "unknown_key"; counter: string }
  | { tier: "ops_sign_in"; counter: string };

function pointsOf(c: Counter): number {
  const cfg = config();
  if (c.tier === "anonymous") return cfg.MCP_ANONYMOUS_LIMIT;
  if (c.tier === "partner") return c.limit ?? cfg.MCP_PARTNER_LIMIT;
  if (c.tier === "ops_sign_in") return cfg.OPS_SIGN_IN_LIMIT;
  return cfg.MCP_UNKNOWN_KEY_LIMIT;
}

const counterOf = (c: Counter) => (c.tier === "anonymous" ? "all" : c.counter);

/** Counts `points` requests against a counter; refused (nothing counted twice) once its window's limit is reached. */
export async function consume(c: Counter, points = 1): Promise<LimitOutcome> {
  try {
    const l = limiter(pointsOf(c), c.tier);
    await state().connected;
    const res = await l.consume(counterOf(c), points);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { allowed: false, remaining: 0 };
    // Neither Redis nor the fallback answered (not expected): let the request through and say so.
    log.error({ err: (e as Error).message }, "rate limits: counter failed; request allowed");
    return { allowed: true, remaining: 0 };
  }
}

/** What is left of a counter's window, without counting. */
export async function peek(c: Counter): Promise<number> {
  const points = pointsOf(c);
  try {
    const l = limiter(points, c.tier);
    await state().connected;
    const res = await l.get(counterOf(c));
    return res ? Math.max(0, points - res.consumedPoints) : points;
  } catch {
    return points;
  }
}

/**
 * Failures counted per client network (its /24 or /48, as logs show it): unknown api_keys, operators' sign-ins.
 * `allowed()` says whether the network may try again before the window ends; `count()` counts one failure;
 * `retryAfter()` says when the window ends.
 */
export function networkFailures(tier: "unknown_key" | "ops_sign_in", address: string | undefined) {
  const counter: Counter = { tier, counter: loggedAddress(address) ?? "unknown" };
  return {
    allowed: async () => (await peek(counter)) > 0,
    count: async () => void (await consume(counter)),
    /** Seconds until the network's window ends (at least 1): a refused client's Retry-After. */
    retryAfter: () => secondsLeft(counter),
  };
}

/** Seconds until a counter's window ends (at least 1; the whole window when its state cannot be read). */
async function secondsLeft(c: Counter): Promise<number> {
  try {
    const l = limiter(pointsOf(c), c.tier);
    await state().connected;
    const res = await l.get(counterOf(c));
    return Math.max(1, Math.ceil((res?.msBeforeNext ?? 0) / 1000));
  } catch {
    return config().MCP_LIMIT_WINDOW_SECONDS;
  }
}

/** Closes the Redis connection (tests, shutdown). */
export async function closeLimits(): Promise<void> {
  const s = state();
  s.limiters.clear();
  const redis = s.redis;
  s.redis = undefined;
  await redis?.quit().catch(() => redis.disconnect());
}
