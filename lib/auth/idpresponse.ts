import { decode } from "@auth/core/jwt";
import { NextRequest, NextResponse } from "next/server";
import { brands, type Brand, brandForHost } from "@/lib/brands";
import { log } from "@/lib/log";
import { countSilentSignIn } from "@/lib/metrics";
import { AUTH_BASE_PATH, PROVIDER_ID, returnPath, safeCallbackUrl } from "./config";
import { seeOther, requestOrigin } from "@/lib/http";
import { authJsCookieNames, expired, NO_SILENT_PARAM, SSO_COOKIES, ssoCookieOptions, type SsoNotice } from "./cookies";
import { idpMetadata } from "./discovery";
import { errorCode } from "./oauth-error";
import { handlers } from "./auth-js";
import { brandSecret } from "./secret";

/** Whether `state` is the one this browser's pending sign-in sent (Auth.js's sealed state cookie holds it). */
async function stateMatches(brand: Brand, sealed: string | undefined, state: string | null, cookieName: string) {
  if (!sealed || !state) return false;
  const payload = await decode({ token: sealed, secret: brandSecret(brand.id), salt: cookieName }).catch(() => null);
  return payload?.provider === PROVIDER_ID && payload.value === state;
}

/** Deletes the pending sign-in's cookies: Auth.js's checks and the page to return to, and how it started. */
function clearPendingSignIn(response: NextResponse, secure: boolean): void {
  const names = authJsCookieNames(secure);
  for (const name of [names.state, names.pkce, names.nonce, names.callbackUrl, SSO_COOKIES.flow])
    response.cookies.set(name, "", expired(secure));
}

/**
 * Ends a sign-in that did not sign the visitor in: back to the page they asked for, anonymous, with no error page;
 * the pending sign-in's cookies are cleared. After a silent attempt nothing is shown (the attempt cookie stays, so
 * the next pages do not try again); after an interactive one the page shows a short notice. `keepPending` leaves the
 * pending sign-in's cookies for an answer that may not be its own.
 */
function landAnonymous(
  path: string,
  secure: boolean,
  notice?: SsoNotice,
  opts: { keepPending?: boolean } = {},
): NextResponse {
  const response = new NextResponse(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
  if (!opts.keepPending) clearPendingSignIn(response, secure);
  if (notice) response.cookies.set(SSO_COOKIES.notice, notice, ssoCookieOptions("notice", secure));
  return response;
}

/**
 * GET {rp_domain}/oauth2/idpresponse (spec §4.4): the callback partners allow-list. An error answer (login_required,
 * consent_required, access_denied…) is handled here, after checking its state, because Auth.js would turn it into
 * its error page and drop the code. A code goes to Auth.js's callback (state, PKCE and nonce checks; the token
 * request with this same redirect_uri; the id_token verified by lib/auth/id-token.ts); any refusal lands the visitor
 * back anonymous, whatever the IdP sent, so there is never an error page nor a loop. The route answers the
 * validator's own round trips (the test page's, a "sign in yourself" run's) before it calls this.
 */
export async function idpResponse(request: NextRequest): Promise<Response> {
  const brand = brandForHost(request.headers.get("host"));
  const sso = brands().sso(brand);
  const origin = requestOrigin(request);
  const secure = origin.startsWith("https:");
  const names = authJsCookieNames(secure);
  const cookie = (name: string) => request.cookies.get(name)?.value;
  const interactive = cookie(SSO_COOKIES.flow) === "interactive";
  const silent = cookie(SSO_COOKIES.flow) === "silent";
  const returnTo = returnPath(cookie(names.callbackUrl), origin);
  const query = request.nextUrl.searchParams;
  if (!sso) return landAnonymous("/", secure);

  // Auth.js checks the state too, but only for a code and by failing the sign-in: an answer to a request this browser
  // did not make (forged, replayed, stale) must not abort one it did, so its cookies are left alone. A browser that
  // keeps no cookies at all would be sent to the IdP again by the next page: the marker stops that.
  const ours = await stateMatches(brand, cookie(names.state), query.get("state"), names.state);
  const error = query.has("error") || !query.get("code") ? errorCode(query.get("error")) : undefined;
  // Some providers leave the state out of an error answer (invalid_request above all). Such an answer cannot be told
  // from a forged one, so it does not end the pending sign-in either; but the visitor, who has one, lands on the page
  // it started from (this browser's own cookie, same origin only), not on the home page.
  const stateless = error !== undefined && !query.has("state") && cookie(names.state) !== undefined;
  if (!ours || error) {
    log.info(
      { brand: brand.id, idpError: error ?? "(code)", stateMatches: ours, interactive },
      ours
        ? "sign-on: the identity provider did not sign the visitor in"
        : stateless
          ? "sign-on: the identity provider answered an error without the state"
          : "sign-on: a callback with a foreign state was refused",
    );
    if (stateless) return landAnonymous(returnTo, secure, interactive ? "failed" : undefined, { keepPending: true });
    if (!ours) return seeOther(cookie(SSO_COOKIES.attempt) || cookie(names.state) ? "/" : `/?${NO_SILENT_PARAM}=1`);
    if (silent) countSilentSignIn(brand.id, error === "login_required" ? "login_required" : "idp_error");
    return landAnonymous(returnTo, secure, interactive ? "failed" : undefined);
  }

  await idpMetadata(sso.issuer).catch(() => undefined);
  const callback = new URL(`${AUTH_BASE_PATH}/callback/${PROVIDER_ID}${request.nextUrl.search}`, origin);
  const result = await handlers.GET(new NextRequest(callback, { headers: request.headers }));
  const location = result.headers.get("location");
  // Auth.js ends a refused callback on its sign-in or error page (both the brand's /sign-in, under pages) or its own
  // /api/auth/…; a successful one on the callback URL, which safeCallbackUrl never lets be one of those.
  const target = location ? new URL(location, origin) : undefined;
  const signedIn =
    result.status >= 300 &&
    result.status < 400 &&
    target?.origin === origin &&
    target.href === safeCallbackUrl(target.href, origin) &&
    result.headers.getSetCookie().some((c) => c.startsWith(`${names.session}=`));
  if (silent) countSilentSignIn(brand.id, signedIn ? "signed_in" : "idp_error");
  if (!signedIn) return landAnonymous(returnTo, secure, interactive ? "failed" : undefined);

  // Auth.js's session cookie goes in first: NextResponse's cookie API keeps the cookies it is constructed with (and
  // drops the Max-Age=0 of those Auth.js clears: they are deleted again below).
  const headers = new Headers({ Location: target.href, "Cache-Control": "no-store" });
  for (const c of result.headers.getSetCookie()) headers.append("Set-Cookie", c);
  const response = new NextResponse(null, { status: 302, headers });
  clearPendingSignIn(response, secure);
  // Signed in, by hand or silently: a sign-out marker is void.
  response.cookies.set(SSO_COOKIES.signedOut, "", expired(secure));
  return response;
}
