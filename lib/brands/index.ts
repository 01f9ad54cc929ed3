/**
 * Brands: the registry (BRANDS_FILE or the embedded demo brands), each brand's settings, hosts and preferences, and
 * the request's brand in Next (./context.ts). Code outside Next imports ./node.ts, which leaves next/headers out.
 */
export { brandRegistryProblem, brands } from "./process";
export { BrandRegistry, type Brand, type BrandHandoff } from "./registry";
export { expandHandoff, HANDOFF_PLACEHOLDERS, type HandoffValues } from "./handoff";

export { brandContext, brandForHost, queryPreferences } from "./context";
export { default as demoBrands } from "./demo-brands.json" with { type: "json" };
export {
  PREFERENCE_COOKIES,
  brandCurrency,
  brandLanguage,
  resolvePreferences,
  safeReturnPath,
  sameSitePath,
  type Preferences,
} from "./preferences";
export type { SsoEnvironment, SsoSettings } from "./registry";
export { brandRoute, partnerRoute } from "./route";
export { BRAND_HEADERS, PREFERENCES_PATH, SSO_TEST_PAGE, UNKNOWN_HOST_PATH } from "./routing";
export { SSO_ATTRIBUTES, type SsoAttribute } from "./schema";
