/** Routing constants shared by proxy.ts and the brand pages (no server-only imports: the proxy bundles this). */
/** Request headers proxy.ts sets (always overwriting what a client sent) for the brand pages. */
export const BRAND_HEADERS = {
  brand: "x-brand-id",
  language: "x-brand-lang",
  currency: "x-brand-curr",
  /** The path and query the visitor asked for (where sign-in and sign-out return to). */
  path: "x-brand-path",
  /** A one-time sign-on message for this page (lib/auth/cookies.ts SsoNotice). */
  ssoNotice: "x-brand-sso-notice",
} as const;

/** The switchers' path: sets a preference and returns to the page. */
export const PREFERENCES_PATH = "/preferences";

/** Where proxy.ts sends a host no brand owns: not a brand id (those never start with "_"), so it is not found. */
export const UNKNOWN_HOST_PATH = "/_unknown-host";

/** The brand's silent-SSO test page (lib/sso-check/trace.ts): never a silent login of its own. */
export const SSO_TEST_PAGE = "/sso-test";
