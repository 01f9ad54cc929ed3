import type { Brand } from "@/lib/brands";
import { SEARCH_PATH } from "@/lib/search/links";
import { SIGNATURE_PARAM, signTracking, trackingKey } from "@/lib/tracking/signature";

export interface SearchLinkContext {
  currency: string;
  language: string;
  rooms: string;
  checkIn?: string;
  checkOut?: string;
  label?: string;
  anonymousId?: string;
  /**
   * How the links track arrivals: "signed" (the default; the partner API's links: source, label, anonymousId and
   * sig), "unsigned" (the assistant's links: the partner's source without sig, so an arrival through them is only
   * counted as unverified: anyone may call the assistant and choose label and anonymousId) or "none" (the brand's own
   * pages: no tracking parameters at all, a visitor moving around the site is no partner arrival).
   */
  tracking?: LinkTracking;
}

export type LinkTracking = "signed" | "unsigned" | "none";

/**
 * Builds search-results links on the brand's domain (spec §2.2): the query carries placeId, curr, lang, rooms,
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
  const tracking = ctx.tracking ?? "signed";
  if (tracking !== "none") {
    q.set("source", brand.partner.source);
    if (ctx.label) q.set("label", ctx.label);
    if (ctx.anonymousId) q.set("anonymousId", ctx.anonymousId);
  }
  if (tracking === "signed")
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
