import type { Brand } from "@/lib/brands";
import { SIGNATURE_PARAM, signTracking, trackingKey } from "@/lib/tracking/signature";

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
 * checkIn / checkOut and label when given, the partner's source, the anonymous id for click tracking, `sig` (the
 * signature of source, label and anonymousId: lib/tracking/signature.ts) and forceCurrencyChange /
 * forceLanguageChange ("true" / "false", from the brand's settings). Everything but placeId is the same for every
 * place of a response, so it is encoded (and signed) once.
 */
export function searchLinks(
  brand: Brand,
  ctx: SearchLinkContext,
  key: Buffer = trackingKey(),
): (placeId: string) => string {
  const q = new URLSearchParams();
  q.set("curr", ctx.currency);
  q.set("lang", ctx.language);
  q.set("rooms", ctx.rooms);
  if (ctx.checkIn) q.set("checkIn", ctx.checkIn);
  if (ctx.checkOut) q.set("checkOut", ctx.checkOut);
  q.set("source", brand.partner.source);
  if (ctx.label) q.set("label", ctx.label);
  if (ctx.anonymousId) q.set("anonymousId", ctx.anonymousId);
  q.set(
    SIGNATURE_PARAM,
    signTracking(key, brand.id, { source: brand.partner.source, label: ctx.label, anonymousId: ctx.anonymousId }),
  );
  q.set("forceCurrencyChange", String(brand.partner.forceCurrencyChange));
  q.set("forceLanguageChange", String(brand.partner.forceLanguageChange));
  const prefix = `${brand.canonicalUrl}${SEARCH_PATH}?placeId=`;
  const suffix = `&${q.toString()}`;
  return (placeId) => prefix + encodeURIComponent(placeId) + suffix;
}
