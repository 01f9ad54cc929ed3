import { parseRooms } from "@/lib/places/client";

/**
 * The stay a visitor searches for (spec §2.2: the search-results URL carries checkIn, checkOut and rooms): parsed and
 * checked the same way on the server (a URL, a plain form GET) and in the browser (the search box), so both say the
 * same thing. Pure: no server-only imports, the search box bundles it.
 */

/** The longest stay the brand sites search for, in nights (as the large hotel sites do). */
export const STAY_MAX_NIGHTS = 30;
/** Spec §4.1: rooms defaults to "2" (one room, two adults). */
export const STAY_DEFAULT_ROOMS = "2";

/** What can be wrong with a stay; each has a message in every brand language (lib/i18n/messages.ts). */
export type StayProblem =
  | "invalidDate" // not a real date written YYYY-MM-DD
  | "missingDate" // one date without the other
  | "checkOutBeforeCheckIn" // check-out on or before check-in
  | "pastDate" // check-in before today everywhere on Earth
  | "tooLong" // more than STAY_MAX_NIGHTS nights
  | "invalidRooms"; // not the rooms format (lib/places/rooms.ts)

export interface Stay {
  rooms?: string;
  checkIn?: string;
  checkOut?: string;
}

export interface ParsedStay {
  /** What is valid and carried on into links (dates only as a valid pair). */
  stay: Stay;
  /** What was asked for, to show again in the form so the visitor can correct it (real dates only). */
  asked: Stay;
  problems: StayProblem[];
}

const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD (years 1000-9999). */
export function isCalendarDate(s: string): boolean {
  const m = /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The earliest check-in date accepted: today's date in UTC−12 (the "Anywhere on Earth" convention), the last time
 * zone on Earth to leave a date. A date is "past" only once it is over everywhere, so no visitor is refused their own
 * local today, whatever their time zone (the server need not know it).
 */
export function earliestCheckIn(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The date n days after an ISO date. */
export function addDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Nights between two ISO dates. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);
}

/** The longest rooms text the format allows (8 rooms of 8 adults and 6 children aged 10–17, commas between). */
const ROOMS_TEXT_MAX = 8 * "8-17-17-17-17-17-17".length + 7;

const text = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t.slice(0, 40) : undefined;
};

/**
 * Checks a stay as typed or linked. Empty values mean "not chosen" (no problem); anything else wrong is named, so
 * the page can say it, and left out of the links. Both dates or neither: a stay needs a check-in and a check-out.
 */
export function parseStay(input: Stay, now: Date = new Date()): ParsedStay {
  const problems: StayProblem[] = [];
  const stay: Stay = {};
  const asked: Stay = {};

  // Not cut like the dates: eight full rooms are 159 characters ("8-17-17-17-17-17-17" eight times), all of them meant.
  const rooms = input.rooms?.trim() || undefined;
  if (rooms !== undefined) {
    const parsed = rooms.length <= ROOMS_TEXT_MAX ? parseRooms(rooms) : { message: "too long" };
    if (typeof parsed === "string") stay.rooms = asked.rooms = parsed;
    else problems.push("invalidRooms");
  }

  const checkIn = text(input.checkIn);
  const checkOut = text(input.checkOut);
  if (checkIn !== undefined && isCalendarDate(checkIn)) asked.checkIn = checkIn;
  if (checkOut !== undefined && isCalendarDate(checkOut)) asked.checkOut = checkOut;
  if ((checkIn !== undefined && !asked.checkIn) || (checkOut !== undefined && !asked.checkOut))
    problems.push("invalidDate");
  else if (asked.checkIn && asked.checkOut) {
    const dateProblems: StayProblem[] = [];
    if (asked.checkIn < earliestCheckIn(now)) dateProblems.push("pastDate");
    if (asked.checkOut <= asked.checkIn) dateProblems.push("checkOutBeforeCheckIn");
    else if (nightsBetween(asked.checkIn, asked.checkOut) > STAY_MAX_NIGHTS) dateProblems.push("tooLong");
    if (dateProblems.length) problems.push(...dateProblems);
    else {
      stay.checkIn = asked.checkIn;
      stay.checkOut = asked.checkOut;
    }
  } else if (checkIn !== undefined || checkOut !== undefined) problems.push("missingDate");

  return { stay, asked, problems };
}

/** Adds a stay (rooms, then the dates as a pair) to a query; the one place links get it from. */
export function stayParams(stay: Stay, p = new URLSearchParams()): URLSearchParams {
  if (stay.rooms) p.set("rooms", stay.rooms);
  if (stay.checkIn && stay.checkOut) {
    p.set("checkIn", stay.checkIn);
    p.set("checkOut", stay.checkOut);
  }
  return p;
}

/** A path with the stay appended to its query ("/hotels/H1" → "/hotels/H1?rooms=2&checkIn=…"). */
export function withStay(path: string, stay: Stay): string {
  const q = stayParams(stay).toString();
  return q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path;
}
