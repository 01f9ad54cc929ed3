import type { JWK } from "jose";
import type Provider from "oidc-provider";
import type { ClientMetadata, Configuration, Grant } from "oidc-provider";
import type { KoaContext, Middleware } from "./koa";
import type { TokenEndpointAuthMethod } from "@/lib/config";
import { log } from "@/lib/log";
import { issParameterNotAdvertised, withoutIssParameter } from "./iss-parameter";
import { errorPage } from "./pages";
import { sendHtml } from "./http";
import { providerClass } from "./oidc";
import { holdClientsToTheirAuthMethod } from "./token-auth-method";
import type { ProviderStore } from "./store";
import type { UserDirectory } from "./users";

/** spec §4.4: the paths the partner's provider serves (discovery names them). */
export const ROUTES = {
  authorization: "/authorize",
  token: "/oauth/token",
  jwks: "/.well-known/jwks.json",
  userinfo: "/userinfo",
} as const;

/** spec §8: expires_in 3600 in the reference flow. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** The partner's session policy (spec §5 SSO rule 3 leaves it to the partner). */
export const SESSION_TTL_SECONDS = 8 * 3600;
/** Long enough to type a password; short, as anyone can start one. */
const INTERACTION_TTL_SECONDS = 10 * 60;
export const CLOCK_TOLERANCE_SECONDS = 15;

/** spec §4.4: scope "openid email profile". */
export const SCOPES = ["openid", "email", "profile"] as const;
const CLAIMS = {
  openid: ["sub"],
  email: ["email", "email_verified"],
  profile: ["given_name", "family_name", "name"],
};
const ALL_CLAIMS = Object.values(CLAIMS).flat();

/**
 * spec §5 SSO rule 3: the session cookie is SameSite=None and Secure, or browsers leave it off the cross-site
 * redirect from a brand and every silent sign-in ends at the login form. The short-lived interaction cookies too.
 */
export const COOKIE_OPTIONS = { httpOnly: true, sameSite: "none", secure: true } as const;

export interface ProviderSetup {
  issuer: string;
  signingKeys: JWK[];
  cookieKeys: string[];
  clients: ClientMetadata[];
  store: ProviderStore;
  users: UserDirectory;
  codeTtlSeconds: number;
  /** RFC 9207 `iss` in authorization responses (docs/decisions.md, "RFC 9207"). */
  authorizationResponseIss: boolean;
  /** Clients held to one token endpoint authentication method (token-auth-method.ts); the others take both. */
  tokenAuthMethods: ReadonlyMap<string, TokenEndpointAuthMethod>;
  /** The partner's own routes, run in front of oidc-provider's. */
  middleware: (provider: Provider) => Middleware[];
  /** Changes to the configuration; only the test-only faults (faults.ts) use it. */
  configure?: (config: Configuration) => Configuration;
}

type GrantContext = Parameters<NonNullable<Configuration["loadExistingGrant"]>>[0];

/** A grant of everything this provider knows how to release: every registered client is the partner's own. */
export async function firstPartyGrant(provider: Provider, accountId: string, clientId: string): Promise<Grant> {
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPES.join(" "));
  grant.addOIDCClaims(ALL_CLAIMS);
  await grant.save();
  return grant;
}

/**
 * oidc-provider finds a grant only for the client that got it (notes, "loadExistingGrant"), so a second brand's
 * prompt=none would come back consent_required. Registered clients are first-party: one without a grant gets one.
 */
async function loadExistingGrant(ctx: GrantContext): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const clientId = oidc.client?.clientId;
  if (!clientId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (existing) return existing;
  const accountId = oidc.session?.accountId;
  return accountId ? firstPartyGrant(oidc.provider, accountId, clientId) : undefined;
}

const ERROR_TITLES: Record<string, string> = {
  invalid_client: "Unknown application",
  invalid_redirect_uri: "Unregistered return address",
  unsupported_response_type: "Unsupported sign-in request",
  invalid_request: "Invalid sign-in request",
};

/** oidc-provider's error page (requests it cannot redirect back), in the partner's look; the status is set already. */
export async function renderProviderError(ctx: KoaContext, out: { error: string; error_description?: string }) {
  sendHtml(
    ctx,
    ctx.status,
    errorPage({
      title: ERROR_TITLES[out.error] ?? "Sign-in cannot continue",
      message: out.error_description ?? "The request could not be completed.",
      code: out.error,
    }),
  );
}

function configuration(setup: ProviderSetup): Configuration {
  const { users } = setup;
  return {
    adapter: setup.store.adapter,
    clients: setup.clients,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    jwks: { keys: setup.signingKeys },
    routes: { ...ROUTES },
    responseTypes: ["code"],
    // spec §4.4: redirect_uri is a parameter of every authorize request (oidc-provider would infer a client's only one).
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: [...SCOPES],
    claims: CLAIMS,
    // spec §2.4: email and names in the id_token itself; oidc-provider would keep them for UserInfo only.
    conformIdTokenClaims: false,
    // spec §5 SSO rule 1: client_id and client_secret in the body or by HTTP Basic (either, for every client).
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    // spec §5 SSO rule 2: RS256; the keys are RSA, so no other algorithm is advertised.
    enabledJWA: { idTokenSigningAlgValues: ["RS256"] },
    // Relying parties call the token endpoint server to server: no browser origin is allowed.
    clientBasedCORS: () => false,
    cookies: {
      keys: setup.cookieKeys,
      long: { ...COOKIE_OPTIONS },
      short: { ...COOKIE_OPTIONS },
    },
    features: {
      // Our own login page (interactions.ts) instead of the development one.
      devInteractions: { enabled: false },
      // Its default pages load Google Fonts; brands sign out locally, the partner site ends the session itself.
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      // On by default in 9.x, outside spec §4.4: fewer ways in than the reference flow needs is a smaller surface.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
    },
    ttl: {
      // spec §4.4 rule 4, §8: 30 to 60 seconds, single use (oidc-provider consumes a code at the token endpoint).
      AuthorizationCode: setup.codeTtlSeconds,
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: INTERACTION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      Grant: SESSION_TTL_SECONDS,
    },
    interactions: { url: async (_ctx, interaction) => `/login/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const user = users.bySub(sub);
      if (!user) return undefined;
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: true,
          given_name: user.given_name,
          family_name: user.family_name,
          name: `${user.given_name} ${user.family_name}`,
        }),
      };
    },
    loadExistingGrant,
    renderError: async (ctx, out) => renderProviderError(ctx, out),
  };
}

/** One Provider over the shared store; index.ts builds a new one when the signing keys change. */
export function buildProvider(setup: ProviderSetup): Provider {
  const config = configuration(setup);
  const OidcProvider = setup.authorizationResponseIss ? providerClass() : withoutIssParameter(providerClass());
  const provider = new OidcProvider(setup.issuer, setup.configure ? setup.configure(config) : config);
  holdClientsToTheirAuthMethod(provider, setup.tokenAuthMethods);
  if (!setup.authorizationResponseIss) provider.use(issParameterNotAdvertised);
  for (const middleware of setup.middleware(provider)) provider.use(middleware);

  // Error codes and client ids only: descriptions can quote request input, and nothing here logs codes or tokens.
  const clientOf = (ctx: KoaContext) => ctx.oidc?.client?.clientId;
  provider.on("authorization.error", (ctx: KoaContext, err: Error) =>
    log.info({ route: "authorize", error: err.message, clientId: clientOf(ctx) }, "partner IdP: authorization error"),
  );
  provider.on("grant.error", (ctx: KoaContext, err: Error) =>
    log.info({ route: "token", error: err.message, clientId: clientOf(ctx) }, "partner IdP: token request refused"),
  );
  provider.on("server_error", (_ctx: KoaContext, err: Error) => log.error({ err }, "partner IdP: server error"));
  // Koa's own errors: the provider is an EventEmitter, whose types list only its OIDC events.
  (provider as unknown as NodeJS.EventEmitter).on("error", (err: Error) =>
    log.error({ err }, "partner IdP: request failed"),
  );
  return provider;
}
