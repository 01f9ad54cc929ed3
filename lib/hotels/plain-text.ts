import sanitizeHtml from "sanitize-html";

/**
 * The one text-only reduction of supplier text, for every place that shows it as plain text: hotel pages and lists
 * (names, captions, addresses, city, state), and every string the assistant endpoint returns. Whatever a client does
 * with the result (render it as HTML, as markdown, or show it as it is), it gets no markup and fetches nothing:
 *
 * - entities are decoded (only complete ones, ending in ";": a URL's "&deg=90" stays as written) and tags dropped,
 *   script and style with their content, block tags (p, br, li, div, headings, rows) as line breaks; repeated until
 *   nothing changes, so an escaped tag (`&lt;img …&gt;`, even escaped twice) is dropped like a tag;
 * - markdown images are dropped, markdown links become their text, and what is left of their syntax (`![`, `](`,
 *   `][`, `]:`) is split by a space, which no markdown reads as an image, a link or a link definition;
 * - a "<" that could still open a tag or an autolink (followed by a letter, "/", "!" or "?") is followed by a space;
 * - control characters (C0 but the line break, C1, bidirectional overrides and isolates) are dropped, tabs and other
 *   spaces become one space, lines are trimmed and empty lines dropped.
 *
 * It is idempotent (the result reduced again is the same), so text built from reduced pieces, and a reduction of a
 * whole answer, change nothing that was already reduced; plain ids and http(s) URLs come out unchanged.
 */
export function textOnly(value: string): string {
  let s = value;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = pass(s);
    if (next === s) return spaces(openers(s));
    s = next;
  }
  // Markup nested deeper than any supplier writes it (an entity escaped MAX_PASSES times): what could still decode
  // or open markup goes.
  return spaces(s.replace(/[<>&[\]!]/g, ""));
}

/** Every string of a JSON value (object keys included) reduced by textOnly; other values as they are. */
export function textOnlyDeep<T>(value: T): T {
  if (typeof value === "string") return textOnly(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => textOnlyDeep(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[textOnly(k)] = textOnlyDeep(v);
    return out as T;
  }
  return value;
}

const MAX_PASSES = 8;

function pass(s: string): string {
  let t = controls(s);
  if (MAY_HOLD_MARKUP.test(t)) t = controls(html(t));
  return spaces(markdown(t));
}

/** A "<" or a complete entity: only then is the HTML parser needed (most values have neither). */
const MAY_HOLD_MARKUP = /<|&(?:[a-z][a-z0-9]{0,31}|#[0-9]{1,8}|#x[0-9a-f]{1,7});/i;

/** Ampersands that do not start a complete entity: escaped, so the parser decodes nothing a browser's URL keeps. */
const INCOMPLETE_ENTITY = /&(?!(?:[a-z][a-z0-9]{0,31}|#[0-9]{1,8}|#x[0-9a-f]{1,7});)/gi;

const BLOCK_TAGS = /<\s*(?:br|\/?(?:p|li|div|h[1-6]|tr|ul|ol|table|blockquote))(?:[\s/][^>]*)?>/gi;

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "template", "title", "xmp"],
};

/** The three entities sanitize-html writes into text. */
const WRITTEN: Record<string, string> = { amp: "&", lt: "<", gt: ">" };

function html(s: string): string {
  const text = sanitizeHtml(s.replace(BLOCK_TAGS, "\n").replace(INCOMPLETE_ENTITY, "&amp;"), TEXT_OPTIONS);
  return text.replace(/&(amp|lt|gt);/g, (_, e: string) => WRITTEN[e]!);
}

/** Markdown images (dropped) and links (their text), then the syntax that could still make either. */
function markdown(s: string): string {
  if (!/[[\]]/.test(s)) return s;
  return s
    .replace(/!\[[^[\]]*\](?:\((?:[^()]|\([^()]*\))*\)|\[[^[\]]*\])/g, "")
    .replace(/\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/!(?=\[)/g, "! ")
    .replace(/\](?=[([:])/g, "] ");
}

/** A "<" that an HTML or markdown reader could take for the start of a tag, a comment or an autolink. */
const openers = (s: string) => s.replace(/<(?=[a-z/!?])/gi, "< ");

// C0 controls but \n, DEL and C1, bidirectional embeddings, overrides and isolates.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const controls = (s: string) => s.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(CONTROL, "");

/** Runs of spaces (tabs, no-break spaces…) as one space; lines trimmed; empty lines dropped. */
function spaces(s: string): string {
  if (!/[^\S ]|\s{2}|^\s|\s$/.test(s)) return s;
  return s
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
