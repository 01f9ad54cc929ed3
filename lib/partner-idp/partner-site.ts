import https from "node:https";
import { isIP } from "node:net";
import { createLocalJWKSet, type JWK } from "jose";
import type { Provider } from "oidc-provider";
import type { KoaContext, Middleware } from "./koa";
import {
  authorizationRequest,
  evaluateIdToken,
  exchangeCode,
  type PendingAuthorization,
  type RelyingPartyClient,
  type TokenRequestSender,
} from "@/lib/auth/node";
import { log } from "@/lib/log";
import { isSameOrigin, sendHtml } from "./http";
import { PARTNER_SITE_CLIENT_ID, type BrandLink } from "./options";
import { errorPage, homePage } from "./pages";
import { COOKIE_OPTIONS, ROUTES } from "./provider";
import type { UserDirectory } from "./users";

/**
 * The partner's own site (spec §4.6 scenario A/C: the site signs its users in through the provider, so that their
 * browser holds the provider's session the brands then rely on). It is a relying party like the brands, with their
 * steps (lib/auth): authorization code with state, nonce and PKCE, the code exchanged at the token endpoint and the
 * id_token checked by the brands' rules.
 */
export interface PartnerSiteDeps {
  provider: Provider;
  issuer: string;
  clientSecret: string;
  users: UserDirectory;
  brandLinks: BrandLink[];
  /** The CA of the provider's certificate and the address to reach it at, for the code exchange. */
  ca: string;
  connectHost: string;
  port: number;
  /** The public keys the id_token is checked against (they change on rotation). */
  publicKeys: () => JWK[];
}

export const PARTNER_SITE_CALLBACK = "/partner/callback";
/** state, nonce and PKCE verifier of a sign-in in flight, signed, for the callback only. */
const AUTH_COOKIE = "nw_partner_auth";
const AUTH_COOKIE_MAX_AGE_MS = 10 * 60_000;

export function partnerSiteRedirectUri(issuer: string): string {
  return `${issuer}${PARTNER_SITE_CALLBACK}`;
}

function refused(ctx: KoaContext, message: string, status = 400): void {
  sendHtml(ctx, status, errorPage({ title: "Sign-in did not complete", message }));
}

async function home(ctx: KoaContext, deps: PartnerSiteDeps): Promise<void> {
  // The provider's own session is the partner site's session: one sign-in for the site and the brands.
  const session = await deps.provider.Session.get(ctx);
  const user = session.accountId ? deps.users.bySub(session.accountId) : undefined;
  sendHtml(ctx, 200, homePage({ user, brandLinks: deps.brandLinks }));
}

/** The site's client at the provider (client_secret_post, its registration in ./start.ts). */
function siteClient(deps: PartnerSiteDeps): RelyingPartyClient {
  return {
    clientId: PARTNER_SITE_CLIENT_ID,
    clientSecret: deps.clientSecret,
    tokenEndpointAuthMethod: "client_secret_post",
    redirectUri: partnerSiteRedirectUri(deps.issuer),
  };
}

function startSignIn(ctx: KoaContext, deps: PartnerSiteDeps): void {
  const request = authorizationRequest(`${deps.issuer}${ROUTES.authorization}`, siteClient(deps));
  const pending: PendingAuthorization = { state: request.state, nonce: request.nonce, verifier: request.verifier };
  ctx.cookies.set(AUTH_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), {
    httpOnly: true,
    secure: true,
    // The callback is a top-level navigation from this same site: Lax is enough.
    sameSite: "lax",
    path: PARTNER_SITE_CALLBACK,
    maxAge: AUTH_COOKIE_MAX_AGE_MS,
    signed: true,
  });
  ctx.status = 303;
  ctx.redirect(request.url);
}

function readPending(ctx: KoaContext): PendingAuthorization | undefined {
  const raw = ctx.cookies.get(AUTH_COOKIE, { signed: true });
  ctx.cookies.set(AUTH_COOKIE, null, { path: PARTNER_SITE_CALLBACK, secure: true, signed: true });
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<PendingAuthorization>;
    return value.state && value.nonce && value.verifier ? (value as PendingAuthorization) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token request to the provider's own endpoint over HTTPS, trusting its local CA and reaching it at connectHost
 * (the issuer's name may not resolve here).
 */
function sendTrustingLocalCa(deps: PartnerSiteDeps): TokenRequestSender {
  return (url, init) => {
    const { hostname, host, pathname } = new URL(url);
    const body = init.body.toString();
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: deps.connectHost,
          port: deps.port,
          method: init.method,
          path: pathname,
          ca: deps.ca,
          // The certificate names the issuer's host; SNI takes names only.
          servername: isIP(hostname) ? undefined : hostname,
          headers: {
            ...init.headers,
            host,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("token request timed out")));
      req.on("error", reject);
      req.end(body);
    });
  };
}

async function callback(ctx: KoaContext, deps: PartnerSiteDeps): Promise<void> {
  const pending = readPending(ctx);
  const param = (name: string) => (typeof ctx.query[name] === "string" ? (ctx.query[name] as string) : undefined);
  if (!pending || param("state") !== pending.state) {
    return refused(ctx, "The sign-in could not be matched to this browser. Please sign in again.");
  }
  const error = param("error");
  if (error) return refused(ctx, `The identity provider answered: ${error}.`);
  const code = param("code");
  if (!code) return refused(ctx, "The identity provider sent no authorization code.");

  const client = siteClient(deps);
  const token = await exchangeCode(
    `${deps.issuer}${ROUTES.token}`,
    client,
    code,
    pending.verifier,
    sendTrustingLocalCa(deps),
  );
  if (token.status !== 200) {
    log.warn({ status: token.status }, "partner IdP: partner site code exchange refused");
    return refused(ctx, "The authorization code was not accepted. Please sign in again.");
  }
  const keys = createLocalJWKSet({ keys: deps.publicKeys() });
  const { rules } = await evaluateIdToken(typeof token.tokens.id_token === "string" ? token.tokens.id_token : "", {
    issuer: deps.issuer,
    clientId: client.clientId,
    jwksUri: `${deps.issuer}${ROUTES.jwks}`,
    nonce: pending.nonce,
    keyFor: (kid) => keys({ alg: "RS256", kid }) as Promise<CryptoKey>,
  });
  const failed = rules.filter((r) => !r.ok);
  if (failed.some((r) => r.id === "nonce")) return refused(ctx, "The sign-in response did not match this request.");
  if (failed.length) throw new Error(`partner site: the id_token was refused (${failed[0]!.id}: ${failed[0]!.detail})`);
  ctx.status = 303;
  ctx.redirect("/");
}

async function signOut(ctx: KoaContext, deps: PartnerSiteDeps): Promise<void> {
  const session = await deps.provider.Session.get(ctx);
  if (session.accountId) log.info({ sub: session.accountId }, "partner IdP: signed out");
  await session.destroy();
  // The cookie goes too (with its .sig companion): a browser holding a dead session id would only carry it around.
  ctx.cookies.set(deps.provider.cookieName("session"), null, { ...COOKIE_OPTIONS, path: "/" });
  ctx.status = 303;
  ctx.redirect("/");
}

export function partnerSiteRoutes(deps: PartnerSiteDeps): Middleware {
  return async (ctx, next) => {
    const route = `${ctx.method} ${ctx.path}`;
    if (route === "GET /" || route === "HEAD /") return home(ctx, deps);
    if (route === `GET ${PARTNER_SITE_CALLBACK}`) return callback(ctx, deps);
    if (route !== "POST /partner/signin" && route !== "POST /partner/signout") return next();
    // CSRF guard: both change the browser's sign-in state.
    if (!isSameOrigin(ctx, deps.issuer)) {
      return sendHtml(
        ctx,
        403,
        errorPage({ title: "Request refused", message: "The form was not sent from this site." }),
      );
    }
    return route === "POST /partner/signin" ? startSignIn(ctx, deps) : signOut(ctx, deps);
  };
}
