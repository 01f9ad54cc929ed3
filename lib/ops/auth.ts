import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { AppError, requestFacts } from "@/lib/http/node";
import { store } from "@/lib/store";
import { bearerToken, checkBearer, isOpsHost, opsToken, sha256 } from "./token";

export { assertSignInAllowed, isOpsHost, isOpsToken, opsToken, tokenTry } from "./token";

/**
 * The operators' access: a token from the environment (OPS_TOKEN), exchanged at sign-in for a session. The session
 * cookie holds a random value; the store keeps its digest, its expiry (OPS_SESSION_HOURS) and sign-out's revocation,
 * so a session ends when it should on every instance. Failed sign-ins, by the form or by a bearer token, are counted
 * per client network (OPS_SIGN_IN_LIMIT per window); past that, attempts are refused unread (./token.ts). The pages
 * answer only on the operators' hosts (OPS_HOST).
 */
export const OPS_COOKIE = "ops_session";
export const OPS_PATH = "/ops";

/** Starts a session: the cookie's value (shown once) and its lifetime in seconds. */
export async function startOpsSession(now = new Date()): Promise<{ value: string; maxAge: number }> {
  const value = randomBytes(32).toString("base64url");
  const maxAge = Math.round(config().OPS_SESSION_HOURS * 3600);
  const { db } = await store();
  await db
    .insertInto("ops_sessions")
    .values({
      id_hash: sha256(value).toString("hex"),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + maxAge * 1000).toISOString(),
      revoked_at: null,
    })
    .execute();
  // Expired sessions are not kept (each sign-in sweeps them).
  await db.deleteFrom("ops_sessions").where("expires_at", "<", now.toISOString()).execute();
  return { value, maxAge };
}

/** Ends the session a cookie names (sign-out): it is refused from now on, wherever it is presented. */
export async function endOpsSession(value: string | undefined, now = new Date()): Promise<void> {
  if (!value) return;
  const { db } = await store();
  await db
    .updateTable("ops_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id_hash", "=", sha256(value).toString("hex"))
    .execute();
}

async function isLiveSession(value: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(value)) return false;
  const { db } = await store();
  const row = await db
    .selectFrom("ops_sessions")
    .select(["expires_at", "revoked_at"])
    .where("id_hash", "=", sha256(value).toString("hex"))
    .executeTakeFirst();
  return !!row && row.revoked_at === null && row.expires_at > now.toISOString();
}

/**
 * Whether a request carries a live operators' session or "Authorization: Bearer <token>", on an operators' host. A
 * bearer token is counted like the form's (./token.ts): a wrong one is a failed sign-in of `address`'s network, and
 * past the limit it is refused unread (throws RATE_LIMITED). A session cookie is not counted: its value is 256
 * random bits, beyond guessing, and an expired one must not lock its operator out.
 */
export async function isOpsAuthorized(opts: {
  cookie?: string;
  authorization?: string | null;
  host: string | null;
  /** The client's address (lib/http/request-facts.ts), whose network a wrong bearer token counts against. */
  address: string | undefined;
}): Promise<boolean> {
  if (!opsToken() || !isOpsHost(opts.host)) return false;
  const bearer = bearerToken(opts.authorization);
  if (bearer !== undefined) return checkBearer(bearer, opts.address);
  return !!opts.cookie && (await isLiveSession(opts.cookie));
}

/**
 * A route handler's gate: a live session or the bearer token (401 without; 404 while the operators' pages are off
 * or on another host; 429 for a bearer token from a network past its limit). A browser's form must also come from the page itself (lib/http/same-origin.ts).
 */
export async function requireOperator(request: {
  headers: Headers;
  cookies: { get(name: string): { value: string } | undefined };
}): Promise<void> {
  const host = request.headers.get("host");
  if (!opsToken() || !isOpsHost(host))
    throw new AppError({
      code: "NOT_FOUND",
      message: opsToken() ? "Not found" : "The operators' pages are off (OPS_TOKEN is not set)",
    });
  if (
    !(await isOpsAuthorized({
      cookie: request.cookies.get(OPS_COOKIE)?.value,
      authorization: request.headers.get("authorization"),
      host,
      address: requestFacts(request.headers).address,
    }))
  )
    throw new AppError({
      code: "OPS_SIGN_IN_REQUIRED",
      message: "Sign in on the operators' page first (or send Authorization: Bearer <OPS_TOKEN>)",
    });
}
