/**
 * The origin the visitor's browser used: the Host header (a brand host: the caller found the brand by it) and the
 * scheme (the TLS proxy's X-Forwarded-Proto when it says https). Next gives route handlers and the proxy a URL on
 * the server's own name ("localhost"), which is not where the brand's host-only cookies live.
 */
export function requestOrigin(request: { headers: Headers; nextUrl: URL }): string {
  return headersOrigin(request.headers, request.nextUrl);
}

/**
 * The same for a page, which has the request's headers only: the scheme https when the proxy says so, else the
 * server's own (`fallback`, plain http by default: TLS ends at the proxy).
 */
export function headersOrigin(headers: Headers, fallback: URL = new URL("http://localhost")): string {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const scheme = forwarded === "https" ? "https:" : fallback.protocol;
  return `${scheme}//${headers.get("host") ?? fallback.host}`;
}
