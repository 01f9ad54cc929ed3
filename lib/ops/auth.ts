import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { AppError } from "@/lib/http/errors";

/** The operators' session cookie: an HMAC of the token (the token itself never sits in a cookie). */
export const OPS_COOKIE = "ops_session";
export const OPS_PATH = "/ops";

function digest(s: string): Buffer {
  return createHash("sha256").update(s).digest();
}

function same(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** The configured token, or undefined when the status page is off. */
export function opsToken(): string | undefined {
  return config().OPS_TOKEN;
}

export function sessionValue(token: string): string {
  return createHmac("sha256", token).update("ops-session-v1").digest("base64url");
}

/** Whether a presented token is the operators' token (compared in constant time). */
export function isOpsToken(presented: string | null | undefined): boolean {
  const token = opsToken();
  return !!token && typeof presented === "string" && same(presented, token);
}

/** Whether a request carries the operators' session cookie or an "Authorization: Bearer <token>" header. */
export function isOpsAuthorized(opts: { cookie?: string; authorization?: string | null }): boolean {
  const token = opsToken();
  if (!token) return false;
  if (opts.cookie && same(opts.cookie, sessionValue(token))) return true;
  const bearer = /^Bearer (.+)$/i.exec(opts.authorization ?? "")?.[1];
  return isOpsToken(bearer);
}

/**
 * A route handler's gate: the operators' session cookie or bearer token (401 without; 404 while the operators'
 * pages are off). A browser's form must also come from the page itself (lib/http/same-origin.ts).
 */
export function requireOperator(request: {
  headers: Headers;
  cookies: { get(name: string): { value: string } | undefined };
}) {
  if (!opsToken())
    throw new AppError({
      status: 404,
      code: "NOT_FOUND",
      message: "The operators' pages are off (OPS_TOKEN is not set)",
    });
  if (
    !isOpsAuthorized({
      cookie: request.cookies.get(OPS_COOKIE)?.value,
      authorization: request.headers.get("authorization"),
    })
  )
    throw new AppError({
      status: 401,
      code: "OPS_SIGN_IN_REQUIRED",
      message: "Sign in on the operators' page first (or send Authorization: Bearer <OPS_TOKEN>)",
    });
}
