import { customFetch } from "@auth/core";
import { encode } from "@auth/core/jwt";
import type { NextAuthConfig } from "next-auth";
import type { OIDCConfig } from "next-auth/providers";
import { type Brand, sameSitePath, type SsoSettings } from "@/lib/brands/node";
import { authJsCookieNames } from "./cookies";
import { IDPRESPONSE_PATH } from "./redirect-uris";
import { brandSecret } from "./secret";
import { reportIdpContact, reportIdpFailure, type IdpMetadata } from "./discovery";
import { idpError, idpFetch } from "./idp-fetch";
import { verifyIdToken } from "./id-token";
import { brandUser, type BrandUser } from "./profile";
import { authLogger } from "./log";

/** Auth.js's routes (app/api/auth/[...nextauth]); its callback is reached only through IDPRESPONSE_PATH. */
export const AUTH_BASE_PATH = "/api/auth";
/** The one provider of a brand: its partner's identity provider. */
export const PROVIDER_ID = "partner";
/** The brand's sign-in page (Auth.js's own pages are never shown). */
export const SIGN_IN_PAGE = "/sign-in";

/** What a brand session's token holds (sealed with the brand's secret, in a host-only cookie). */
export interface BrandToken {
  brand: string;
  username: string;
  name: string;
  email?: string;
  /** When the visitor signed in (epoch ms): the session ends the brand's sessionMaxAgeSeconds later, renewed or not. */
  signedInAt: number;
}

export interface AuthHooks {
  /** Called once per successful sign-in, before the session exists (the user pool records it). */
  onSignIn?(user: BrandUser): Promise<void>;
  /** Whether the user signed out of the brand since `signedInAt` (epoch ms): that session is over (./sign-out.ts). */
  signedOutSince?(username: string, signedInAt: number): Promise<boolean>;
}

/** A brand session's lifetime (seconds): the brand's sessionMaxAgeSeconds. */
export const sessionMaxAge = (sso: SsoSettings | undefined): number => sso?.sessionMaxAgeSeconds ?? 12 * 3600;

/**
 * When a session ends (epoch ms): its sign-in time plus the brand's lifetime, an absolute end that no renewal moves.
 * Undefined for a token without a sign-in time (sealed before sessions had an end, or not a session's).
 */
export function sessionEnd(token: object, maxAgeSeconds: number): number | undefined {
  const at = (token as { signedInAt?: unknown }).signedInAt;
  return typeof at === "number" && Number.isFinite(at) ? at + maxAgeSeconds * 1000 : undefined;
}

/** Whether a session token is still within its absolute end (a token without a sign-in time is not). */
export function withinSessionEnd(token: object, maxAgeSeconds: number, now = Date.now()): boolean {
  const end = sessionEnd(token, maxAgeSeconds);
  return end !== undefined && now < end;
}

/**
 * Where Auth.js may send a visitor after signing in or out: a page of the brand's own origin; the API, the callback
 * and the sign-in page itself are not destinations (the latter would read as a failed sign-in).
 */
export function safeCallbackUrl(url: string, baseUrl: string): string {
  let target: URL;
  try {
    target = new URL(url, baseUrl);
  } catch {
    return baseUrl;
  }
  const path = sameSitePath(target);
  if (
    target.origin !== baseUrl ||
    /^\/(api|oauth2|sso|_next)(\/|$|\?)/.test(path) ||
    path.split("?")[0] === SIGN_IN_PAGE
  )
    return baseUrl;
  return `${baseUrl}${path}`;
}

/** The page the sign-in started from (Auth.js keeps it in its callback-url cookie), on this origin only; else "/". */
export function returnPath(callbackCookie: string | undefined, origin: string): string {
  return callbackCookie ? sameSitePath(new URL(safeCallbackUrl(callbackCookie, origin))) : "/";
}

/**
 * The provider's fetch: the token request is sent to the URI partners allow-list (Auth.js would name its own
 * /api/auth/callback/<id>), and its id_token is verified with jose before Auth.js reads it. Everything else goes
 * through the same guarded fetch (https, time limit, no redirects, size limit).
 */
function providerFetch(sso: SsoSettings, redirectUri: string, metadata: IdpMetadata | undefined): typeof fetch {
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = init.body;
    const isTokenRequest = body instanceof URLSearchParams && body.get("grant_type") === "authorization_code";
    // Fail closed: a request to the token endpoint that is not recognised as the code exchange is not sent (its
    // answer would reach Auth.js unverified).
    if (!isTokenRequest && url !== metadata?.token_endpoint) return idpFetch(url, init);
    if (!isTokenRequest)
      throw idpError("IDP_BAD_RESPONSE", "an unrecognised request to the token endpoint was not sent");
    if (!metadata) throw idpError("IDP_UNAVAILABLE", "the discovery document is not loaded: cannot verify tokens");
    body.set("redirect_uri", redirectUri);
    let response: Response;
    try {
      response = await idpFetch(url, init);
    } catch (e) {
      reportIdpFailure(sso.issuer, e);
      throw e;
    }
    reportIdpContact(sso.issuer);
    if (response.ok) {
      const json = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { id_token?: unknown; token_type?: unknown } | undefined;
      if (typeof json?.id_token !== "string") throw idpError("ID_TOKEN_INVALID", "the token response has no id_token");
      // RFC 6749 §5.1: the type is case-insensitive ("bearer", "BEARER"). Bearer is the only one the brand uses (spec
      // §2.4): it never sends a DPoP proof, so a DPoP-bound or other token was not asked for.
      if (typeof json.token_type !== "string" || json.token_type.toLowerCase() !== "bearer")
        throw idpError(
          "IDP_BAD_RESPONSE",
          `the token response's token_type ${JSON.stringify(json.token_type)?.slice(0, 40)} is not Bearer`,
        );
      await verifyIdToken(json.id_token, { issuer: sso.issuer, clientId: sso.clientId, jwksUri: metadata.jwks_uri });
    }
    return response;
  }) as typeof fetch;
}

/**
 * Auth.js's configuration for one brand on one origin (the host the visitor uses: cookies are host-only, so the
 * callback must come back to it). `metadata` is the partner's discovery document when loaded; pages that only read
 * the session do not need it. No store access here: proxy.ts builds this too.
 */
export function authConfig(
  brand: Brand,
  sso: SsoSettings | undefined,
  origin: string,
  metadata: IdpMetadata | undefined,
  hooks: AuthHooks = {},
): NextAuthConfig {
  const providers: OIDCConfig<Record<string, unknown>>[] = [];
  if (sso) {
    const redirectUri = `${origin}${IDPRESPONSE_PATH}`;
    providers.push({
      id: PROVIDER_ID,
      name: sso.displayName,
      type: "oidc",
      issuer: sso.issuer,
      clientId: sso.clientId,
      clientSecret: sso.clientSecret,
      checks: ["pkce", "state", "nonce"],
      client: { token_endpoint_auth_method: sso.tokenEndpointAuthMethod, id_token_signed_response_alg: "RS256" },
      authorization: {
        ...(metadata && { url: metadata.authorization_endpoint }),
        params: { scope: "openid email profile", redirect_uri: redirectUri },
      },
      ...(metadata && { token: { url: metadata.token_endpoint } }),
      ...(metadata?.userinfo_endpoint && { userinfo: { url: metadata.userinfo_endpoint } }),
      profile: (claims, tokens) => brandUser(sso, claims, tokens.access_token, metadata),
      [customFetch]: providerFetch(sso, redirectUri, metadata),
    });
  }
  const secure = origin.startsWith("https:");
  const names = authJsCookieNames(secure);
  const maxAge = sessionMaxAge(sso);
  return {
    basePath: AUTH_BASE_PATH,
    trustHost: true,
    useSecureCookies: secure,
    cookies: {
      sessionToken: { name: names.session },
      callbackUrl: { name: names.callbackUrl },
      state: { name: names.state },
      pkceCodeVerifier: { name: names.pkce },
      nonce: { name: names.nonce },
    },
    secret: brandSecret(brand.id),
    providers,
    session: { strategy: "jwt", maxAge },
    jwt: {
      // Whatever seals a session token (the sign-in, a renewal) gives it no expiry past the session's end.
      encode(params) {
        const end = sessionEnd(params.token ?? {}, maxAge);
        if (end === undefined) return encode(params);
        const left = Math.max(0, Math.floor((end - Date.now()) / 1000));
        return encode({ ...params, maxAge: Math.min(params.maxAge ?? maxAge, left) });
      },
    },
    pages: { signIn: SIGN_IN_PAGE, error: SIGN_IN_PAGE },
    logger: authLogger(brand.id),
    callbacks: {
      redirect: ({ url, baseUrl }) => safeCallbackUrl(url, baseUrl),
      async jwt({ token, user, account }) {
        if (account && user) {
          const u = user as BrandUser;
          await hooks.onSignIn?.(u);
          const fresh: BrandToken = {
            brand: brand.id,
            username: u.username,
            name: u.name,
            email: u.email,
            signedInAt: Date.now(),
          };
          return { ...fresh, sub: u.username };
        }
        const t = token as Partial<BrandToken>;
        // A session sealed for another brand never opens here (each brand has its own secret); this is the second lock.
        if (t.brand !== brand.id || typeof t.username !== "string") return null;
        // Over at its absolute end, however often it was renewed, and once the user signed out (any copy of it).
        if (!withinSessionEnd(t, maxAge)) return null;
        if (await hooks.signedOutSince?.(t.username, t.signedInAt!)) return null;
        return token;
      },
      session({ session, token }) {
        const t = token as unknown as BrandToken;
        // GET /api/auth/session shows the user's name, e-mail and username, and when the session ends; nothing else.
        const user = { name: t.name, email: t.email ?? null, username: t.username };
        const end = sessionEnd(t, maxAge);
        const expires = end === undefined ? session.expires : new Date(end).toISOString();
        return { user, expires } as unknown as typeof session;
      },
    },
  };
}
