import { NextRequest } from "next/server";
import { brandForHost } from "@/lib/brands/context";
import { AppError, handled } from "@/lib/http/errors";
import { authJsCookieNames } from "./cookies";
import { handlers } from "./index";
import { onBrowserOrigin } from "./origin";

/** Auth.js's own test (isValidHttpUrl): a value it would refuse with a 500 "configuration" error. */
function isHttpUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * Auth.js's routes (/api/auth/*) on a brand host. A host no brand owns is a 404; a callbackUrl that is not an http(s)
 * URL is a 400, and such a callback-url cookie is dropped (Auth.js would answer either with a 500).
 */
async function authRoute(request: NextRequest, handler: (r: NextRequest) => Promise<Response>): Promise<Response> {
  brandForHost(request.headers.get("host"));
  request = onBrowserOrigin(request);
  const origin = request.nextUrl.origin;
  const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl !== null && !isHttpUrl(callbackUrl, origin))
    throw new AppError({
      status: 400,
      code: "INVALID_FIELD",
      field: "callbackUrl",
      message: "callbackUrl must be an http(s) URL or a path",
    });
  const cookieName = authJsCookieNames(origin.startsWith("https:")).callbackUrl;
  const cookie = request.cookies.get(cookieName)?.value;
  if (cookie !== undefined && !isHttpUrl(cookie, origin)) {
    const headers = new Headers(request.headers);
    const kept = request.cookies.getAll().filter((c) => c.name !== cookieName);
    headers.set("cookie", kept.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; "));
    request = new NextRequest(request, { headers });
  }
  return handler(request);
}

export const GET = handled((request: NextRequest) => authRoute(request, handlers.GET));
export const POST = handled((request: NextRequest) => authRoute(request, handlers.POST));
