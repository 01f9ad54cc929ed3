import { Auth, raw, skipCSRFCheck } from "@auth/core";
import { NextResponse, type NextRequest } from "next/server";
import { brands, brandForHost, safeReturnPath } from "@/lib/brands";
import { readFormBody, assertSameOrigin, requestOrigin } from "@/lib/http/node";
import { log } from "@/lib/log";
import { AUTH_BASE_PATH, authConfig } from "./config";
import { expired, SSO_COOKIES, ssoCookieOptions } from "./cookies";
import { cachedMetadata, idpAvailable } from "./discovery";
import { brandSession, startSignIn } from "./sign-in";
import { endSessions } from "./sign-out";
import { callbackRegistered } from "./silent";

/** The header's forms post here (plain forms: they work without JavaScript). */
export const SIGN_IN_FORM_PATH = "/sso/sign-in";
export const SIGN_OUT_FORM_PATH = "/sso/sign-out";

/** A sign-in or sign-out form is a few hundred bytes; anything larger is not read. */
const MAX_FORM_BYTES = 4096;

/**
 * The form's context: the brand its host names, the origin, and the page to return to. Only forms of the brand's own
 * pages are taken (Origin, or Sec-Fetch-Site where a browser sends no Origin): another site cannot sign a visitor in
 * or out.
 */
async function formContext(request: NextRequest) {
  const brand = brandForHost(request.headers.get("host"));
  const origin = requestOrigin(request);
  assertSameOrigin(request);
  const back = (await readFormBody(request, MAX_FORM_BYTES)).get("return");
  return {
    brand,
    sso: brands().sso(brand),
    origin,
    secure: origin.startsWith("https:"),
    returnTo: safeReturnPath(back),
  };
}

const seeOther = (location: string) =>
  new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });

/** "Sign in" in the header: an interactive sign-in at the partner's IdP (no prompt), back to the same page. */
export async function signInForm(request: NextRequest): Promise<Response> {
  const { brand, sso, origin, secure, returnTo } = await formContext(request);
  if (!sso) return seeOther(returnTo);
  // The same checks as before a silent login: a callback the IdP does not know, or an IdP that stopped answering, is
  // not where a visitor should be sent.
  const metadata =
    callbackRegistered(brand, origin) && (await idpAvailable(sso.issuer)) ? cachedMetadata(sso.issuer) : undefined;
  if (!metadata) {
    // The IdP does not answer: say so on the page rather than send the visitor to a browser error.
    const response = seeOther(returnTo);
    response.cookies.set(SSO_COOKIES.notice, "unavailable", ssoCookieOptions("notice", secure));
    return response;
  }
  const started = await startSignIn(brand, sso, origin, metadata, returnTo);
  const response = seeOther(started.url);
  for (const c of started.cookies) response.cookies.set(c.name, c.value, c.options);
  response.cookies.set(SSO_COOKIES.flow, "interactive", ssoCookieOptions("flow", secure));
  // Signing in by hand lifts the sign-out marker: silent login may renew this session later.
  response.cookies.set(SSO_COOKIES.signedOut, "", expired(secure));
  return response;
}

/**
 * "Sign out": ends the user's sessions of the brand (recorded in the pool, so copies of the cookie end too; Auth.js's
 * sign-out action clears this browser's), not the partner's, and marks the browser so silent login does not sign the
 * visitor straight back in.
 */
export async function signOutForm(request: NextRequest): Promise<Response> {
  const { brand, sso, origin, secure, returnTo } = await formContext(request);
  // Deleting this browser's cookie is not enough: a copy of it would live on. The pool's sign-out time ends them all.
  const session = await brandSession(brand, (name) => request.cookies.get(name)?.value, secure);
  if (session)
    await endSessions(brand.id, session.username).catch((e: Error) =>
      log.error({ brand: brand.id, err: e.message }, "sign-on: the sign-out could not be recorded"),
    );
  const signOut = new Request(`${origin}${AUTH_BASE_PATH}/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: request.headers.get("cookie") ?? "" },
    body: new URLSearchParams({ callbackUrl: returnTo }),
  });
  const result = (await Auth(signOut, { ...authConfig(brand, sso, origin, undefined), raw, skipCSRFCheck })) as {
    cookies?: { name: string; value: string; options: Record<string, unknown> }[];
  };
  const response = seeOther(returnTo);
  for (const c of result.cookies ?? []) response.cookies.set(c.name, c.value, c.options);
  response.cookies.set(SSO_COOKIES.signedOut, "1", ssoCookieOptions("signedOut", secure));
  // The page it returns to says so: otherwise the only change is a header button, easily missed.
  response.cookies.set(SSO_COOKIES.notice, "signedOut", ssoCookieOptions("notice", secure));
  log.info({ brand: brand.id }, "sign-on: a visitor signed out of the brand");
  return response;
}
