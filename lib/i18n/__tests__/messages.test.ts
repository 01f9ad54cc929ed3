import { describe, expect, it } from "vitest";
import { format, hotelCount, messages } from "../messages";
import { currencyLabel, languageLabel, spokenLanguageName } from "../names";

describe("page words", () => {
  it("fall back to English word by word", () => {
    expect(messages("de").sortBy).toBe("Sortieren nach");
    expect(messages("de").keyCollection).toBe("Key collection");
    expect(messages("pt").sortBy).toBe("Sort by");
  });

  it("count hotels in the language's digits and number", () => {
    expect(hotelCount(messages("en"), 1, "en")).toBe("1 hotel");
    expect(hotelCount(messages("en"), 1234, "en")).toBe("1,234 hotels");
    expect(hotelCount(messages("de"), 1234, "de")).toBe("1.234 Hotels");
    expect(hotelCount(messages("fr"), 1, "fr")).toBe("1 hôtel");
  });

  it("fill placeholders and leave unknown ones visible", () => {
    expect(format("{total} of {inPlace}", { total: 3, inPlace: 9 })).toBe("3 of 9");
    expect(format("{x} {y}", { x: 1 })).toBe("1 {y}");
  });

  it("name languages and currencies for the switchers and the spoken languages", () => {
    expect(languageLabel("de")).toBe("Deutsch");
    expect(languageLabel("ja")).toBe("日本語");
    expect(currencyLabel("JPY", "en")).toBe("JPY · Japanese Yen");
    expect(spokenLanguageName("fr", "de")).toBe("Französisch");
    expect(spokenLanguageName("not a tag!", "en")).toBe("not a tag!");
  });

  it("translate the hotel page's next step, conversions and sign-out notice in every page language", () => {
    const keys = [
      "stayNightsMany",
      "handoffCta",
      "handoffNote",
      "handoffNoDates",
      "stayHintHandoff",
      "stayHintNoHandoff",
      "currencyHintConverted",
      "currencyHintLinks",
      "approxAmount",
      "ratesNote",
      "signedOut",
      "legal",
    ] as const;
    const english = messages("en");
    for (const language of ["de", "fr", "es", "it", "nl", "ja"] as const) {
      const m = messages(language);
      for (const key of keys) expect(m[key], `${language}.${key}`).not.toBe(english[key]);
      // The same placeholders as the English words, so format() fills every one.
      for (const key of keys)
        expect(m[key].match(/\{\w+\}/g)?.sort() ?? [], `${language}.${key}`).toEqual(
          english[key].match(/\{\w+\}/g)?.sort() ?? [],
        );
    }
  });
});
