import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import type { Page } from "@playwright/test";
import { CATALOGS, MESSAGE_KEYS } from "@/lib/i18n";
import type { Language } from "@/lib/locale";
import { expect, test } from "./fixtures/test";
import { parisId, screenshotPath, site, watchConsole, type BrandName } from "./fixtures/site";

/** The words of a message's text (around its arguments, in every plural and select case), as phrases. */
function phrases(elements: MessageFormatElement[], out: string[] = []): string[] {
  for (const el of elements) {
    if (isLiteralElement(el)) out.push(...el.value.split(/[.:;,!?“”„«»()/·…]+/));
    else if (isPluralElement(el) || isSelectElement(el))
      for (const o of Object.values(el.options)) phrases(o.value, out);
  }
  return out.map((p) => p.trim()).filter((p) => (p.match(/\p{L}/gu) ?? []).length >= 3);
}

const phrasesOf = (language: Language) =>
  MESSAGE_KEYS.flatMap((k) => phrases(parse(CATALOGS[language][k], { ignoreTag: true })));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const asWords = (phrase: string, flags = "u") =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, flags);

/**
 * The interface's English phrases that a page in `language` must not show: every phrase of every English message
 * (its select cases too: property types, bed types…), less those the language's own catalog also uses ("Hotel",
 * "Check-in" and "Name" are German as well).
 */
function englishOnly(language: Language): string[] {
  const own = phrasesOf(language).join("\n");
  return [...new Set(phrasesOf("en"))].filter((p) => !asWords(p, "iu").test(own));
}

/**
 * The page's own words: every text node (hidden ones too: a closed panel's words are the page's) and the aria-label,
 * title and placeholder of every element, less content in another language (an element with a lang other than the
 * page's) and the names of places and hotels (the maps' labels, the destination box's suggestions).
 */
function interfaceText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const foreign = (el: Element | null) => {
      const marked = el?.closest("[lang]");
      return !!marked && marked !== document.documentElement && marked.getAttribute("lang") !== pageLang;
    };
    const skip = (el: Element | null) =>
      !el || !!el.closest("script, style, template, svg, [role=option] strong") || foreign(el);
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !skip(n.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder]"))
      if (!skip(el))
        for (const a of ["aria-label", "title", "placeholder"]) {
          const v = el.getAttribute(a);
          if (v) out.push(v);
        }
    return out;
  });
}

async function expectNoEnglish(page: Page, language: Language, what: string) {
  const english = englishOnly(language);
  expect(english.length, "English phrases to look for").toBeGreaterThan(150);
  const text = await interfaceText(page);
  const found = english.flatMap((p) => {
    const re = asWords(p);
    return text.filter((t) => re.test(t)).map((t) => `"${p}" in "${t}"`);
  });
  expect(found, `English interface words on the ${what}`).toEqual([]);
}

/**
 * Visitors whose browser speaks their language (Accept-Language and Intl; the native date fields keep the browser
 * build's own format, which no page sets); the link's lang parameter chooses the page's language all the same.
 */
const VISITORS: { brand: BrandName; language: Language; locale: string; aboutHeading: string; photos: string }[] = [
  { brand: "aurora", language: "de", locale: "de-DE", aboutHeading: "Über die Unterkunft", photos: "Fotos" },
  { brand: "sakura", language: "ja", locale: "ja-JP", aboutHeading: "施設について", photos: "写真" },
];

for (const { brand, language, locale, aboutHeading, photos } of VISITORS) {
  test.describe(() => {
    test.use({ locale });
    test(`${brand}: a visitor in ${language} sees results and hotel pages without English interface words`, async ({
      page,
      request,
    }) => {
      const errors = watchConsole(page);
      const paris = await parisId(request);
      await page.setViewportSize({ width: 390, height: 844 });
      const cards = page.locator(".hotel-card h2");
      const results = async (query: string) => {
        await page.goto(site(brand, `/search?${query}&lang=${language}&forceLanguageChange=true`));
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await expect(page.getByTestId("result-count")).toBeVisible();
      };
      const hotel = async (what: string) => {
        await page.locator(".hotel-card h2 a").filter({ hasNotText: "Hostile" }).first().click();
        await expect(page.getByRole("heading", { level: 2, name: aboutHeading })).toBeVisible();
        await expect(page.getByRole("region", { name: photos })).toBeVisible();
        // Client-rendered words too: the nearby panel has loaded.
        await expect(page.getByTestId("nearby-places").locator("li").first()).toBeVisible();
        // The records' descriptions are English only: shown as English content, inside the page's language.
        await expect(page.locator("h1")).toHaveAttribute("lang", "en");
        await expect(page.locator(".description .rich[lang=en]").first()).toBeVisible();
        await expectNoEnglish(page, language, what);
      };

      await results(`placeId=${paris}`);
      // The catalog's names are English: marked so, never taken for the page's words.
      await expect(cards.first()).toHaveAttribute("lang", "en");
      await expectNoEnglish(page, language, "results page");
      if (language === "de")
        await page.screenshot({ path: screenshotPath("aurora-de-search-mobile.png"), fullPage: true });
      await hotel("hotel page");
      if (language === "de")
        await page.screenshot({ path: screenshotPath("aurora-de-hotel-mobile.png"), fullPage: true });

      // A vacation rental shows the most code labels (bed types, size units, house rules, keys): the first of a few
      // big cities with rentals in the seed (which one depends on the generator's draws).
      for (const city of ["Paris", "London", "Rome", "Barcelona", "Berlin", "Tokyo", "New York"]) {
        await results(`q=${encodeURIComponent(city)}&vr=1`);
        if ((await cards.count()) > 0) break;
      }
      await hotel("vacation rental's page");
      await expect(page.locator("#vacation-rental")).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
