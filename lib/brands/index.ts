/**
 * Brands: the registry (BRANDS_FILE or the embedded demo brands), each brand's settings, hosts and preferences, and
 * the request's brand in Next (./context.ts). Code outside Next imports ./node.ts, which leaves next/headers out.
 */
export { brandRegistryProblem, brands } from "./process";
export { BrandRegistry, type Brand, type BrandHandoff } from "./registry";
export { expandHandoff, HANDOFF_PLACEHOLDERS, type HandoffValues } from "./handoff";
