import type { Language } from "@/lib/locale";

const cache = new Map<string, string>();

function cached(key: string, make: () => string): string {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= 5_000) cache.clear(); // supplier-written codes are unbounded; the cache is not
    cache.set(key, v);
  }
  return v;
}

/** A language's own name ("de" → "Deutsch"), as a switcher lists it. */
export function languageLabel(code: string): string {
  return cached(`l:${code}`, () => {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  });
}

/** "EUR · Euro" in the visitor's language. */
export function currencyLabel(code: string, language: Language): string {
  return cached(`c:${language}:${code}`, () => {
    const name = new Intl.DisplayNames([language], { type: "currency" }).of(code) ?? code;
    return `${code} · ${name}`;
  });
}

/** A language code spoken at a property, named in the visitor's language ("fr" → "French"), else the code itself. */
export function spokenLanguageName(code: string, language: Language): string {
  return cached(`s:${language}:${code}`, () => {
    try {
      return new Intl.DisplayNames([language], { type: "language", fallback: "code" }).of(code) ?? code;
    } catch {
      return code; // not a BCP 47 tag: shown as the supplier wrote it
    }
  });
}
