/**
 * The platform's security headers, in one place (pure functions: the proxy, lib/server and next.config.ts use them).
 *
 * - Pages (proxy.ts, every request it matches): a Content-Security-Policy with a fresh nonce per request, which Next
 *   reads from the request's own CSP header and puts on its scripts (pages are dynamic: the root layout reads
 *   headers()).
 * - JSON answers (/api, /v1, /mcp: next.config.ts): a CSP that allows nothing.
 * - Every response: nosniff, no framing, the referrer's origin only across sites, powerful features off
 *   (next.config.ts); HSTS only when the request came over TLS (lib/server, which knows: RequestFacts.https).
 */

/** A fresh nonce: 128 random bits, base64 (CSP's base64-value). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export interface PagePolicyInput {
  /** This response's nonce (newNonce()). */
  nonce: string;
  /** `next dev`: React's dev tooling needs eval, and Next's dev styles come without a nonce. */
  development: boolean;
  /** The page came over TLS (RequestFacts.https): http subresources are upgraded rather than allowed. */
  tls: boolean;
  /**
   * Origins a form of this page may post to, or be redirected to after posting, besides its own: the brand's
   * partner IdP (the sign-in form's POST answers with a redirect to its authorize endpoint, and Chromium holds
   * every redirect of a form submission to form-action).
   */
  formActionOrigins?: readonly (string | undefined)[];
  /**
   * Origins the page's images may also come from: an operator's map tile server (MAP_TILE_URL), named exactly (a
   * tile server on this machine over plain http would otherwise be refused, or upgraded, on a TLS page).
   */
  imageOrigins?: readonly (string | undefined)[];
}

/**
 * The Content-Security-Policy of an HTML page.
 *
 * - script-src: the nonce and 'strict-dynamic' (Next's chunks are loaded by its nonce'd scripts); no 'unsafe-inline'.
 *   'self' only serves browsers without 'strict-dynamic'. 'unsafe-eval' under `next dev` only.
 * - style-src: 'self' (Next's stylesheets) and the nonce for style elements; style *attributes* need
 *   style-src-attr 'unsafe-inline': the brand layout sets the brand's theme (colours and fonts from the registry) as
 *   CSS variables in a style attribute. An attribute cannot run script or load a stylesheet; supplier HTML keeps no
 *   attributes at all (lib/hotels/html.ts).
 * - img-src: hotel images come from any supplier host (their URLs are the record's), so any https image; over plain
 *   http (development, the demo) http images too, over TLS they are upgraded (upgrade-insecure-requests). A
 *   configured map tile server's origin is named as well (imageOrigins).
 * - connect-src 'self': the destination box, the nearby panel, the validator's stream and Next's router.
 */
export function pageContentSecurityPolicy(input: PagePolicyInput): string {
  const nonce = `'nonce-${input.nonce}'`;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", nonce, "'strict-dynamic'", ...(input.development ? ["'unsafe-eval'"] : [])],
    // Next's dev server injects style elements without a nonce; with a nonce present 'unsafe-inline' would be ignored.
    ["style-src", "'self'", ...(input.development ? ["'unsafe-inline'"] : [nonce])],
    ["style-src-attr", "'unsafe-inline'"],
    [
      "img-src",
      "'self'",
      "data:",
      "https:",
      ...(input.tls ? [] : ["http:"]),
      ...originSources(input.imageOrigins ?? []),
    ],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'", ...originSources(input.formActionOrigins ?? [])],
  ];
  if (input.tls) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * The CSP sources of the given URLs: each one's origin (https, or http for a development IdP on loopback), once.
 * Anything that is not such a URL is left out: a source list must not be widened by a malformed value.
 */
export function originSources(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const u of urls) {
    if (!u) continue;
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      continue;
    }
    if (url.protocol === "https:" || url.protocol === "http:") origins.add(url.origin);
  }
  return [...origins];
}

/** The nonce a CSP header carries (what Next reads from the request's header), if any. */
export function nonceOf(policy: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/_=-]+)'/.exec(policy ?? "")?.[1];
}

/** The CSP of JSON answers (/api, /v1, /mcp): nothing may load, nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Static files (brand logos, sample images, Next's chunks) and the not-found page Next renders for a path under them
 * that has no file: nothing may run there, and an SVG keeps its own inline styles.
 */
export const STATIC_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/**
 * Features no page of the platform uses (no page asks for the visitor's position: places come from the
 * destination box), denied to the pages and anything they could embed. Only names Chromium knows: an unknown one is a
 * console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Headers every response carries, pages and API alike. Referrer-Policy strict-origin-when-cross-origin: another site
 * (a partner's IdP included) sees the brand's origin, never a page's path or query (search terms, trace ids);
 * nothing of the platform reads the Referer (same-origin checks use Origin and Sec-Fetch-Site).
 */
export const COMMON_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
];

/** Two years, subdomains included (every brand host is served over TLS in production). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The Strict-Transport-Security value for a response, or undefined: only over TLS (RFC 6797 §7.2: a host must not
 * send it over plain HTTP), i.e. a TLS socket, or X-Forwarded-Proto https from a trusted proxy (RequestFacts.https).
 */
export function strictTransportSecurity(tls: boolean): string | undefined {
  return tls ? STRICT_TRANSPORT_SECURITY : undefined;
}
