import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { ClientMetadata, Configuration } from "oidc-provider";
import type { Middleware } from "./koa";
import { providerClass } from "./oidc";
import { BodyTooLarge, closeAfterResponse, mediaType, readBody, sendJson } from "./http";
import type { ProviderStore } from "./store";

/**
 * TEST-ONLY FAULTS. Each one deliberately breaks exactly one item of spec §4.7 (or §5, §7) in the reference IdP, so
 * that the tests of validators and relying parties can show they notice it. They exist for nothing else: none is
 * active unless startPartnerIdp is given it in `faults`, and none belongs in a partner's real provider.
 *
 * The partner's own site (PARTNER_SITE_CLIENT_ID) is left out of the id_token faults, so that it keeps signing in.
 */
export type PartnerIdpFault =
  | "hs256-id-token"
  | "issuer-trailing-slash"
  | "missing-discovery-field"
  | "no-rs256-key"
  | "unregistered-redirect-accepted"
  | "reusable-code"
  | "code-not-bound-to-redirect-uri"
  | "wrong-secret-accepted"
  | "missing-nonce"
  | "missing-email"
  | "session-cookie-lax"
  | "session-cookie-not-secure"
  | "prompt-none-shows-login"
  | "partner-api-without-key";

/** Every fault with what it breaks (test-only, see above). */
export const PARTNER_IDP_FAULTS: Readonly<Record<PartnerIdpFault, string>> = Object.freeze({
  "hs256-id-token": "id_tokens are signed with HS256 (the client secret) instead of RS256",
  "issuer-trailing-slash": "the discovery document's issuer has a trailing \"/\" (the id_token's iss does not)",
  "missing-discovery-field": "the discovery document has no claims_supported",
  "no-rs256-key": "the JWKS publishes the RSA keys without their alg member",
  "unregistered-redirect-accepted":
    "authorize redirects to an unregistered redirect_uri (error=invalid_request) instead of a 400 page",
  "reusable-code": "an authorization code can be exchanged more than once until it expires",
  "code-not-bound-to-redirect-uri": "the token endpoint accepts a code with another redirect_uri than its request's",
  "wrong-secret-accepted": "the token endpoint accepts a wrong client secret (body and Basic) for a known client",
  "missing-nonce": "id_tokens carry no nonce claim",
  "missing-email": "id_tokens and UserInfo carry no email (nor email_verified) claim",
  "session-cookie-lax": "the session cookies are SameSite=Lax instead of None (Secure, HttpOnly kept)",
  "session-cookie-not-secure": "the session cookies have neither Secure nor a SameSite attribute",
  "prompt-none-shows-login": "prompt=none without a session shows the login page instead of error=login_required",
  "partner-api-without-key": "the scenario-B partner API accepts requests without a valid API key",
});

export const PARTNER_IDP_FAULT_NAMES = Object.keys(PARTNER_IDP_FAULTS) as readonly PartnerIdpFault[];

export type FaultSet = ReadonlySet<PartnerIdpFault>;

/** oidc-provider's default session cookie name (the configuration does not rename it), and its signature's. */
const SESSION_COOKIE = /^_session(?:\.sig)?=/;
const DISCOVERY_PATH = "/.well-known/openid-configuration";

/** Test-only: the provider configuration with the id_token and claim faults. */
export function configureFaults(
  faults: FaultSet,
  exemptClientId: string,
): ((config: Configuration) => Configuration) | undefined {
  if (!faults.has("hs256-id-token") && !faults.has("missing-email")) return undefined;
  return (config) => {
    const out: Configuration = { ...config };
    if (faults.has("hs256-id-token")) {
      // oidc-provider signs HS256 with the client's secret once the algorithm is enabled and chosen by the client.
      out.enabledJWA = { ...config.enabledJWA, idTokenSigningAlgValues: ["RS256", "HS256"] };
      out.clients = config.clients?.map((c) =>
        c.client_id === exemptClientId ? c : { ...c, id_token_signed_response_alg: "HS256" },
      );
    }
    const findAccount = config.findAccount;
    if (faults.has("missing-email") && findAccount) {
      out.findAccount = async (ctx, sub) => {
        const account = await findAccount(ctx, sub);
        if (!account || ctx.oidc?.client?.clientId === exemptClientId) return account;
        return {
          ...account,
          claims: async (...args) => {
            // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped on purpose (the fault)
            const { email, email_verified, ...rest } = await account.claims(...args);
            return rest;
          },
        };
      };
    }
    return out;
  };
}

/** Test-only: the store with the authorization code faults (codes are read and consumed through it). */
export function storeWithFaults(store: ProviderStore, faults: FaultSet, exemptClientId: string): ProviderStore {
  const reusable = faults.has("reusable-code");
  const unbound = faults.has("code-not-bound-to-redirect-uri");
  const noNonce = faults.has("missing-nonce");
  if (!reusable && !unbound && !noNonce) return store;
  return {
    ...store,
    adapter: (model) => {
      const inner = store.adapter(model);
      if (model !== "AuthorizationCode") return inner;
      return {
        ...inner,
        async find(id) {
          const stored = await inner.find(id);
          if (!stored) return stored;
          // A copy: the stored payload itself keeps its redirect_uri and nonce.
          const payload = { ...stored };
          if (unbound) {
            // The token request's redirect_uri, so that oidc-provider's comparison always matches.
            const redirectUri = providerClass().ctx?.oidc?.params?.redirect_uri;
            if (typeof redirectUri === "string") payload.redirectUri = redirectUri;
          }
          // The id_token's nonce comes from the code.
          if (noNonce && payload.clientId !== exemptClientId) delete payload.nonce;
          return payload;
        },
        // Never marked consumed, so oidc-provider exchanges it again (and revokes nothing).
        consume: reusable ? async () => undefined : inner.consume,
      };
    },
  };
}

export interface FaultMiddlewareDeps {
  faults: FaultSet;
  provider: Provider;
  clients: readonly ClientMetadata[];
  partnerApiKey?: string;
  /** Passed in rather than imported: options.ts imports this file, and provider.ts leads back to options.ts. */
  routes: { authorization: string; token: string; jwks: string; partnerApi: string };
}

/** Test-only: Koa middleware for the faults of discovery, JWKS, authorize, token and the partner API. */
export function faultMiddleware(deps: FaultMiddlewareDeps): Middleware[] {
  const { faults, provider, routes } = deps;
  const clients = new Map(deps.clients.map((c) => [c.client_id, c]));
  const out: Middleware[] = [];

  if (faults.has("issuer-trailing-slash") || faults.has("missing-discovery-field")) {
    out.push(async (ctx, next) => {
      await next();
      if (ctx.path !== DISCOVERY_PATH || !isRecord(ctx.body)) return;
      // oidc-provider builds the document afresh per request: changing it here changes this answer only.
      const body = { ...ctx.body };
      if (faults.has("issuer-trailing-slash") && typeof body.issuer === "string") body.issuer = `${body.issuer}/`;
      if (faults.has("missing-discovery-field")) delete body.claims_supported;
      ctx.body = body;
    });
  }

  if (faults.has("no-rs256-key")) {
    out.push(async (ctx, next) => {
      await next();
      if (ctx.path !== routes.jwks || !isRecord(ctx.body) || !Array.isArray(ctx.body.keys)) return;
      // New objects: the array is the provider's own key set. Koa keeps the Content-Type (application/jwk-set+json).
      ctx.body = {
        keys: (ctx.body.keys as unknown[]).map((k) => {
          if (!isRecord(k)) return k;
          // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped on purpose (the fault)
          const { alg, ...rest } = k;
          return rest;
        }),
      };
    });
  }

  if (faults.has("unregistered-redirect-accepted") || faults.has("prompt-none-shows-login")) {
    out.push(async (ctx, next) => {
      if (ctx.path !== routes.authorization || ctx.method !== "GET") return next();
      const { client_id: clientId, redirect_uri: redirectUri, state, prompt } = ctx.query;
      const client = typeof clientId === "string" ? clients.get(clientId) : undefined;
      if (
        faults.has("unregistered-redirect-accepted") &&
        client &&
        typeof redirectUri === "string" &&
        !(client.redirect_uris ?? []).includes(redirectUri)
      ) {
        const target = httpUrl(redirectUri);
        if (target) {
          target.searchParams.set("error", "invalid_request");
          if (typeof state === "string") target.searchParams.set("state", state);
          ctx.set("Cache-Control", "no-store");
          // 303 first: Koa's redirect keeps a redirect status and would set 302 otherwise (oidc-provider uses 303).
          ctx.status = 303;
          ctx.redirect(target.href);
          return;
        }
      }
      if (faults.has("prompt-none-shows-login") && prompt === "none") {
        const session = await provider.Session.get(ctx);
        if (!session.accountId) {
          // Without a session the request goes on as if prompt were absent: to the login page.
          const query = new URLSearchParams(ctx.querystring);
          query.delete("prompt");
          ctx.querystring = query.toString();
        }
      }
      return next();
    });
  }

  if (faults.has("wrong-secret-accepted")) {
    out.push(async (ctx, next) => {
      if (ctx.path !== routes.token || ctx.method !== "POST") return next();
      if (mediaType(ctx) !== "application/x-www-form-urlencoded") return next();
      let text: string;
      try {
        text = (await readBody(ctx)).toString("utf8");
      } catch (e) {
        if (!(e instanceof BodyTooLarge)) throw e;
        closeAfterResponse(ctx);
        return sendJson(ctx, 413, { error: "invalid_request", error_description: e.message });
      }
      const form = new URLSearchParams(text);
      const bodyId = form.get("client_id");
      const bodySecret = form.get("client_secret");
      const rightForBody = bodyId === null ? undefined : clients.get(bodyId)?.client_secret;
      const replaceBody = bodySecret !== null && rightForBody !== undefined && bodySecret !== rightForBody;
      if (replaceBody) form.set("client_secret", rightForBody);
      const basic = parseBasic(ctx.get("authorization"));
      const rightForBasic = basic ? clients.get(basic.id)?.client_secret : undefined;
      if (basic && rightForBasic !== undefined && basic.secret !== rightForBasic) {
        ctx.req.headers.authorization = `Basic ${Buffer.from(`${formEncode(basic.id)}:${formEncode(rightForBasic)}`).toString("base64")}`;
      }
      // oidc-provider parses req.body when the stream was read already (lib/shared/selective_body.js).
      (ctx.req as IncomingMessage & { body?: string }).body = replaceBody ? form.toString() : text;
      return next();
    });
  }

  if (faults.has("partner-api-without-key") && deps.partnerApiKey) {
    const authorization = `Bearer ${deps.partnerApiKey}`;
    out.push(async (ctx, next) => {
      // Every request looks as if it carried the key; without a configured key the API still answers 503.
      if (ctx.path === routes.partnerApi || ctx.path.startsWith(`${routes.partnerApi}/`)) {
        ctx.req.headers.authorization = authorization;
      }
      return next();
    });
  }

  return out;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Test-only: the session cookie faults. oidc-provider writes cookies through koa's cookies, and interactionFinished
 * on the raw response, so the Set-Cookie values are rewritten on the response itself.
 */
export function handlerWithCookieFaults(faults: FaultSet, handler: Handler): Handler {
  // Both asked for: not-secure, which drops what lax keeps.
  const mode = faults.has("session-cookie-not-secure") ? "not-secure" : faults.has("session-cookie-lax") ? "lax" : "";
  if (!mode) return handler;
  const rewrite = (line: string): string => {
    if (!SESSION_COOKIE.test(line)) return line;
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const kept = attrs.flatMap((a) => {
      const name = a.split("=")[0]!.toLowerCase();
      if (name === "samesite") return mode === "lax" ? ["samesite=lax"] : [];
      if (name === "secure") return mode === "lax" ? [a] : [];
      return [a];
    });
    return [pair, ...kept].join("; ");
  };
  const rewriteValue = <T>(name: string, value: T): T => {
    if (name.toLowerCase() !== "set-cookie") return value;
    if (typeof value === "string") return rewrite(value) as T;
    if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? rewrite(v) : v)) as T;
    return value;
  };
  return (req, res) => {
    const setHeader = res.setHeader.bind(res);
    const appendHeader = res.appendHeader.bind(res);
    res.setHeader = (name, value) => setHeader(name, rewriteValue(name, value));
    res.appendHeader = (name, value) => appendHeader(name, rewriteValue(name, value));
    handler(req, res);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 6749 2.3.1: client id and secret are form-encoded before Basic; oidc-provider decodes them so. */
function formEncode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, "+");
}

function parseBasic(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i === -1) return undefined;
  try {
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, "%20"));
    return { id: decode(decoded.slice(0, i)), secret: decode(decoded.slice(i + 1)) };
  } catch {
    return undefined;
  }
}
