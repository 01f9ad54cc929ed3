import { createHash, randomBytes } from "node:crypto";
import https from "node:https";
import { isIP } from "node:net";
import { createLocalJWKSet, jwtVerify, type JWK } from "jose";
import type { Provider } from "oidc-provider";
import type { KoaContext, Middleware } from "./koa";
import { log } from "@/lib/log";
import { isSameOrigin, sendHtml } from "./http";
import { PARTNER_SITE_CLIENT_ID, type BrandLink } from "./options";
import { errorPage, homePage } from "./pages";
import { COOKIE_OPTIONS, ROUTES } from "./provider";
import type { UserDirectory } from "./users";

/**
 * The partner's own site (spec §4.6 scenario A/C: the site signs its users in through the provider, so that their
 * browser holds the provider's session the brands then rely on). It is a relying party like the brands: authorization
 * code with state, nonce and PKCE, the code exchanged at the token endpoint and the id_token checked.
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

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

const random = () => randomBytes(32).toString("base64url");

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

function startSignIn(ctx: KoaContext, deps: PartnerSiteDeps): void {
  const pending: PendingSignIn = { state: random(), nonce: random(), verifier: random() };
  ctx.cookies.set(AUTH_COOKIE, Buffer.from(JSON.stringify(pending)).toString("base64url"), {
    httpOnly: true,
    secure: true,
    // The callback is a top-level navigation from this same site: Lax is enough.
    sameSite: "lax",
    path: PARTNER_SITE_CALLBACK,
    maxAge: AUTH_COOKIE_MAX_AGE_MS,
    signed: true,
  });
  const url = new URL(`${deps.issuer}${ROUTES.authorization}`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: PARTNER_SITE_CLIENT_ID,
    redirect_uri: partnerSiteRedirectUri(deps.issuer),
    scope: "openid email profile",
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: createHash("sha256").update(pending.verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  ctx.status = 303;
  ctx.redirect(url.href);
}

function readPending(ctx: KoaContext): PendingSignIn | undefined {
  const raw = ctx.cookies.get(AUTH_COOKIE, { signed: true });
  ctx.cookies.set(AUTH_COOKIE, null, { path: PARTNER_SITE_CALLBACK, secure: true, signed: true });
  if (!raw) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<PendingSignIn>;
    return value.state && value.nonce && value.verifier ? (value as PendingSignIn) : undefined;
  } catch {
    return undefined;
  }
}

/** POST to the provider's own token endpoint over HTTPS, trusting its local CA. */
function exchangeCode(
  deps: PartnerSiteDeps,
  code: string,
  verifier: string,
): Promise<{ status: number; body: string }> {
  const { hostname, host } = new URL(deps.issuer);
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: partnerSiteRedirectUri(deps.issuer),
    code_verifier: verifier,
    client_id: PARTNER_SITE_CLIENT_ID,
    client_secret: deps.clientSecret,
  }).toString();
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: deps.connectHost,
        port: deps.port,
        method: "POST",
        path: ROUTES.token,
        ca: deps.ca,
        // The certificate names the issuer's host; SNI takes names only.
        servername: isIP(hostname) ? undefined : hostname,
        headers: {
          host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("token request timed out")));
    req.on("error", reject);
    req.end(body);
  });
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

  const token = await exchangeCode(deps, code, pending.verifier);
  if (token.status !== 200) {
    log.warn({ status: token.status }, "partner IdP: partner site code exchange refused");
    return refused(ctx, "The authorization code was not accepted. Please sign in again.");
  }
  const idToken = (JSON.parse(token.body) as { id_token?: string }).id_token ?? "";
  const { payload } = await jwtVerify(idToken, createLocalJWKSet({ keys: deps.publicKeys() }), {
    issuer: deps.issuer,
    audience: PARTNER_SITE_CLIENT_ID,
    algorithms: ["RS256"],
  });
  if (payload.nonce !== pending.nonce) return refused(ctx, "The sign-in response did not match this request.");
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
