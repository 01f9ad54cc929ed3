import { config, environment, type Environment } from "@/lib/config";
import demoBrands from "./demo-brands.json" with { type: "json" };
import { BrandRegistry } from "./registry";

let registry: BrandRegistry | undefined;

/** The process's brand registry: BRANDS_FILE when set, else the embedded demo brands. Parsed once. */
export function brands(): BrandRegistry {
  if (!registry) {
    const file = config().BRANDS_FILE;
    registry = file ? BrandRegistry.fromFile(file) : BrandRegistry.parse(JSON.stringify(demoBrands), "(demo brands)");
  }
  return registry;
}

/**
 * The production server's start-up check: under NODE_ENV=production a brand registry file is required. The demo
 * brands publish their partner keys and secrets in this repository, so they are never a production default; serving
 * them there takes DEMO_BRANDS=true. Returns the problem, or undefined.
 */
export function brandRegistryProblem(env: Environment = environment()): string | undefined {
  if (env.NODE_ENV !== "production" || env.BRANDS_FILE || env.DEMO_BRANDS === "true") return undefined;
  return (
    "NODE_ENV=production needs a brand registry: set BRANDS_FILE to your brands.json (see lib/brands/schema.ts). " +
    "The demo brands' keys are public; DEMO_BRANDS=true serves them anyway"
  );
}
