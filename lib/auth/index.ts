/**
 * Sign-on, the brand's relying party: Auth.js per brand (sessions, the sign-in and sign-out forms, silent login, the
 * idpresponse callback) on top of the relying party's steps (./node.ts, which code outside Next imports).
 */
export {
  authorizationRequest,
  brandSecret,
  brandUser,
  cachedMetadata,
  discoveryUrl,
  errorCode,
  evaluateIdToken,
  exchangeCode,
  expired,
  idpMetadata,
  IDPRESPONSE_PATH,
  idpResponseUris,
  mapAttributes,
  poolSizes,
  poolUsername,
  prepareSignOn,
  registeredErrorCode,
  registeredRedirectUri,
  requestUserinfo,
  SIGN_IN_SCOPE,
  silentSignIn,
  SSO_COOKIES,
  verifyIdToken,
  type AuthorizationRequest,
  type BrandUser,
  type IdTokenEvaluation,
  type IdTokenExpectations,
  type IdTokenRule,
  type IdTokenRuleId,
  type IdpMetadata,
  type PendingAuthorization,
  type RelyingPartyClient,
  type TokenAnswer,
  type TokenRequestSender,
} from "./node";
export { auth, handlers } from "./auth-js";
export type { BrandToken } from "./config";
export type { SsoNotice } from "./cookies";
export { SIGN_IN_FORM_PATH, SIGN_OUT_FORM_PATH, signInForm, signOutForm } from "./forms";
export { idpResponse } from "./idpresponse";
export { authEndpoints } from "./route";
