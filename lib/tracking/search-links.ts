import type { Brand } from "@/lib/brands/node";
import { SEARCH_PATH } from "@/lib/search";
import { linkTo, type SearchLinkParts } from "@/lib/places";
import { SIGNATURE_PARAM, signTracking, trackingKey } from "./signature";

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
 * place of a response, so it is encoded (and signed) once: searchLinkParts, which the callers of the nearby search
 * (lib/places/nearby.ts) hand to it.
 */
export function searchLinks(
  brand: Brand,
  ctx: SearchLinkContext,
  key: Buffer = trackingKey(),
): (placeId: string) => string {
  const links = searchLinkParts(brand, ctx, key);
  return (placeId) => linkTo(links, placeId);
}

/** What searchLinks builds its links from. */
export function searchLinkParts(brand: Brand, ctx: SearchLinkContext, key: Buffer = trackingKey()): SearchLinkParts {
  let query = `curr=${queryValue(ctx.currency)}&lang=${queryValue(ctx.language)}&rooms=${queryValue(ctx.rooms)}`;
  if (ctx.checkIn) query += `&checkIn=${queryValue(ctx.checkIn)}`;
  if (ctx.checkOut) query += `&checkOut=${queryValue(ctx.checkOut)}`;
  const tracking = ctx.tracking ?? "signed";
  if (tracking !== "none") {
    query += `&source=${queryValue(brand.partner.source)}`;
    if (ctx.label) query += `&label=${queryValue(ctx.label)}`;
    if (ctx.anonymousId) query += `&anonymousId=${queryValue(ctx.anonymousId)}`;
  }
  if (tracking === "signed") {
    const sig = signTracking(key, brand.id, {
      source: brand.partner.source,
      label: ctx.label,
      anonymousId: ctx.anonymousId,
    });
    query += `&${SIGNATURE_PARAM}=${queryValue(sig)}`;
  }
  query += `&forceCurrencyChange=${brand.partner.forceCurrencyChange}`;
  query += `&forceLanguageChange=${brand.partner.forceLanguageChange}`;
  return { prefix: `${brand.canonicalUrl}${SEARCH_PATH}?placeId=`, suffix: `&${query}` };
}

/** What application/x-www-form-urlencoded leaves as it is (the URL standard's serializer, as URLSearchParams). */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/**
 * A query value as URLSearchParams.toString() writes it (the URL standard's form serializer: space as "+", every
 * byte but A–Z a–z 0–9 * - . _ percent-encoded), without building a URLSearchParams per answer: the usual values
 * (codes, ids, a signature) come back as they are. A lone surrogate becomes U+FFFD, as there (encodeURIComponent
 * would throw).
 */
export function queryValue(value: string): string {
  if (FORM_SAFE.test(value)) return value;
  return encodeURIComponent(wellFormed(value)).replace(/%20|[!'()~]/g, (c) =>
    c === "%20" ? "+" : `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The string with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
