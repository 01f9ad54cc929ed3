import { brands, type Brand } from "@/lib/brands/node";
import { AppError } from "@/lib/http/node";

export { robotsTxt } from "./robots";
export { sitemap, sitemapPart } from "./sitemap";
export { storeSitemapSource } from "./sitemap-store";
export { pageUrls, absoluteHttpUrl } from "./urls";

/** The brand a rewritten request names (app/[brand]/…: proxy.ts put it there from the Host), else 404. */
export function brandById(id: string): Brand {
  const brand = brands().get(id);
  if (!brand) throw new AppError({ code: "NOT_FOUND", message: "No site answers on this host" });
  return brand;
}

/** Crawler files change with each sync (daily, spec §4.3): an hour of caching is plenty fresh. */
export const CRAWLER_CACHE = "public, max-age=3600";
export { brandPageMetadata, socialMetadata } from "./metadata";
export { hotelJsonLd, scriptSafeJson } from "./hotel-json-ld";
