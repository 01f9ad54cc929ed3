/**
 * The relying party's steps, without Next.js: discovery, the authorization request (state, nonce, PKCE), the code
 * exchange, the id_token's rules (verified with jose) and the user mapping, with the brand's redirect URIs and
 * secrets. The brand's own sign-in (Auth.js, ./index.ts), the silent-SSO test page's trace and the reference
 * partner's site all use these. Commands, the reference partner, unit tests and proxy.ts run without Auth.js
 * (next-auth does not load in plain Node), so they import this door; everything else imports ./index.ts, which
 * re-exports it. Silent sign-in is here too: it needs only next/server, and the proxy starts it.
 */
export {
  authorizationRequest,
  exchangeCode,
  SIGN_IN_SCOPE,
  type AuthorizationRequest,
  type PendingAuthorization,
  type RelyingPartyClient,
  type TokenAnswer,
  type TokenRequestSender,
} from "./code-flow";
export { SSO_COOKIES, expired } from "./cookies";
export { cachedMetadata, discoveryUrl, idpMetadata, type IdpMetadata } from "./discovery";
export {
  evaluateIdToken,
  verifyIdToken,
  type IdTokenEvaluation,
  type IdTokenExpectations,
  type IdTokenRule,
  type IdTokenRuleId,
} from "./id-token";
export { errorCode, registeredErrorCode } from "./oauth-error";
export { brandUser, mapAttributes, requestUserinfo, type BrandUser } from "./profile";
export { IDPRESPONSE_PATH, idpResponseUris, registeredRedirectUri } from "./redirect-uris";
export { brandSecret, prepareSignOn } from "./secret";
export { poolSizes, poolUsername } from "./user-pool";
export { silentSignIn } from "./silent";
