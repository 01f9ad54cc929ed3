import type { Brand } from "@/lib/brands/node";
import type { Language } from "@/lib/locale";
import { PLACE_ID_PATTERN } from "@/lib/places";
import { SEARCH_PATH } from "@/lib/search";

/**
 * Canonical URLs and language alternates of a brand's pages.
 *
 * A page's language today is a preference (proxy.ts: `lang` query, saved cookie, Accept-Language, brand default;
 * lib/brands/preferences.ts). A crawler carries no cookie, so `?lang=xx` selects a language for it (and for any
 * visitor who saved none): that is each language's URL. The brand's default language has the bare URL, which is also
 * x-default (a visitor's own Accept-Language picks there).
 *
 * Which query parameters are part of a page's identity (everything else is left out of the canonical URL):
 * - /search: a well-formed placeId and page; sort, filters (type, pets, vr), the stay (checkIn, checkOut, rooms: no
 *   prices are shown, so the same list), tracking (source, label, sig, anonymousId, utm_*, gclid…) and preferences
 *   (curr, force*Change) are not. A typed search (q, no placeId) is anybody's text: its page is not indexed
 *   (indexable()) and its canonical URL is /search.
 * - every other page: none.
 * - lang, when the page is shown in a language other than the brand's default.
 */
const CANONICAL_PARAMS: Record<string, readonly string[]> = {
  [SEARCH_PATH]: ["placeId", "page"],
};

/** The path and identity query of a page (no language), e.g. "/search?placeId=paris". */
export function canonicalPath(pathAndQuery: string): string {
  let url: URL;
  try {
    url = new URL(pathAndQuery.startsWith("/") ? pathAndQuery : "/", "http://page.invalid");
  } catch {
    return "/";
  }
  if (url.host !== "page.invalid") return "/";
  const path = `/${url.pathname.replace(/^\/+/, "")}`.replace(/(.)\/+$/, "$1");
  const keep = new URLSearchParams();
  const names = CANONICAL_PARAMS[path] ?? [];
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (!value) continue;
    if (name === "placeId" && !PLACE_ID_PATTERN.test(value)) continue;
    if (name === "page" && !/^[2-9]$|^[1-9][0-9]{1,5}$/.test(value)) continue;
    keep.set(name, value);
  }
  const query = keep.toString();
  return query ? `${path}?${query}` : path;
}

/** Whether search engines should index a page: not a search page that names no place (a typed search, or none). */
export function indexable(canonical: string): boolean {
  return !(canonical === SEARCH_PATH || canonical.startsWith(`${SEARCH_PATH}?`)) || canonical.includes("placeId=");
}

/** The absolute URL of a page in a language (no lang parameter for the brand's default language). */
export function languageUrl(brand: Brand, path: string, language: Language | undefined): string {
  const url = new URL(path, `${brand.canonicalUrl}/`);
  if (language && language !== brand.languages.default) url.searchParams.set("lang", language);
  return url.toString();
}

export interface PageUrls {
  canonical: string;
  /** hreflang → URL, one per brand language plus x-default. */
  languages: Record<string, string>;
}

/** The canonical URL of a page as shown (its language) and its alternates in the brand's languages. */
export function pageUrls(brand: Brand, pathAndQuery: string, language: Language): PageUrls {
  const path = canonicalPath(pathAndQuery);
  const languages: Record<string, string> = {};
  for (const l of brand.languages.supported) languages[l] = languageUrl(brand, path, l);
  languages["x-default"] = languageUrl(brand, path, undefined);
  return { canonical: languageUrl(brand, path, language), languages };
}

/**
 * An absolute http(s) URL for an image a page shows (a same-site path is resolved on the brand's canonical origin),
 * or undefined for anything else (javascript:, data:, malformed).
 */
export function absoluteHttpUrl(brand: Brand, src: string | undefined): string | undefined {
  if (!src) return undefined;
  try {
    const url = new URL(src, `${brand.canonicalUrl}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
