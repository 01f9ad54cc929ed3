import { requestFacts } from "./request-facts";

/**
 * The origin the visitor's browser used: the Host header (a brand host: the caller found the brand by it) and the
 * scheme the server in front of Next established (RequestFacts: a TLS socket, or a trusted proxy's X-Forwarded-Proto;
 * never a client's own header, and plain HTTP under `next dev`). Next gives route handlers and the proxy a URL on
 * the server's own name ("localhost"), which is not where the brand's host-only cookies live.
 */
export function requestOrigin(request: { headers: Headers; nextUrl: URL }): string {
  return headersOrigin(request.headers, request.nextUrl);
}

/**
 * The same for a page, which has the request's headers only: the scheme https when the server says so, else the
 * server's own (`fallback`, plain http by default: TLS ends at the proxy).
 */
export function headersOrigin(headers: Headers, fallback: URL = new URL("http://localhost")): string {
  const scheme = requestFacts(headers).https ? "https:" : fallback.protocol;
  return `${scheme}//${headers.get("host") ?? fallback.host}`;
}
