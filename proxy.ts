import { NextResponse, type NextRequest } from "next/server";
import {
  brands,
  type Brand,
  brandCurrency,
  brandLanguage,
  PREFERENCE_COOKIES,
  resolvePreferences,
  safeReturnPath,
  type Preferences,
  BRAND_HEADERS,
  PREFERENCES_PATH,
  UNKNOWN_HOST_PATH,
} from "@/lib/brands/node";
// Not "@/lib/auth": its index loads Auth.js (next-auth), which the proxy does not use and which plain Node (the unit
// tests that import this file) cannot load.
import { expired, SSO_COOKIES, cachedMetadata, silentSignIn } from "@/lib/auth/node";
import { requestOrigin, errorResponse, requestFacts, newNonce, pageContentSecurityPolicy } from "@/lib/http/node";
import { config as appConfig, tileOrigin } from "@/lib/config";
import { bearerRefusal, METRICS_PATH, metricsServed } from "@/lib/ops/node";
import { canonicalMcpTarget } from "@/lib/mcp/node";

const YEAR = 365 * 24 * 3600;

function saveCookies(response: NextResponse, request: NextRequest, save: Partial<Preferences>): NextResponse {
  const secure = requestOrigin(request).startsWith("https:");
  const options = { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR, secure } as const;
  if (save.language) response.cookies.set(PREFERENCE_COOKIES.language, save.language, options);
  if (save.currency) response.cookies.set(PREFERENCE_COOKIES.currency, save.currency, options);
  return response;
}

/** The platform's own routes on any host (operators' pages, sign-on forms and callback): not a brand's pages. */
const PLATFORM_ROUTES = /^\/(?:ops(?:\/|$)|sso\/|oauth2\/)/;
const OPS_ROUTES = /^\/ops(?:\/|$)/;

/**
 * The page's Content-Security-Policy with a fresh nonce (lib/http/security-headers.ts). A brand's forms may also go
 * to its partner IdP: the sign-in form's answer redirects to the authorize endpoint (its origin known once discovery
 * answered; lib/server asks every IdP at start), the issuer's origin until then.
 */
function contentSecurityPolicy(request: NextRequest, brand: Brand | undefined): string {
  const sso = brand && brands().sso(brand);
  return pageContentSecurityPolicy({
    nonce: newNonce(),
    development: appConfig().NODE_ENV === "development",
    tls: requestFacts(request.headers).https,
    formActionOrigins: sso ? [sso.issuer, cachedMetadata(sso.issuer)?.authorization_endpoint] : [],
    imageOrigins: [tileServerOrigin()],
  });
}

/** The maps' tile server origin (MAP_TILE_URL), if one is configured: its tiles are the pages' images too. */
function tileServerOrigin(): string | undefined {
  const tiles = appConfig().tileServer;
  return tiles && tileOrigin(tiles.urlTemplate);
}

/**
 * The request's headers with the policy for Next (it takes the nonce for its scripts from the request's CSP header,
 * overwriting any a client sent), and the same policy on the response.
 */
function requestWithPolicy(request: NextRequest, policy: string): Headers {
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  return headers;
}

function withPolicy<R extends NextResponse>(response: R, policy: string): R {
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/**
 * Host → brand: every page request is rewritten into the brand's pages (app/[brand]/…) with the visitor's language
 * and currency resolved here, where cookies can be set (lib/brands/preferences.ts has the rules). A host no brand
 * owns gets the not-found page, never another brand's site. The brand and preferences travel to the page in request
 * headers this proxy always overwrites, so a client cannot choose them.
 */
export async function proxy(request: NextRequest) {
  const url = request.nextUrl;
  // The assistant endpoint under another spelling ("/MCP") goes to its route, whose access rules answer it: what
  // lib/server does before Next, done here too for `next dev`.
  const mcp = canonicalMcpTarget(`${url.pathname}${url.search}`);
  if (mcp) return NextResponse.rewrite(new URL(mcp, url));
  // The platform's own routes pass unchanged (no rewrite, any host): they only get the page policy.
  if (PLATFORM_ROUTES.test(url.pathname)) {
    // An operators' page cannot answer 429 itself: a bearer token from a network past its limit is refused here.
    const refused = OPS_ROUTES.test(url.pathname) ? await bearerRefusal(request.headers) : undefined;
    if (refused) return errorResponse(refused);
    const policy = contentSecurityPolicy(request, undefined);
    return withPolicy(NextResponse.next({ request: { headers: requestWithPolicy(request, policy) } }), policy);
  }
  // Prometheus's scrape on the operators' hosts (its route checks who asks); on any other host an unknown page.
  if (url.pathname === METRICS_PATH && metricsServed(request.headers.get("host"))) return NextResponse.next();
  const brand = brands().forHost(request.headers.get("host"));
  const policy = contentSecurityPolicy(request, brand);
  if (!brand) {
    const target = url.clone();
    target.pathname = UNKNOWN_HOST_PATH;
    target.search = "";
    return withPolicy(
      NextResponse.rewrite(target, { status: 404, request: { headers: requestWithPolicy(request, policy) } }),
      policy,
    );
  }

  // The language and currency switchers: an explicit choice, saved, then back to the page (same site only).
  if (url.pathname === PREFERENCES_PATH) {
    const save: Partial<Preferences> = {};
    const language = brandLanguage(brand, url.searchParams.get("lang"));
    const currency = brandCurrency(brand, url.searchParams.get("curr"));
    if (language) save.language = language;
    if (currency) save.currency = currency;
    // Absolute, on the host the browser asked (Next's proxy needs an absolute Location).
    const back = new URL(
      safeReturnPath(url.searchParams.get("return")),
      `${url.protocol}//${request.headers.get("host")}`,
    );
    return saveCookies(NextResponse.redirect(back, 303), request, save);
  }

  // Sign-on: a visitor's first page without a session goes straight to the partner's IdP (lib/auth/silent.ts).
  const silent = await silentSignIn(request, brand);
  if (silent) return silent;

  const q = url.searchParams;
  const { preferences, save } = resolvePreferences(brand, {
    query: {
      lang: q.get("lang"),
      curr: q.get("curr"),
      forceLanguageChange: q.get("forceLanguageChange"),
      forceCurrencyChange: q.get("forceCurrencyChange"),
    },
    saved: {
      lang: request.cookies.get(PREFERENCE_COOKIES.language)?.value,
      curr: request.cookies.get(PREFERENCE_COOKIES.currency)?.value,
    },
    acceptLanguage: request.headers.get("accept-language"),
  });

  const headers = requestWithPolicy(request, policy);
  headers.set(BRAND_HEADERS.brand, brand.id);
  headers.set(BRAND_HEADERS.language, preferences.language);
  headers.set(BRAND_HEADERS.currency, preferences.currency);
  headers.set(BRAND_HEADERS.path, `${url.pathname}${url.search}`);
  // What Auth.js builds the page's URLs from (next dev has no lib/server to clean these): the browser's own origin.
  headers.set("x-forwarded-proto", requestOrigin(request).startsWith("https:") ? "https" : "http");
  headers.set("x-forwarded-host", request.headers.get("host") ?? url.host);
  const notice = request.cookies.get(SSO_COOKIES.notice)?.value;
  if (notice) headers.set(BRAND_HEADERS.ssoNotice, notice);
  else headers.delete(BRAND_HEADERS.ssoNotice);
  const target = url.clone();
  target.pathname = `/${brand.id}${url.pathname === "/" ? "" : url.pathname}`;
  const response = NextResponse.rewrite(target, { request: { headers } });
  response.headers.set("Vary", "Host, Cookie, Accept-Language");
  withPolicy(response, policy);
  if (notice) response.cookies.set(SSO_COOKIES.notice, "", expired(requestOrigin(request).startsWith("https:")));
  return saveCookies(response, request, save);
}

export const config = {
  // Every page, the platform's own routes included (/ops, /sso, /oauth2: their pages and Next's 404 page there need
  // the policy's nonce). Not the API (/v1, /api, /mcp: JSON, whose headers next.config.ts sets, and a proxy in front
  // of a POST makes Next copy its body), nor static files.
  matcher: [
    "/((?!api/|v1/|mcp(?:/|$)|_next/static/|_next/image$|favicon\\.ico$|icon\\.svg$|sample-images/|brands/).*)",
  ],
};
