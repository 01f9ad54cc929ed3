import sanitizeHtml from "sanitize-html";
import type { Language } from "@/lib/locale";
import { textOnly } from "./plain-text";

/**
 * Supplier HTML (spec §2.1 translation values carry <p>, <ul><li>, <br>, <strong>, sometimes unbalanced) reduced to an
 * allow-list: these tags, no attributes at all (so no event handlers, styles or URLs), everything else dropped with
 * its tags (script and style with their content). The parser balances what suppliers leave open.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "ul", "ol", "li", "strong", "b", "em", "i", "u", "small", "sup", "sub"],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template", "title"],
  parser: { lowerCaseTags: true },
};

/**
 * Something the page adds after a piece of supplier text (the fees' approximate conversions): it gets the text
 * already escaped and returns it with its additions, which must be escaped HTML of the allow-list's tags.
 */
export type TextAddition = (escapedText: string) => string;

/** Allow-listed HTML of a content value (safe for dangerouslySetInnerHTML). */
export function safeHtml(html: string, addition?: TextAddition): string {
  return sanitizeHtml(html, addition ? { ...OPTIONS, textFilter: (text) => addition(text) } : OPTIONS).trim();
}

export type Translation = Record<string, string | undefined> | null | undefined;

/**
 * The text of a translation object for a visitor: their language, else English, else nothing (undefined; the page
 * leaves the item out rather than show a broken label). Empty and whitespace-only values count as missing.
 */
export function localized(t: Translation, language: Language): string | undefined {
  if (!t || typeof t !== "object") return undefined;
  for (const key of [language, "en"]) {
    const v = t[key];
    if (typeof v === "string" && v.trim()) return v;
  }
  return undefined;
}

/**
 * The language of the value `localized` picks, for a `lang` attribute: undefined when it is the visitor's own (the
 * page's), "en" when English stands in for it (content falls back to English as content, marked so that a screen
 * reader reads it as English and a translator knows it is not the page's language).
 */
export function fallbackLanguage(t: Translation, language: Language): "en" | undefined {
  if (!t || typeof t !== "object" || language === "en") return undefined;
  const own = t[language];
  return typeof own === "string" && own.trim() ? undefined : "en";
}

/** Sanitised HTML of a translation in the visitor's language (see localized), or undefined when it has none. */
export function localizedHtml(t: Translation, language: Language, addition?: TextAddition): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  const html = safeHtml(text, addition);
  return html && html.replace(/<[^>]*>|&nbsp;|\s/g, "") ? html : undefined;
}

/**
 * Plain text of a translation in the visitor's language (markup removed: textOnly), on one line, for names, captions
 * and attributes.
 */
export function localizedText(t: Translation, language: Language): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  return oneLine(text);
}

/** Plain text of a value on one line (textOnly, its line breaks as spaces), or undefined when nothing is left. */
export function oneLine(value: string | null | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  return textOnly(value).replace(/\n/g, " ") || undefined;
}

/**
 * Plain text of a translation that may hold paragraphs and lists (descriptions, policies), for readers without HTML
 * (the assistant endpoint): paragraphs, list items and line breaks become lines (textOnly).
 */
export function localizedParagraphs(t: Translation, language: Language): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  return textOnly(text) || undefined;
}
