import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/errors";
import { brandRoute } from "@/lib/http/route";
import { AUTH_BASE_PATH } from "./config";
import { handlers } from "./index";
import { onBrowserOrigin } from "./origin";

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
  return handlers.GET(onBrowserOrigin(request));
}

export const GET = brandRoute(authRoute);
