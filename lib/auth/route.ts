import type { NextRequest } from "next/server";
import { AppError, onBrowserOrigin, requestOrigin } from "@/lib/http";
import { brandRoute } from "@/lib/brands";
import { AUTH_BASE_PATH } from "./config";
import { authJsCookieNames } from "./cookies";
import { handlers } from "./auth-js";

/**
 * The Auth.js endpoints a brand host serves: the session (spec: GET /api/auth/session answers with the signed-in user
 * or an empty session), the CSRF token and the provider list. Sign-in and sign-out go through the brand's own forms
 * (lib/auth/forms.ts), the callback only through /oauth2/idpresponse: Auth.js's other endpoints, its own HTML pages
 * and every POST are not served.
 */
const SERVED = new Set(["session", "csrf", "providers"]);

/** On a brand's host only (404 UNKNOWN_HOST elsewhere). */
async function authRoute(request: NextRequest): Promise<Response> {
  const action = request.nextUrl.pathname.slice(AUTH_BASE_PATH.length + 1);
  if (!SERVED.has(action))
    throw new AppError({
      code: "NOT_FOUND",
      message: `There is no ${AUTH_BASE_PATH}/${action.slice(0, 100)}`,
    });
  // Auth.js saves a callbackUrl query in its callback-url cookie on any request; nothing here needs one.
  if (request.nextUrl.searchParams.has("callbackUrl"))
    throw new AppError({
      code: "UNKNOWN_FIELD",
      field: "callbackUrl",
      message: "callbackUrl is not taken here",
    });
  const response = await handlers.GET(onBrowserOrigin(request));
  return action === "session" ? withoutRenewal(response, request) : response;
}

/**
 * Auth.js re-seals the session on every read of /api/auth/session and sets it again, expiring a full lifetime from
 * now. A session has an absolute end (its sign-in time plus the brand's sessionMaxAgeSeconds: ./config.ts), so the
 * endpoint only reads: the renewed cookie is left out and the browser keeps the one its sign-in set, which expires
 * at that end. A deletion (a session that ended) still goes out.
 */
function withoutRenewal(response: Response, request: NextRequest): Response {
  const name = authJsCookieNames(requestOrigin(request).startsWith("https:")).session;
  const renewal = (cookie: string) => cookie.startsWith(`${name}=`) || cookie.startsWith(`${name}.`);
  const cookies = response.headers.getSetCookie();
  const kept = cookies.filter((c) => !renewal(c) || /^[^=]*=(;|$)/.test(c));
  if (kept.length === cookies.length) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const c of kept) headers.append("set-cookie", c);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** GET /api/auth/* on a brand host. */
export const authEndpoints = brandRoute(authRoute);
