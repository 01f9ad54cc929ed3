/**
 * Sign-on, the brand's relying party: Auth.js per brand (sessions, the sign-in and sign-out forms, silent login, the
 * idpresponse callback) on top of the relying party's steps (./node.ts, which code outside Next imports).
 */
export * from "./node";
export { auth, handlers } from "./auth-js";
export type { BrandToken } from "./config";
export type { SsoNotice } from "./cookies";
export { SIGN_IN_FORM_PATH, SIGN_OUT_FORM_PATH, signInForm, signOutForm } from "./forms";
export { idpResponse } from "./idpresponse";
export { authEndpoints } from "./route";
export { silentSignIn } from "./silent";
