import { NextResponse, type NextRequest } from "next/server";
import { brands } from "@/lib/brands";
import {
  brandCurrency,
  brandLanguage,
  PREFERENCE_COOKIES,
  resolvePreferences,
  safeReturnPath,
  type Preferences,
} from "@/lib/brands/preferences";
import { BRAND_HEADERS, PREFERENCES_PATH, UNKNOWN_HOST_PATH } from "@/lib/brands/routing";
import { expired, SSO_COOKIES } from "@/lib/auth/cookies";
import { requestOrigin } from "@/lib/auth/origin";
import { silentSignIn } from "@/lib/auth/silent";

const YEAR = 365 * 24 * 3600;

function saveCookies(response: NextResponse, request: NextRequest, save: Partial<Preferences>): NextResponse {
  const secure =
    request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto")?.split(",")[0] === "https";
  const options = { httpOnly: true, sameSite: "lax", path: "/", maxAge: YEAR, secure } as const;
  if (save.language) response.cookies.set(PREFERENCE_COOKIES.language, save.language, options);
  if (save.currency) response.cookies.set(PREFERENCE_COOKIES.currency, save.currency, options);
  return response;
}

/**
 * Host → brand: every page request is rewritten into the brand's pages (app/[brand]/…) with the visitor's language
 * and currency resolved here, where cookies can be set (lib/brands/preferences.ts has the rules). A host no brand
 * owns gets the not-found page, never another brand's site. The brand and preferences travel to the page in request
 * headers this proxy always overwrites, so a client cannot choose them.
 */
export async function proxy(request: NextRequest) {
  const brand = brands().forHost(request.headers.get("host"));
  const url = request.nextUrl;
  if (!brand) {
    const target = url.clone();
    target.pathname = UNKNOWN_HOST_PATH;
    target.search = "";
    return NextResponse.rewrite(target, { status: 404 });
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

  const headers = new Headers(request.headers);
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
  if (notice) response.cookies.set(SSO_COOKIES.notice, "", expired(requestOrigin(request).startsWith("https:")));
  return saveCookies(response, request, save);
}

export const config = {
  // Not the API (/v1, /api, /mcp: they need nothing from here, and a proxy in front of a POST makes Next copy its
  // body), the sign-on callback and forms (/oauth2, /sso), the operators' pages (/ops: any host), nor static files.
  matcher: [
    "/((?!api/|v1/|mcp(?:/|$)|oauth2/|sso/|ops(?:/|$)|_next/static|_next/image|favicon.ico|icon.svg|sample-images/|brands/).*)",
  ],
};
