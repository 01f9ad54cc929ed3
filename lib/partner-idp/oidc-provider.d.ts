/**
 * The part of oidc-provider 9.x (and of the Koa 3 context it hands to middleware) that the partner IdP uses. The
 * package ships no types and @types/oidc-provider is not installed; these follow lib/provider.js and lib/helpers/
 * defaults.js of the installed 9.13.3.
 */
declare module "oidc-provider" {
  import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
  import type { JWK } from "jose";

  export interface CookieOptions {
    httpOnly?: boolean;
    sameSite?: "lax" | "strict" | "none";
    secure?: boolean;
    signed?: boolean;
    path?: string;
    maxAge?: number;
    overwrite?: boolean;
  }

  export interface KoaCookies {
    get(name: string, opts?: { signed?: boolean }): string | undefined;
    set(name: string, value: string | null, opts?: CookieOptions): unknown;
  }

  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    querystring: string;
    query: Record<string, string | string[] | undefined>;
    headers: IncomingHttpHeaders;
    secure: boolean;
    status: number;
    body: unknown;
    type: string;
    /** false once a handler wrote to `res` itself (interactionFinished does). */
    respond: boolean;
    cookies: KoaCookies;
    get(field: string): string;
    set(field: string, value: string | string[]): void;
    redirect(url: string): void;
    oidc?: OIDCContext;
  }

  export type Next = () => Promise<unknown>;
  export type Middleware = (ctx: KoaContext, next: Next) => Promise<unknown>;

  export interface Session {
    jti: string;
    uid: string;
    accountId?: string;
    grantIdFor(clientId: string): string | undefined;
    destroy(): Promise<void>;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantClass {
    new (props: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface OIDCContext {
    provider: Provider;
    client?: { clientId: string };
    /** The request's parameters, once oidc-provider has assembled them. */
    params?: Record<string, unknown>;
    session: Session;
    result?: { consent?: { grantId?: string } };
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string; uid?: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string };
    consent?: { grantId: string };
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret: string;
    client_name?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post";
    id_token_signed_response_alg?: string;
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  /** The error a renderError receives: oidc-provider's error code and description (and state, iss). */
  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    iss?: string;
  }

  export type AdapterPayload = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  type Ttl = number | ((ctx: KoaContext, token: unknown, client: unknown) => number);

  export interface Configuration {
    allowOmittingSingleRegisteredRedirectUri?: boolean;
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    clientAuthMethods?: string[];
    clockTolerance?: number;
    clientBasedCORS?: (ctx: KoaContext, origin: string, client: unknown) => boolean;
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: { session?: string; interaction?: string; resume?: string };
      long?: CookieOptions;
      short?: CookieOptions;
      keys?: string[];
    };
    enabledJWA?: { idTokenSigningAlgValues?: string[] };
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: KoaContext, sub: string) => Promise<Account | undefined>;
    interactions?: { url?: (ctx: KoaContext, interaction: Interaction) => Promise<string> };
    jwks?: { keys: JWK[] };
    loadExistingGrant?: (ctx: KoaContext & { oidc: OIDCContext }) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContext, client: unknown) => boolean };
    renderError?: (ctx: KoaContext, out: ErrorOut, error: Error) => Promise<void>;
    responseTypes?: string[];
    routes?: Record<string, string>;
    scopes?: string[];
    ttl?: Record<string, Ttl>;
  }

  /** A response mode's handler (lib/response_modes/): sends the authorization response's parameters to redirect_uri. */
  export type ResponseModeHandler = (
    this: Provider,
    ctx: KoaContext,
    redirectUri: string,
    payload: Record<string, string>,
  ) => unknown;

  export interface ClientInstance {
    clientId: string;
    compareClientSecret(secret: string): Promise<boolean> | boolean;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** The Koa context of the request being handled (oidc-provider's AsyncLocalStorage), inside its routes. */
    static readonly ctx: KoaContext | undefined;
    readonly issuer: string;
    readonly Grant: GrantClass;
    /** This provider's own Client model (a class per Provider instance). */
    readonly Client: { prototype: ClientInstance };
    /**
     * Called by the constructor for query, fragment and form_post (lib/helpers/initialize_app.js); the first handler
     * registered under a name stays.
     */
    registerResponseMode(name: string, handler: ResponseModeHandler): void;
    readonly Session: { get(ctx: KoaContext): Promise<Session> };
    use(middleware: Middleware): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: never[]) => void): this;
    cookieName(type: "session" | "interaction" | "resume"): string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export const errors: {
    SessionNotFound: new (description?: string) => Error;
    /** 401 invalid_client; the detail goes to error_detail (logs), not to the response. */
    InvalidClientAuth: new (detail?: string) => Error;
  };

  export default Provider;
}
