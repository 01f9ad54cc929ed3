import { createHash } from "node:crypto";
import { config } from "@/lib/config";
import { isLoopbackAddress, routedPath } from "@/lib/http/node";
import { processShared } from "@/lib/runtime";
import { countRateLimitRefusal } from "@/lib/metrics";
import { charge, left, networkOf, type CostlyRoute } from "./counters";

/**
 * Fair use of the costly routes: one client must not starve the others. Node answers every request on one thread,
 * so 32 concurrent hits-1000 nearby requests, one-letter suggestions or deep pages of one client put every other
 * client's request behind theirs (a cheap page went from ~9 ms to 200–950 ms). Two limits per client, checked before
 * Next sees the request (lib/server): per partner key for nearby places, per client network (/24, /48) for
 * suggestions and pages.
 *
 * - A budget of request time per window (rate-limiter-flexible, memory or Redis, shared by instances): each request
 *   costs the milliseconds it was in progress (at least 1), charged when it ends; a client with nothing left is
 *   answered 429 with Retry-After until its window ends. Request cost varies a hundredfold (hits 1000 against hits
 *   10, a one-letter suggestion against a name): charging the time taken weighs every request by its real cost,
 *   with no model of each route's cost to keep and no body to read at the edge.
 * - A number of requests in progress on this instance (its CPU is what they share). Past it a request waits its turn
 *   (first come, first served, no CPU used meanwhile), at most FAIR_QUEUE of one client; past that, 429. A burst of a
 *   traveller (a search page's prefetches) is only delayed; a flood is held to a few requests at a time until its
 *   budget is spent, which then takes seconds.
 */

/** A request of a costly route and whose it is (a partner key's, a client network's). */
export interface CostlyRequest {
  route: CostlyRoute;
  counter: string;
}

/** Brand pages and their APIs whose work grows with the catalog: results, hotel pages, maps, sitemaps. */
const PAGE_PATHS = /^\/(?:search|hotels\/.+|api\/hotels\/.+|api\/maps\/.+|sitemap\.xml|sitemaps\/.+)$/i;

/**
 * Which costly route a request is, and whose: POST /v1/nearby-places per partner key (its digest: logs and Redis
 * never hold a key), /api/suggest and pages per client network. Undefined for every other request (/ping, static
 * files, sign-on, operators' pages: not limited here), and for a client on this machine (monitoring, tests, the
 * demo; or a proxy here not declared in TRUSTED_PROXY_HOPS, whose visitors would otherwise all be one network).
 */
export function costlyRequest(
  method: string | undefined,
  target: string,
  partnerKey: string | undefined,
  address: string | undefined,
): CostlyRequest | undefined {
  if (isLoopbackAddress(address)) return undefined;
  const p = routedPath(target);
  if (p === "/v1/nearby-places") {
    if (method !== "POST") return undefined;
    // No key: the route refuses it at once (401), so it costs nothing worth counting.
    if (!partnerKey) return undefined;
    return { route: "nearby", counter: `key:${createHash("sha256").update(partnerKey).digest("hex").slice(0, 32)}` };
  }
  // Any method: Next renders a page for a POST or a PUT as it does for a GET.
  if (p === "/api/suggest") return { route: "suggest", counter: networkOf(address) };
  if (PAGE_PATHS.test(p)) return { route: "pages", counter: networkOf(address) };
  return undefined;
}

export type Admission =
  | {
      allowed: true;
      /** Call once the response is done: its time is charged, the next waiting request goes. */ release(): void;
    }
  | { allowed: false; retryAfter: number; reason: "budget" | "queue" | "gone" };

function concurrencyOf(route: CostlyRoute): number {
  const cfg = config();
  if (route === "nearby") return cfg.NEARBY_CONCURRENCY;
  if (route === "suggest") return cfg.SUGGEST_CONCURRENCY;
  return cfg.PAGES_CONCURRENCY;
}

interface Lane {
  active: number;
  waiting: { go: () => void }[];
}

const lanes = () => processShared("fair-lanes", () => new Map<string, Lane>());

/**
 * A place among a client's requests in progress on this instance: at once while fewer than `cap` are, else in turn
 * (first come, first served) once one ends; undefined when `queue` already wait or the client went away meanwhile.
 */
function enter(name: string, cap: number, queue: number, signal?: AbortSignal): Promise<(() => void) | undefined> {
  const all = lanes();
  let lane = all.get(name);
  if (!lane) all.set(name, (lane = { active: 0, waiting: [] }));
  const l = lane;
  // Each admitted request's own release: the first call hands its place to the next waiting request, or frees it.
  const place = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = l.waiting.shift();
      if (next) return next.go();
      l.active--;
      if (l.active === 0) all.delete(name);
    };
  };
  if (l.active < cap) {
    l.active++;
    return Promise.resolve(place());
  }
  if (l.waiting.length >= queue || signal?.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const waiter = {
      // The place of the request that ended passes to this one (active stays as it was).
      go: () => {
        signal?.removeEventListener("abort", gone);
        resolve(place());
      },
    };
    const gone = () => {
      const i = l.waiting.indexOf(waiter);
      if (i >= 0) l.waiting.splice(i, 1);
      resolve(undefined);
    };
    signal?.addEventListener("abort", gone, { once: true });
    l.waiting.push(waiter);
  });
}

/**
 * Admits a costly request: its client must have request time left in its window (429 otherwise, Retry-After until
 * the window ends), then a place among its client's requests in progress, waiting its turn if need be. `signal`: the
 * client went away (a waiting request then leaves the queue). The time from admission to release is charged.
 */
export async function admitCostly(request: CostlyRequest, signal?: AbortSignal): Promise<Admission> {
  const admission = await admit(request, signal);
  // A client gone is not refused: it asked nothing more of anyone.
  if (!admission.allowed && admission.reason !== "gone") countRateLimitRefusal(request.route, admission.reason);
  return admission;
}

async function admit(request: CostlyRequest, signal?: AbortSignal): Promise<Admission> {
  const counter = { tier: request.route, counter: request.counter };
  const budget = await left(counter);
  if (budget.remaining <= 0) return { allowed: false, retryAfter: budget.retryAfter, reason: "budget" };
  const free = await enter(
    `${request.route}:${request.counter}`,
    concurrencyOf(request.route),
    config().FAIR_QUEUE,
    signal,
  );
  if (!free) return { allowed: false, retryAfter: 1, reason: signal?.aborted ? "gone" : "queue" };
  // The budget again once its turn came: the requests it waited behind may have spent it (a queue of a flood must
  // not run past its budget).
  const now = await left(counter);
  if (now.remaining <= 0) {
    free();
    return { allowed: false, retryAfter: now.retryAfter, reason: "budget" };
  }
  const started = performance.now();
  let charged = false;
  return {
    allowed: true,
    release: () => {
      if (charged) return;
      charged = true;
      // Charged before its place passes on: the next request's look at the budget comes after this charge.
      void charge(counter, Math.max(1, Math.ceil(performance.now() - started)));
      free();
    },
  };
}
