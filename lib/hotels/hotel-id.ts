/**
 * What a hotel id may be, beyond the schema's "a non-empty string": 1 to HOTEL_ID_MAX_LENGTH characters, ASCII
 * letters and digits and - _ . : ~, starting with a letter or a digit. That covers the ids exports use (numbers,
 * "HTL-0000123", "GIATA:12345", "hotel_12.b"), and every such id is one URL path segment as it is: no character a
 * URL must escape but ":", none a router reads (/ ? # %), no dot segment ("." or ".."), no markup or control
 * character, and nothing the text-only reduction of the assistant endpoint changes. One rule everywhere: the sync
 * rejects a record whose id breaks it before anything is written (nothing keyed by it is stored), links are built
 * only for ids that keep it (hotelPath), and a page or lookup of any other id finds nothing without asking the store.
 */
export const HOTEL_ID_MAX_LENGTH = 200;

const FIRST = /^[A-Za-z0-9]/;
const NOT_ALLOWED = /[^A-Za-z0-9._:~-]/u;

/** Why a value is not a usable hotel id, or undefined when it is one. */
export function hotelIdProblem(id: unknown): string | undefined {
  if (typeof id !== "string" || id.length === 0) return "must be a non-empty string";
  if (id.length > HOTEL_ID_MAX_LENGTH) return `must be at most ${HOTEL_ID_MAX_LENGTH} characters`;
  const bad = NOT_ALLOWED.exec(id)?.[0];
  if (bad) return `may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds ${shown(bad)})`;
  if (!FIRST.test(id)) return "must start with a letter or a digit";
  return undefined;
}

export const isHotelId = (id: unknown): id is string => hotelIdProblem(id) === undefined;

/** A character as a message names it: printable ASCII quoted, anything else by its code point. */
function shown(c: string): string {
  const cp = c.codePointAt(0)!;
  return cp > 0x20 && cp < 0x7f ? `"${c}"` : `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The path of a hotel's page on a brand ("/hotels/GIATA%3A12345"); only for ids that keep the rule. */
export function hotelPath(id: string): string {
  return `/hotels/${encodeURIComponent(id)}`;
}

/**
 * The hotel id a page's path segment names, or undefined when it names none: the segment percent-decoded once (the
 * router may hand it over encoded or not; an id holds no "%", so decoding an id changes nothing) and then held to
 * the rule.
 */
export function hotelIdFromPath(segment: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return isHotelId(id) ? id : undefined;
}
