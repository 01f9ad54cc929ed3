import { toCurrency, toLanguage, type Language } from "@/lib/locale";
import type { Brand } from "./schema";

/** What a visitor sees a brand in. Prices are not part of the content: currency shapes links and formatting only. */
export interface Preferences {
  language: Language;
  currency: string;
}

/** Cookie names of the saved preferences (host-only cookies: every brand host keeps its own). */
export const PREFERENCE_COOKIES = { language: "lang", currency: "curr" } as const;

/** Query parameters of a search-results link (spec §2.2) that carry preferences. */
export interface PreferenceQuery {
  lang?: string | null;
  curr?: string | null;
  forceLanguageChange?: string | null;
  forceCurrencyChange?: string | null;
}

export interface PreferenceInput {
  query: PreferenceQuery;
  /** The visitor's saved preferences (cookie values, unchecked). */
  saved: { lang?: string; curr?: string };
  acceptLanguage?: string | null;
}

export interface ResolvedPreferences {
  preferences: Preferences;
  /** What to save (set as cookies) because it changed; empty when nothing did. */
  save: Partial<Preferences>;
}

const isTrue = (v: string | null | undefined) => v === "true" || v === "1";

export function brandLanguage(brand: Brand, value: string | null | undefined): Language | undefined {
  const lang = value ? toLanguage(value) : undefined;
  return lang && brand.languages.supported.includes(lang) ? lang : undefined;
}

export function brandCurrency(brand: Brand, value: string | null | undefined): string | undefined {
  const curr = value ? toCurrency(value) : undefined;
  return curr && brand.currencies.supported.includes(curr) ? curr : undefined;
}

/** The first of the brand's languages an Accept-Language header asks for (by q-value), if any. */
export function negotiateLanguage(brand: Brand, header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const lang = brandLanguage(brand, tag);
    if (lang) return lang;
  }
  return undefined;
}

/**
 * One preference (language or currency) by the rules of the search-results link (spec §2.2, §4.1):
 * a forced value from the link overrides and replaces the saved one; an unforced one applies (and is saved) only when
 * the visitor has none saved; otherwise the saved value, else the fallback (not saved: nothing was chosen).
 * Values the brand does not offer are ignored.
 */
function resolveOne<T extends string>(linked: T | undefined, forced: boolean, saved: T | undefined, fallback: T) {
  if (linked !== undefined && (forced || saved === undefined)) return { value: linked, save: linked !== saved };
  if (saved !== undefined) return { value: saved, save: false };
  return { value: fallback, save: false };
}

export function resolvePreferences(brand: Brand, input: PreferenceInput): ResolvedPreferences {
  const lang = resolveOne(
    brandLanguage(brand, input.query.lang),
    isTrue(input.query.forceLanguageChange),
    brandLanguage(brand, input.saved.lang),
    negotiateLanguage(brand, input.acceptLanguage) ?? brand.languages.default,
  );
  const curr = resolveOne(
    brandCurrency(brand, input.query.curr),
    isTrue(input.query.forceCurrencyChange),
    brandCurrency(brand, input.saved.curr),
    brand.currencies.default,
  );
  const save: Partial<Preferences> = {};
  if (lang.save) save.language = lang.value;
  if (curr.save) save.currency = curr.value;
  return { preferences: { language: lang.value, currency: curr.value }, save };
}

/**
 * Where a switcher may send the visitor back to: a path on the same site only ("/search?…"), never another origin
 * ("//evil.example", "/\\evil.example", "https://…"), else the home page.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\u007f]/.test(value) || value.length > 2000) return "/";
  let url: URL;
  try {
    url = new URL(value, "http://same.site");
  } catch {
    return "/";
  }
  return url.host === "same.site" ? sameSitePath(url) : "/";
}

/**
 * A URL's path and query as a relative Location that stays on the site: a path that normalises to "//host…" (from
 * "/.//host", "/%2e//host"…) would send a browser to another host, so leading slashes collapse to one.
 */
export function sameSitePath(url: URL): string {
  return `/${url.pathname.replace(/^\/+/, "")}${url.search}`;
}
