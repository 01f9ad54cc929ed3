import { headers } from "next/headers";
import { notFound } from "next/navigation";
import type { Language } from "@/lib/locale";
import { brands } from "./process";
import type { Brand } from "./schema";
import { AppError } from "@/lib/http/node";
import { brandCurrency, brandLanguage, type Preferences } from "./preferences";
import { BRAND_HEADERS } from "./routing";

export interface BrandContext {
  brand: Brand;
  preferences: Preferences;
}

/** The brand and the visitor's preferences of a page request (resolved by proxy.ts). Unknown brand → not found. */
export async function brandContext(brandId: string): Promise<BrandContext> {
  const brand = brands().get(brandId);
  if (!brand) notFound();
  const h = await headers();
  // The proxy always sets these on a brand's pages; the brand's defaults keep a page usable if it did not run.
  const language = (h.get(BRAND_HEADERS.language) as Language | null) ?? brand.languages.default;
  const currency = h.get(BRAND_HEADERS.currency) ?? brand.currencies.default;
  return {
    brand,
    preferences: {
      language: brand.languages.supported.includes(language) ? language : brand.languages.default,
      currency: brand.currencies.supported.includes(currency) ? currency : brand.currencies.default,
    },
  };
}

/** The brand an API request's Host names (API routes run without the proxy); a host no brand owns → 404. */
export function brandForHost(host: string | null): Brand {
  const brand = brands().forHost(host);
  if (!brand) throw new AppError({ code: "UNKNOWN_HOST", field: "Host", message: "No site answers on this host" });
  return brand;
}

/** The preferences an API request names in its query (lang, curr), each the brand's default when missing or not offered. */
export function queryPreferences(brand: Brand, query: URLSearchParams): Preferences {
  return {
    language: brandLanguage(brand, query.get("lang")) ?? brand.languages.default,
    currency: brandCurrency(brand, query.get("curr")) ?? brand.currencies.default,
  };
}
