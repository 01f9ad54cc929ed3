import type { NextRequest, NextResponse } from "next/server";
import { brands, type Brand, PREFERENCES_PATH, SSO_TEST_PAGE } from "@/lib/brands/node";
import { log } from "@/lib/log";
import { countSilentSignIn } from "@/lib/metrics";
import { processShared } from "@/lib/runtime";
import { SIGN_IN_PAGE } from "./config";

import { NO_SILENT_PARAM, SSO_COOKIES, ssoCookieOptions } from "./cookies";
import { cachedMetadata, idpAvailable } from "./discovery";
import { requestOrigin } from "@/lib/http/node";
import { idpResponseUris, registeredRedirectUri } from "./redirect-uris";
import { brandSession, startSignIn } from "./sign-in";

/** Crawlers, link previews, monitors and command-line clients: never sent to an identity provider. */
const NOT_A_VISITOR =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|pagespeed|monitor|uptime|curl\/|wget\/|python-|java\/|go-http-client|okhttp|axios|node-fetch|undici/i;

export interface SilentCandidate {
  /** The brand's session lifetime (seconds): an attempt older than that no longer counts. */
  sessionMaxAgeSeconds: number;
  method: string;
  pathname: string;
  search: URLSearchParams;
  headers: Headers;
  cookie(name: string): string | undefined;
}

/**
 * Why this request must not start a silent login, or undefined when it may (spec §1.4, §4.4 rule 1): only a top-level
 * page navigation by a browser, never a prefetch, a client-side (RSC) fetch, a bot, a non-GET, a static file; once
 * per browser session (or per session lifetime, whichever ends first); never after the visitor signed out of the brand.
 */
export function silentSkipReason(req: SilentCandidate): string | undefined {
  const h = req.headers;
  if (req.method !== "GET") return "not a GET";
  if (req.pathname === SIGN_IN_PAGE || req.pathname === PREFERENCES_PATH || req.pathname === SSO_TEST_PAGE)
    return "sign-in, preferences or test page";
  if (/\.[a-z0-9]{2,5}$/i.test(req.pathname)) return "a file";
  const attempt = req.cookie(SSO_COOKIES.attempt);
  // Only an attempt time (whole epoch seconds) older than a session lifetime lets another attempt start; anything
  // else a browser sends counts as a recent attempt: never a second redirect in a row.
  if (
    attempt !== undefined &&
    !(/^\d{1,12}$/.test(attempt) && Date.now() / 1000 - Number(attempt) >= req.sessionMaxAgeSeconds)
  )
    return "already tried in this browser session";
  if (req.search.has(NO_SILENT_PARAM)) return "the browser keeps no cookies";
  if (req.cookie(SSO_COOKIES.signedOut)) return "signed out of the brand";
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-moz") ?? ""} ${h.get("x-purpose") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose) || h.has("next-router-prefetch")) return "a prefetch";
  // Next strips its own RSC and prefetch headers (and _rsc query) before the proxy runs; its router's fetches are
  // caught by Sec-Fetch-Mode/Dest and Accept below. These checks stay for callers that still see them.
  if (h.has("rsc") || h.has("next-router-state-tree") || h.has("next-action")) return "a client-side request";
  const dest = h.get("sec-fetch-dest");
  const mode = h.get("sec-fetch-mode");
  if ((dest !== null && dest !== "document") || (mode !== null && mode !== "navigate"))
    return "not a top-level navigation";
  if (!/text\/html/.test(h.get("accept") ?? "")) return "does not accept HTML";
  const agent = h.get("user-agent") ?? "";
  if (!agent || NOT_A_VISITOR.test(agent)) return "not a browser";
  return undefined;
}

const warnedAt = processShared("sso-unregistered-origin", () => new Map<string, number>());

/**
 * Whether the IdP knows this origin's callback (lib/auth/redirect-uris.ts). When it does not, the brand does not send
 * the visitor there (the IdP would show its own error page) and says so in the log, at most once a minute a brand.
 */
export function callbackRegistered(brand: Brand, origin: string): boolean {
  if (registeredRedirectUri(brand, origin)) return true;
  const last = warnedAt.get(brand.id) ?? 0;
  if (Date.now() - last > 60_000) {
    warnedAt.set(brand.id, Date.now());
    log.warn(
      { brand: brand.id, origin: origin.slice(0, 200), registered: idpResponseUris(brand) },
      "sign-on: not started: this origin's callback is not among the brand's redirect URIs (check the TLS proxy's X-Forwarded-Proto and the brand's canonicalUrl)",
    );
  }
  return false;
}

/**
 * The silent login: on a visitor's first page navigation without a session, a 302 straight to the partner's
 * authorize endpoint with prompt=none (state, nonce, PKCE), or undefined to serve the page. Only for brands whose
 * settings switch it on, and only when the IdP answers (a redirect to a dead IdP strands the visitor).
 */
export async function silentSignIn(request: NextRequest, brand: Brand): Promise<NextResponse | undefined> {
  const sso = brands().sso(brand);
  if (!sso?.silentLogin) return undefined;
  const cookie = (name: string) => request.cookies.get(name)?.value;
  if (
    silentSkipReason({
      sessionMaxAgeSeconds: sso.sessionMaxAgeSeconds,
      method: request.method,
      pathname: request.nextUrl.pathname,
      search: request.nextUrl.searchParams,
      headers: request.headers,
      cookie,
    })
  )
    return undefined;
  const origin = requestOrigin(request);
  const secure = origin.startsWith("https:");
  if (await brandSession(brand, cookie, secure)) return undefined;
  if (!callbackRegistered(brand, origin)) return undefined;
  if (!(await idpAvailable(sso.issuer))) {
    countSilentSignIn(brand.id, "idp_down");
    return undefined;
  }
  // The proxy sees the query re-encoded by Next (a %20 comes back as +): the same parameters and values.
  const returnTo = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  let started;
  try {
    started = await startSignIn(brand, sso, origin, cachedMetadata(sso.issuer), returnTo, { prompt: "none" });
  } catch (e) {
    log.error({ brand: brand.id, err: (e as Error).message }, "sign-on: could not start a silent login");
    countSilentSignIn(brand.id, "idp_error");
    return undefined;
  }
  // Loaded here, not at the top: auth's node door (which holds this function for proxy.ts) stays loadable by plain
  // Node's ESM loader (Playwright's config, commands), which cannot resolve "next/server" without its extension.
  const { NextResponse } = await import("next/server");
  const response = NextResponse.redirect(started.url, 302);
  for (const c of started.cookies) response.cookies.set(c.name, c.value, c.options);
  response.cookies.set(SSO_COOKIES.attempt, String(Math.floor(Date.now() / 1000)), ssoCookieOptions("attempt", secure));
  response.cookies.set(SSO_COOKIES.flow, "silent", ssoCookieOptions("flow", secure));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
