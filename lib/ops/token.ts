import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { AppError, requestFacts } from "@/lib/http/node";
import { networkFailures } from "@/lib/limits";

/**
 * The operators' token (OPS_TOKEN), the hosts their pages answer on, and the price of guessing the token: nothing here
 * reads the store, so the proxy can refuse a throttled network before a page renders.
 *
 * The token reaches the platform two ways, the sign-in form and "Authorization: Bearer <token>". Both cost the same:
 * a wrong token counts as a failed sign-in of the client's network (OPS_SIGN_IN_LIMIT per window, one count for both
 * ways), and past the limit a token, the right one too, is refused unread (429 with Retry-After, or the form's
 * `?error=throttled`).
 */
export const sha256 = (s: string) => createHash("sha256").update(s).digest();

/** The configured token, or undefined when the operators' pages are off. */
export function opsToken(): string | undefined {
  return config().OPS_TOKEN;
}

/** Whether a presented token is the operators' token (compared in constant time). */
export function isOpsToken(presented: string | null | undefined): boolean {
  const token = opsToken();
  return !!token && typeof presented === "string" && timingSafeEqual(sha256(presented), sha256(token));
}

/** The names this machine answers to: where the operators' pages are when OPS_HOST names no other. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Whether the operators' pages answer on this Host: OPS_HOST's names when set; else, under `next dev`, any host, and
 * otherwise this machine's own names only (localhost, 127.0.0.1, [::1]): never a partner's brand host by default.
 */
export function isOpsHost(host: string | null | undefined): boolean {
  const cfg = config();
  const name = (host ?? "").replace(/:\d+$/, "").toLowerCase();
  if (cfg.OPS_HOST) return cfg.OPS_HOST.includes(name);
  return cfg.NODE_ENV === "development" || LOCAL_HOSTS.has(name);
}

/** Prometheus's path (lib/ops/metrics.ts). */
export const METRICS_PATH = "/metrics";

/**
 * Whether /metrics is served on this Host: metrics on (METRICS_ENABLED), an operators' host, and a way in (OPS_TOKEN
 * or METRICS_ALLOW's networks). Elsewhere the path is any unknown page.
 */
export function metricsServed(host: string | null | undefined): boolean {
  const cfg = config();
  return cfg.METRICS_ENABLED && isOpsHost(host) && (!!opsToken() || cfg.METRICS_ALLOW.length > 0);
}

/** The token of an "Authorization: Bearer <token>" header, if that is what it holds. */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  return /^Bearer (.+)$/i.exec(authorization ?? "")?.[1];
}

/** Whether the client's network may try a token now (a look, counting nothing: the proxy's check of a page). */
export async function assertSignInAllowed(address: string | undefined): Promise<void> {
  const failures = networkFailures("ops_sign_in", address);
  if (!(await failures.allowed())) throw throttled(await failures.retryAfter());
}

const throttled = (retryAfter: number) =>
  new AppError({
    code: "RATE_LIMITED",
    message: "Too many wrong operators' tokens from your network. Wait a minute, then try again.",
    retryAfter,
  });

/**
 * A try of the token, counted for the client's network before the token is read or compared: undefined past the
 * network's limit (nothing may be tried), else what gives the try back once the token proved right, so that only
 * wrong tokens count. Counted first: tries sent at once cannot all pass a look taken before any of them was counted.
 */
export async function tokenTry(address: string | undefined): Promise<{ succeeded(): Promise<void> } | undefined> {
  const failures = networkFailures("ops_sign_in", address);
  return (await failures.attempt()) ? { succeeded: failures.succeeded } : undefined;
}

/** Whether a bearer token is the operators' token: refused unread past the network's limit (throws RATE_LIMITED). */
export async function checkBearer(token: string, address: string | undefined): Promise<boolean> {
  const attempt = await tokenTry(address);
  if (!attempt) throw throttled(await networkFailures("ops_sign_in", address).retryAfter());
  if (!isOpsToken(token)) return false;
  await attempt.succeeded();
  return true;
}

/**
 * The proxy's check of an operators' page or form request carrying a bearer token (a page cannot answer 429 itself):
 * the RATE_LIMITED error while its network may not try one, else undefined (the page or route then checks the token,
 * counting a wrong one).
 */
export async function bearerRefusal(headers: Headers): Promise<AppError | undefined> {
  if (!opsToken() || !isOpsHost(headers.get("host")) || bearerToken(headers.get("authorization")) === undefined)
    return undefined;
  try {
    await assertSignInAllowed(requestFacts(headers).address);
    return undefined;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}
