import sanitizeHtml from "sanitize-html";
import type { Language } from "@/lib/locale";

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

/** Allow-listed HTML of a content value (safe for dangerouslySetInnerHTML). */
export function safeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
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

/** Sanitised HTML of a translation in the visitor's language (see localized), or undefined when it has none. */
export function localizedHtml(t: Translation, language: Language): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  const html = safeHtml(text);
  return html && html.replace(/<[^>]*>|&nbsp;|\s/g, "") ? html : undefined;
}

/** The entities sanitize-html writes into text; React escapes the plain text again when it renders it. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text of HTML: tags dropped (with script and style content), the entities sanitize-html writes decoded. */
function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(amp|lt|gt|quot|apos|nbsp|#0?39);/g,
    (_, e: string) => ENTITIES[e] ?? "'",
  );
}

/** Plain text of a translation in the visitor's language (tags dropped), for names, captions and attributes. */
export function localizedText(t: Translation, language: Language): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  const plain = textOf(text.replace(/<br\s*\/?>/gi, " "))
    .replace(/\s+/g, " ")
    .trim();
  return plain || undefined;
}

/**
 * Plain text of a translation that may hold paragraphs and lists (descriptions, policies), for readers without HTML
 * (the assistant endpoint): paragraphs, list items and line breaks become lines, everything else as localizedText;
 * markup that survives as text (escaped tags, markdown images) is dropped, so a client that renders it gets none.
 */
export function localizedParagraphs(t: Translation, language: Language): string | undefined {
  const text = localized(t, language);
  if (text === undefined) return undefined;
  const lines = textOf(text.replace(/<br\s*\/?>|<\/?(?:p|li|div|h[1-6])(?:\s[^>]*)?>/gi, "\n"))
    // Markup a reader could render after all (escaped tags, markdown images that fetch a URL): dropped.
    .replace(/<\/?[a-z!?][^>]*>/gi, "")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return lines.length ? lines.join("\n") : undefined;
}
