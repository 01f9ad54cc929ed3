/**
 * The part of lib/brands that runs without Next's request scope (no next/headers): the registry and
 * preferences, for commands, workers, proxy.ts and tests.
 */
export { default as demoBrands } from "./demo-brands.json" with { type: "json" };
export { expandHandoff } from "./handoff";
export {
  PREFERENCE_COOKIES,
  brandCurrency,
  brandLanguage,
  resolvePreferences,
  safeReturnPath,
  sameSitePath,
  type Preferences,
} from "./preferences";
export { brandRegistryProblem, brands } from "./process";
export { BrandRegistry, type SsoEnvironment, type SsoSettings } from "./registry";
export { BRAND_HEADERS, PREFERENCES_PATH, SSO_TEST_PAGE, UNKNOWN_HOST_PATH } from "./routing";
export { SSO_ATTRIBUTES, type Brand, type SsoAttribute } from "./schema";
