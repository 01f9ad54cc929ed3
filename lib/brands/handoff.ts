import { z } from "zod";

/**
 * The booking hand-off (the hotel page's "See rates at …"): a per-brand URL template that the platform fills with the
 * hotel, the visitor's stay, currency and language and the brand's partner source and label. Content is static, so
 * the next step is a link to a booking site, never a price. Pure: the hotel page, the redirect and the registry check
 * all use it.
 *
 * Rules, so that a template can never send a visitor anywhere but the site it names:
 * - https only, the origin written out in full before any placeholder (no placeholder in the scheme, host or port),
 *   no user name or password;
 * - only the placeholders below; every value is URL-encoded (encodeURIComponent), so no value can add a path
 *   segment, a query parameter or a fragment;
 * - query keys are literal; a query parameter whose value is only placeholders that are all empty (no dates chosen)
 *   is left out, while an empty placeholder in the path or fragment, or a {mapping:XXX} the hotel lacks anywhere,
 *   means the hotel has no hand-off (no link is shown).
 */
export const HANDOFF_PLACEHOLDERS = [
  "hotelId",
  "checkin",
  "checkout",
  "nights",
  "rooms",
  "adults",
  "children",
  "childAges",
  "occupancy",
  "currency",
  "lang",
  "source",
  "label",
] as const;
export type HandoffPlaceholder = (typeof HANDOFF_PLACEHOLDERS)[number];

/** Longest template accepted (a filled URL stays well under browsers' and servers' limits). */
export const HANDOFF_TEMPLATE_MAX = 1000;

const MAPPING = /^mapping:([A-Z]{3})$/;
const KNOWN = new Set<string>(HANDOFF_PLACEHOLDERS);
const ORIGIN = /^https:\/\/([^/?#{}@\s\\]+)(?=[/?#]|$)/;

type Piece = { text: string } | { placeholder: string };

/** A template split once: the literal origin, then the rest as pieces, with what each query parameter is made of. */
export interface CompiledHandoff {
  template: string;
  origin: string;
  /** Path (after the origin) and fragment: every placeholder here must have a value. */
  path: Piece[];
  /** Query parameters in order; `value` undefined for a bare key ("?flag"). */
  query: { key: string; value: Piece[] | undefined }[];
  fragment: Piece[] | undefined;
}

function pieces(text: string): Piece[] | string {
  const out: Piece[] = [];
  const re = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[3]) return `has an unmatched "${m[3]}"`;
    if (m[2] !== undefined) out.push({ text: m[2] });
    else {
      const name = m[1]!;
      if (!KNOWN.has(name) && !MAPPING.test(name))
        return `has an unknown placeholder {${name}} (known: ${HANDOFF_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}, {mapping:XXX})`;
      out.push({ placeholder: name });
    }
  }
  return out;
}

/** The template compiled, or what is wrong with it (a sentence that completes "the template …"). */
export function compileHandoffTemplate(template: string): CompiledHandoff | string {
  if (template.length > HANDOFF_TEMPLATE_MAX) return `is longer than ${HANDOFF_TEMPLATE_MAX} characters`;
  if (/[\s\u0000-\u001f\u007f]/.test(template)) return "must not contain spaces or control characters";
  const origin = ORIGIN.exec(template);
  if (!origin)
    return "must start with https:// and a host written out in full (no placeholder, user name or password before the path)";
  let probe: URL;
  try {
    probe = new URL(template.replace(/\{[^{}]*\}/g, "x"));
  } catch {
    return "is not a URL once its placeholders are filled";
  }
  if (probe.protocol !== "https:" || probe.username || probe.password)
    return "must be an https URL without credentials";
  if (probe.host !== new URL(origin[0]).host) return "must name its host before any placeholder";
  const rest = template.slice(origin[0].length);
  const hash = rest.indexOf("#");
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const pathText = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const queryText = question === -1 ? undefined : beforeHash.slice(question + 1);
  const path = pieces(pathText);
  if (typeof path === "string") return path;
  const query: CompiledHandoff["query"] = [];
  for (const pair of queryText ? queryText.split("&") : []) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = eq === -1 ? pair : pair.slice(0, eq);
    if (/[{}]/.test(key)) return `has a placeholder in the query parameter name "${key}" (only values may vary)`;
    if (eq === -1) {
      query.push({ key, value: undefined });
      continue;
    }
    const value = pieces(pair.slice(eq + 1));
    if (typeof value === "string") return value;
    query.push({ key, value });
  }
  let fragment: Piece[] | undefined;
  if (hash !== -1) {
    const f = pieces(rest.slice(hash + 1));
    if (typeof f === "string") return f;
    fragment = f;
  }
  return { template, origin: origin[0], path, query, fragment };
}

/** Brand setting `handoff` (lib/brands/schema.ts). */
export const handoffSchema = z
  .object({
    /** The booking site's URL with placeholders, e.g. https://book.example.com/hotel/{mapping:EXP}?checkin={checkin}. */
    urlTemplate: z.string().superRefine((t, ctx) => {
      const compiled = compileHandoffTemplate(t);
      if (typeof compiled === "string") ctx.addIssue({ code: "custom", message: `the template ${compiled}` });
    }),
    /** The booking site's name as visitors know it ("See rates at …"). */
    siteName: z.string().trim().min(1).max(60),
    /** The brand's label for the booking site's reports ({label}); empty when unset. */
    label: z
      .string()
      .max(100)
      .regex(/^[\x20-\x7e]*$/, "must be printable ASCII")
      .optional(),
  })
  .strict();

export type HandoffSettings = z.infer<typeof handoffSchema>;

/** What a hand-off is filled with. Absent dates leave {checkin}, {checkout} and {nights} empty. */
export interface HandoffValues {
  hotelId: string;
  mappings: Record<string, string> | undefined;
  checkIn?: string;
  checkOut?: string;
  /** The site's rooms format (lib/places/rooms.ts), normalised: "2", "2-4-9,1". */
  rooms: string;
  currency: string;
  language: string;
  source: string;
  label?: string;
}

const DAY_MS = 86_400_000;

function placeholderValues(v: HandoffValues): Record<HandoffPlaceholder, string> {
  const rooms = v.rooms.split(",").map((room) => room.split("-").map(Number));
  const ages = rooms.flatMap(([, ...childAges]) => childAges);
  const dates = v.checkIn && v.checkOut;
  return {
    hotelId: v.hotelId,
    checkin: dates ? v.checkIn! : "",
    checkout: dates ? v.checkOut! : "",
    nights: dates ? String(Math.round((Date.parse(v.checkOut!) - Date.parse(v.checkIn!)) / DAY_MS)) : "",
    rooms: String(rooms.length),
    adults: String(rooms.reduce((n, [adults]) => n + (adults ?? 0), 0)),
    children: String(ages.length),
    childAges: ages.join(","),
    occupancy: v.rooms,
    currency: v.currency,
    lang: v.language,
    source: v.source,
    label: v.label ?? "",
  };
}

/**
 * The booking site's URL for these values, or undefined when the hotel has no hand-off (a {mapping:XXX} it lacks, or
 * an empty placeholder in the path or fragment). Values are URL-encoded; the origin is the template's own.
 */
export function expandHandoff(compiled: CompiledHandoff, values: HandoffValues): string | undefined {
  const known = placeholderValues(values);
  let missing = false;
  const value = (name: string): string => {
    const mapping = MAPPING.exec(name);
    const v = mapping ? values.mappings?.[mapping[1]!] : known[name as HandoffPlaceholder];
    if (mapping && !v) missing = true;
    return v ?? "";
  };
  const fill = (ps: Piece[], required: boolean): string =>
    ps
      .map((p) => {
        if ("text" in p) return p.text;
        const v = value(p.placeholder);
        if (required && !v) missing = true;
        return encodeURIComponent(v);
      })
      .join("");
  const path = fill(compiled.path, true);
  const query = compiled.query.flatMap(({ key, value: ps }) => {
    if (ps === undefined) return [key];
    const onlyPlaceholders = ps.length > 0 && ps.every((p) => "placeholder" in p);
    const filled = fill(ps, false);
    return onlyPlaceholders && !filled ? [] : [`${key}=${filled}`];
  });
  const fragment = compiled.fragment && fill(compiled.fragment, true);
  if (missing) return undefined;
  return `${compiled.origin}${path}${query.length ? `?${query.join("&")}` : ""}${fragment !== undefined ? `#${fragment}` : ""}`;
}
