import { createHash, randomBytes } from "node:crypto";
import { idpFetch } from "./idp-fetch";

/** spec §4.4: the scope every sign-in asks for. */
export const SIGN_IN_SCOPE = "openid email profile";

/** A relying party's client at its provider, as the authorization and token requests name it. */
export interface RelyingPartyClient {
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: "client_secret_basic" | "client_secret_post";
  /** The callback the provider has registered for the client, exactly as registered. */
  redirectUri: string;
}

/** What a sign-in in flight keeps for its callback (sealed in a cookie): what the answer is checked against. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  /** The PKCE code_verifier, sent only with the code. */
  verifier: string;
}

export interface AuthorizationRequest extends PendingAuthorization {
  /** The authorize URL to send the browser to. */
  url: string;
  /** Its query parameters, in the order sent (state, nonce and challenge included). */
  params: Record<string, string>;
}

const random = (bytes: number) => randomBytes(bytes).toString("base64url");

/**
 * The authorization request of the code flow (spec §2.4): response_type code, the scope, a fresh state and nonce, and
 * a PKCE S256 challenge. `extra` parameters (prompt=none for a silent attempt) come after the scope.
 */
export function authorizationRequest(
  authorizationEndpoint: string,
  client: Pick<RelyingPartyClient, "clientId" | "redirectUri">,
  extra: Record<string, string> = {},
): AuthorizationRequest {
  // RFC 7636 §4.1: a verifier of 43 to 128 characters; 32 random bytes make 43.
  const pending: PendingAuthorization = { state: random(24), nonce: random(24), verifier: random(32) };
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: SIGN_IN_SCOPE,
    ...extra,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: createHash("sha256").update(pending.verifier).digest("base64url"),
    code_challenge_method: "S256",
  };
  const url = new URL(authorizationEndpoint);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { ...pending, url: url.href, params };
}

/** RFC 6749 §2.3.1: client credentials in Basic are form-urlencoded first. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/** How a token request is sent: the guarded fetch by default; the reference partner's site trusts its local CA. */
export type TokenRequestSender = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: URLSearchParams },
) => Promise<Response>;

/** The token endpoint's answer: its status and JSON body (an empty object when it sent none). */
export interface TokenAnswer {
  status: number;
  tokens: Record<string, unknown>;
}

/**
 * The code exchange (spec §2.4): the code with the same redirect_uri and the PKCE verifier, the client authenticated
 * by the method it is registered with. Throws only when the endpoint cannot be reached; any answer is returned.
 */
export async function exchangeCode(
  tokenEndpoint: string,
  client: RelyingPartyClient,
  code: string,
  verifier: string,
  send: TokenRequestSender = idpFetch,
): Promise<TokenAnswer> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: client.redirectUri,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { accept: "application/json" };
  if (client.tokenEndpointAuthMethod === "client_secret_basic")
    headers.authorization = `Basic ${Buffer.from(`${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`).toString("base64")}`;
  else {
    body.set("client_id", client.clientId);
    body.set("client_secret", client.clientSecret);
  }
  const response = await send(tokenEndpoint, { method: "POST", headers, body });
  const json: unknown = await response.json().catch(() => undefined);
  const tokens = typeof json === "object" && json !== null && !Array.isArray(json) ? json : {};
  return { status: response.status, tokens: tokens as Record<string, unknown> };
}
