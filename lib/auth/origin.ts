import { NextRequest } from "next/server";

/**
 * The origin the visitor's browser used: the Host header (a brand host: the caller found the brand by it) and the
 * scheme (the TLS proxy's X-Forwarded-Proto when it says https). Next gives route handlers and the proxy a URL on
 * the server's own name ("localhost"), which is not where the brand's host-only cookies live.
 */
export function requestOrigin(request: { headers: Headers; nextUrl: URL }): string {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const scheme = forwarded === "https" ? "https:" : request.nextUrl.protocol;
  return `${scheme}//${request.headers.get("host") ?? request.nextUrl.host}`;
}

/** The same request with its URL on the browser's origin (what Auth.js builds its callback and redirect URLs on). */
export function onBrowserOrigin(request: NextRequest): NextRequest {
  const url = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, requestOrigin(request));
  return url.href === request.url ? request : new NextRequest(url, request);
}
