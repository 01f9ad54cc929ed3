import type { Brand } from "@/lib/brands";

/** The path of a brand's search-results page (the brand sites serve it). */
export const SEARCH_PATH = "/search";

export interface SearchLinkContext {
  currency: string;
  language: string;
  rooms: string;
  checkIn?: string;
  checkOut?: string;
  label?: string;
  anonymousId?: string;
}

/**
 * Builds search-results links on the brand's domain (seed §2.2): the query carries placeId, curr, lang, rooms,
 * checkIn / checkOut and label when given, the partner's source, the anonymous id for click tracking, and
 * forceCurrencyChange / forceLanguageChange ("true" / "false", from the brand's settings). Everything but placeId is
 * the same for every place of a response, so it is encoded once.
 */
export function searchLinks(brand: Brand, ctx: SearchLinkContext): (placeId: string) => string {
  const q = new URLSearchParams();
  q.set("curr", ctx.currency);
  q.set("lang", ctx.language);
  q.set("rooms", ctx.rooms);
  if (ctx.checkIn) q.set("checkIn", ctx.checkIn);
  if (ctx.checkOut) q.set("checkOut", ctx.checkOut);
  q.set("source", brand.partner.source);
  if (ctx.label) q.set("label", ctx.label);
  if (ctx.anonymousId) q.set("anonymousId", ctx.anonymousId);
  q.set("forceCurrencyChange", String(brand.partner.forceCurrencyChange));
  q.set("forceLanguageChange", String(brand.partner.forceLanguageChange));
  const prefix = `${brand.canonicalUrl}${SEARCH_PATH}?placeId=`;
  const suffix = `&${q.toString()}`;
  return (placeId) => prefix + encodeURIComponent(placeId) + suffix;
}
