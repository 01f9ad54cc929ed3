import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { createElement } from "react";
import { describe, expect, expectTypeOf, it } from "vitest";
import { SUPPORTED_LANGUAGES, type Language } from "@/lib/locale";
import { codeKey, codeLabel } from "../codes";
import {
  CATALOGS,
  MESSAGE_KEYS,
  categoryLabels,
  format,
  formatParts,
  formatTimeOfDay,
  hotelCount,
  messages,
  type Message,
} from "../messages";
import { currencyLabel, languageLabel, spokenLanguageName } from "../names";

/**
 * What a message asks of its caller and its translator: each argument with its kind, a select's cases (the same codes
 * in every language) and where plurals are ("plural" only: their cases are the language's own, checked apart).
 */
function signature(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (isArgumentElement(el)) out.add(`${el.value}: text`);
    else if (isNumberElement(el)) out.add(`${el.value}: number`);
    else if (isDateElement(el) || isTimeElement(el)) out.add(`${el.value}: date`);
    else if (isSelectElement(el)) {
      out.add(`${el.value}: select ${Object.keys(el.options).sort().join(" ")}`);
      for (const o of Object.values(el.options)) signature(o.value, out);
    } else if (isPluralElement(el)) {
      out.add(`${el.value}: ${el.pluralType === "ordinal" ? "selectordinal" : "plural"}`);
      for (const o of Object.values(el.options)) signature(o.value, out);
    } else if (isTagElement(el)) out.add(`<${el.value}>`);
  }
  return out;
}

/** Every plural of a message with its cases. */
function plurals(elements: MessageFormatElement[], out: { arg: string; cases: string[] }[] = []) {
  for (const el of elements) {
    if (isPluralElement(el)) out.push({ arg: el.value, cases: Object.keys(el.options) });
    if (isPluralElement(el) || isSelectElement(el)) for (const o of Object.values(el.options)) plurals(o.value, out);
  }
  return out;
}

const ast = (icu: string) => parse(icu, { ignoreTag: true, requiresOtherClause: true });
const others = SUPPORTED_LANGUAGES.filter((l) => l !== "en");

describe("every supported language is complete", () => {
  it.each(others)("%s has every key of English, none empty, none extra", (language) => {
    const catalog = CATALOGS[language];
    expect(Object.keys(catalog).sort()).toEqual([...MESSAGE_KEYS].sort());
    for (const key of MESSAGE_KEYS) expect(catalog[key].trim(), `${language}.${key}`).not.toBe("");
  });

  it.each(others)("%s gives each message English's arguments, kinds and select cases", (language) => {
    for (const key of MESSAGE_KEYS) {
      const english = signature(ast(CATALOGS.en[key]));
      expect(signature(ast(CATALOGS[language][key])), `${language}.${key}`).toEqual(english);
    }
  });

  it.each(SUPPORTED_LANGUAGES)("%s has every plural case its language has, and only those", (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const key of MESSAGE_KEYS)
      for (const { arg, cases } of plurals(ast(CATALOGS[language][key]))) {
        const named = cases.filter((c) => !c.startsWith("="));
        expect(named.sort(), `${language}.${key} {${arg}}`).toEqual([...categories].sort());
      }
  });

  it.each(SUPPORTED_LANGUAGES)("%s: a message without values is shown exactly as written", (language) => {
    const m = messages(language) as unknown as Record<string, unknown>;
    for (const key of MESSAGE_KEYS)
      if (typeof m[key] === "string") expect(m[key], `${language}.${key}`).toBe(CATALOGS[language][key]);
  });

  it.each(SUPPORTED_LANGUAGES)(
    "%s: the one-room, one-adult, one-child and one-night words are the plurals' own",
    (language) => {
      const m = messages(language);
      expect(format(m.stayNightsMany, { n: 1 })).toBe(m.stayNightsOne);
      expect(format(m.stayRoomsMany, { n: 1 })).toBe(m.stayRoomsOne);
      expect(format(m.stayAdultsMany, { n: 1 })).toBe(m.stayAdultsOne);
      expect(format(m.stayChildrenMany, { n: 1 })).toBe(m.stayChildrenOne);
    },
  );
});

describe("plural forms, numbers and times in the visitor's language", () => {
  const rooms = (language: Language, n: number) => format(messages(language).stayRoomsMany, { n });

  it("pick each language's plural form", () => {
    expect([1, 2, 5].map((n) => rooms("en", n))).toEqual(["1 room", "2 rooms", "5 rooms"]);
    // Polish: one, few (2–4, 22–24…), many (5–21, 25…).
    expect([1, 2, 4, 5, 12, 22, 25].map((n) => rooms("pl", n))).toEqual([
      "1 pokój",
      "2 pokoje",
      "4 pokoje",
      "5 pokoi",
      "12 pokoi",
      "22 pokoje",
      "25 pokoi",
    ]);
    expect(format(messages("pl").stayAdultsMany, { n: 3 })).toBe("3 dorosłych");
    expect(format(messages("fr").stayChildrenMany, { n: 2 })).toBe("2 enfants");
    expect(rooms("ja", 3)).toBe("3室");
    expect(format(messages("de").stayTooLong, { max: 30 })).toBe("Ein Aufenthalt darf höchstens 30 Nächte dauern.");
    expect(format(messages("en").stayTooLong, { max: 1 })).toBe("A stay can be at most 1 night.");
  });

  it("count hotels in the language's digits and number", () => {
    expect(hotelCount(messages("en"), 1)).toBe("1 hotel");
    expect(hotelCount(messages("en"), 1234)).toBe("1,234 hotels");
    expect(hotelCount(messages("de"), 1234)).toBe("1.234 Hotels");
    expect(hotelCount(messages("fr"), 1)).toBe("1 hôtel");
    expect(hotelCount(messages("pl"), 3)).toBe("3 hotele");
    expect(hotelCount(messages("zh"), 12)).toBe("12家酒店");
  });

  it("format the numbers inside sentences", () => {
    expect(format(messages("de").resultCount, { total: 1234, inPlace: 5000 })).toBe("1.234 von 5.000 Unterkünften");
    expect(format(messages("en").resultCount, { total: 1, inPlace: 1 })).toBe("1 of 1 property");
    expect(format(messages("fr").kmFromCentre, { km: 1.75 })).toBe("À 1,8 km du centre");
    expect(format(messages("en").kmFromCentre, { km: 12 })).toBe("12 km from the centre");
    expect(format(messages("ja").pageOf, { page: 2, pages: 12 })).toBe("12ページ中2ページ");
  });

  it("show times of day as each language writes them, the words around them the language's", () => {
    const from = (language: Language) => format(messages(language).from, { time: formatTimeOfDay("14:00", language) });
    expect(from("en")).toBe("from 2:00 PM");
    expect(from("de")).toBe("ab 14:00");
    expect(from("ja")).toBe("14:00から");
    expect(formatTimeOfDay("09:30", "da")).toBe("9.30");
    expect(formatTimeOfDay("after lunch", "de")).toBe("after lunch");
  });

  it("fill values that are elements (the footer's links) in the message's order", () => {
    const link = createElement("a", { href: "https://www.geonames.org/" }, "GeoNames");
    const parts = formatParts(messages("de").placeDataCredit, { geonames: link, ourairports: "OurAirports" });
    expect(parts[0]).toBe("Ortsdaten: ");
    expect(parts[1]).toBe(link);
    expect(parts.slice(2).join("")).toBe(" (CC BY 4.0) und OurAirports (gemeinfrei).");
  });

  it("leave a value's own braces alone: values are never read as ICU", () => {
    expect(format(messages("en").noPlace, { q: "{x, plural, other {#}}" })).toBe(
      "No destination matches “{x, plural, other {#}}”.",
    );
  });
});

describe("labels that come from codes", () => {
  it("name the record's codes in the visitor's language, however the supplier spelled them", () => {
    const de = messages("de");
    expect(codeLabel(de.propertyTypeName, "Vacation home")).toBe("Ferienhaus");
    expect(codeLabel(de.propertyTypeName, "Bed & breakfast")).toBe("Bed & Breakfast");
    expect(codeLabel(de.propertyTypeName, "Guest house")).toBe("Pension");
    expect(codeLabel(messages("fr").bedType, "Twin beds")).toBe("Lits jumeaux");
    expect(codeLabel(messages("ja").photoCategory, "Guestroom")).toBe("客室");
    expect(codeLabel(messages("sv").paymentType, "Cash")).toBe("Kontanter");
    expect(codeLabel(messages("pl").cardType, "debit")).toBe("debetowa");
    expect(codeLabel(de.sizeValue, "square meters", { size: 1250.5 })).toBe("1.250,5 m²");
  });

  it("show a code the catalog does not know as the record wrote it", () => {
    expect(codeLabel(messages("de").propertyTypeName, "Castle")).toBe("Castle");
    expect(codeLabel(messages("de").paymentType, "Apple Pay")).toBe("Apple Pay");
    expect(codeLabel(messages("de").sizeValue, "acres", { size: 3 })).toBe("3 acres");
    expect(codeKey("Bed & breakfast")).toBe("bed_breakfast");
    expect(codeKey("Résidence!")).toBe("residence");
    expect(codeKey("***")).toBe("unknown");
  });

  it("name the place categories in every language", () => {
    expect(categoryLabels("de").airport).toBe("Flughafen");
    expect(categoryLabels("pl").townVillage).toBe("Miejscowość");
    expect(categoryLabels("zh").landmark).toBe("地标");
  });
});

describe("the messages' types", () => {
  it("are text when a message takes no values, a typed Message when it does", () => {
    const m = messages("en");
    expectTypeOf(m.about).toEqualTypeOf<string>();
    expectTypeOf(m.hotelsIn).toExtend<Message<{ place: string }>>();
    expectTypeOf(m.stayRoomsMany).toExtend<Message<{ n: number }>>();
    expectTypeOf(m.from).toExtend<Message<{ time: string }>>();
    expect(typeof m.about).toBe("string");
    expect(m.hotelsIn).toEqual({ locale: "en", icu: "Hotels in {place}" });
    // Wrong or missing values do not compile.
    // @ts-expect-error -- hotelsIn takes place, not city
    expect(() => format(m.hotelsIn, { city: "Paris" })).toThrow();
    // @ts-expect-error -- a plural takes a number
    format(m.stayRoomsMany, { n: "2" });
    // @ts-expect-error -- a select's other case needs the record's text as label
    format(m.propertyTypeName, { type: "hotel" });
  });
});

describe("names of languages and currencies", () => {
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
    // Not English words copied over (arguments and plurals: "every supported language is complete" above).
    for (const language of others)
      for (const key of keys) expect(CATALOGS[language][key], `${language}.${key}`).not.toBe(CATALOGS.en[key]);
  });
});
