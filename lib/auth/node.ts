/**
 * The relying party's steps, without Next.js: discovery, the authorization request (state, nonce, PKCE), the code
 * exchange, the id_token's rules (verified with jose) and the user mapping, with the brand's redirect URIs and
 * secrets. The brand's own sign-in (Auth.js, ./index.ts), the silent-SSO test page's trace and the reference
 * partner's site all use these. Commands and the reference partner run outside Next (next-auth does not load
 * there), so they import this file; everything else imports ./index.ts, which re-exports it.
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
