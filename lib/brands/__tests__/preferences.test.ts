import { describe, expect, it } from "vitest";
import { BrandRegistry } from "../registry";
import demo from "../demo-brands.json";
import { negotiateLanguage, resolvePreferences, safeReturnPath } from "../preferences";

const registry = BrandRegistry.parse(JSON.stringify(demo), "(test)");
const aurora = registry.get("aurora")!; // en de fr es · EUR USD GBP CHF; defaults en, EUR

const resolve = (
  query: Record<string, string>,
  saved: { lang?: string; curr?: string } = {},
  acceptLanguage?: string,
) => resolvePreferences(aurora, { query, saved, acceptLanguage });

describe("preferences from a search-results link (spec §2.2)", () => {
  it("a forced value overrides and replaces the saved one", () => {
    expect(resolve({ lang: "fr", forceLanguageChange: "true" }, { lang: "de" })).toEqual({
      preferences: { language: "fr", currency: "EUR" },
      save: { language: "fr" },
    });
    expect(resolve({ curr: "GBP", forceCurrencyChange: "true" }, { curr: "USD" }).save).toEqual({ currency: "GBP" });
  });

  it("an unforced value applies (and is saved) only when the visitor has none saved", () => {
    expect(resolve({ lang: "fr", forceLanguageChange: "false" }, { lang: "de" })).toEqual({
      preferences: { language: "de", currency: "EUR" },
      save: {},
    });
    expect(resolve({ lang: "fr" }, {})).toEqual({
      preferences: { language: "fr", currency: "EUR" },
      save: { language: "fr" },
    });
    expect(resolve({ curr: "usd" }, {}).preferences.currency).toBe("USD");
  });

  it("values the brand does not offer, and broken saved values, are ignored", () => {
    expect(resolve({ lang: "ja", forceLanguageChange: "true" }, { lang: "de" }).preferences.language).toBe("de");
    expect(resolve({ curr: "JPY", forceCurrencyChange: "true" }, {}).preferences.currency).toBe("EUR");
    expect(resolve({}, { lang: "xx", curr: "nope" }).preferences).toEqual({ language: "en", currency: "EUR" });
  });

  it("without link or saved value: the browser's languages among the brand's, else the brand's default (not saved)", () => {
    expect(resolve({}, {}, "ja, es;q=0.8, de;q=0.9")).toEqual({
      preferences: { language: "de", currency: "EUR" },
      save: {},
    });
    expect(resolve({}, {}, "ja, zh;q=0.5").preferences.language).toBe("en");
    expect(negotiateLanguage(aurora, "fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr");
    expect(negotiateLanguage(aurora, "de;q=0, es")).toBe("es");
    expect(negotiateLanguage(aurora, null)).toBeUndefined();
  });

  it("switchers return only to a path of the same site", () => {
    expect(safeReturnPath("/search?placeId=abc&sort=name")).toBe("/search?placeId=abc&sort=name");
    for (const bad of [
      "//evil.example/",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
      null,
      "/a\nb",
    ]) {
      expect(safeReturnPath(bad)).toBe("/");
    }
  });
});
