import { Auth, raw, skipCSRFCheck } from "@auth/core";
import { decode } from "@auth/core/jwt";
import { brands, type Brand, type SsoSettings } from "@/lib/brands/node";
import { AUTH_BASE_PATH, authConfig, PROVIDER_ID, sessionMaxAge, withinSessionEnd, type BrandToken } from "./config";
import { authJsCookieNames } from "./cookies";
import type { IdpMetadata } from "./discovery";
import { brandSecret } from "./secret";

export interface StartedSignIn {
  /** The partner's authorize URL (response_type code, state, nonce, PKCE challenge, the idpresponse redirect_uri). */
  url: string;
  /** Auth.js's sealed check cookies (state, PKCE verifier, nonce, callback URL) to set on the redirect. */
  cookies: { name: string; value: string; options: Record<string, unknown> }[];
}

/**
 * Starts a sign-in with Auth.js's own sign-in action (what next-auth's signIn does, without next/headers, so the
 * proxy can send the visitor straight to the IdP): one request, no intermediate page, no form POST.
 */
export async function startSignIn(
  brand: Brand,
  sso: SsoSettings,
  origin: string,
  metadata: IdpMetadata | undefined,
  returnTo: string,
  authorizationParams: Record<string, string> = {},
): Promise<StartedSignIn> {
  const url = `${origin}${AUTH_BASE_PATH}/signin/${PROVIDER_ID}?${new URLSearchParams(authorizationParams)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ callbackUrl: returnTo }),
  });
  const result = (await Auth(request, { ...authConfig(brand, sso, origin, metadata), raw, skipCSRFCheck })) as {
    redirect?: string;
    cookies?: StartedSignIn["cookies"];
  };
  if (!result.redirect) throw new Error("Auth.js did not produce an authorize URL");
  return { url: result.redirect, cookies: result.cookies ?? [] };
}

/**
 * The brand session a request carries, if any: opened with the brand's own secret, checked to be the brand's and
 * within its absolute end. The store is not asked whether the user signed out since (the proxy calls this only to
 * decide whether to start a silent login; pages and the session endpoint ask, ./sign-out.ts).
 */
export async function brandSession(
  brand: Brand,
  cookie: (name: string) => string | undefined,
  secure: boolean,
): Promise<BrandToken | undefined> {
  const name = authJsCookieNames(secure).session;
  const token = cookie(name);
  if (!token) return undefined;
  const payload = await decode({ token, secret: brandSecret(brand.id), salt: name }).catch(() => null);
  if (payload?.brand !== brand.id || !withinSessionEnd(payload, sessionMaxAge(brands().sso(brand)))) return undefined;
  return payload as unknown as BrandToken;
}
