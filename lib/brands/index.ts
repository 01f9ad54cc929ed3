import { config } from "@/lib/config";
import demoBrands from "./demo-brands.json" with { type: "json" };
import { BrandRegistry } from "./registry";

export { BrandRegistry, type Brand } from "./registry";

let registry: BrandRegistry | undefined;

/** The process's brand registry: BRANDS_FILE when set, else the embedded demo brands. Parsed once. */
export function brands(): BrandRegistry {
  if (!registry) {
    const file = config().BRANDS_FILE;
    registry = file ? BrandRegistry.fromFile(file) : BrandRegistry.parse(JSON.stringify(demoBrands), "(demo brands)");
  }
  return registry;
}
