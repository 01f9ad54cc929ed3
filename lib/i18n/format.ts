import { IntlMessageFormat, type Formats } from "intl-messageformat";
import type { ReactElement } from "react";

/**
 * The formatting half of the brand pages' words, safe to import from client components: no catalog here (those stay
 * on the server, lib/i18n/messages.ts), only ICU MessageFormat through FormatJS's intl-messageformat, and the types
 * that let the compiler check each message's arguments.
 */

/** A value an ICU argument takes: numbers for plural, selectordinal and number; dates for date and time. */
export type ArgValue = string | number | Date;
export type Values = Record<string, ArgValue>;

declare const argsOf: unique symbol;

/**
 * A message that takes arguments, in one language: plain data, so a server page can hand it to a client component,
 * which formats it with the values it has (a count the visitor changes, say). The arguments are only a type.
 */
export interface Message<A extends Values = Values> {
  readonly locale: string;
  readonly icu: string;
  /** Type only: what the message takes (a parameter, so a message taking `string | number` serves for a number). */
  readonly [argsOf]?: (values: A) => void;
}

// ---- The arguments of an ICU message, read from its English text by the compiler ---------------------------------

type Trim<S extends string> = S extends ` ${infer R}`
  ? Trim<R>
  : S extends `\n${infer R}`
    ? Trim<R>
    : S extends `${infer R} `
      ? Trim<R>
      : S extends `${infer R}\n`
        ? Trim<R>
        : S;

/** Name and kind of the argument whose text starts right after an opening brace. */
type ArgumentAt<S extends string> = S extends `${infer Head}}${string}`
  ? Head extends `${infer Name},${infer Spec}`
    ? [Trim<Name>, Trim<Spec extends `${infer Kind},${string}` ? Kind : Spec>]
    : [Trim<Head>, "simple"]
  : never;

/**
 * Scans the message one character at a time with a stack of what each open brace began: an argument ("a") when
 * it opens in text, a plural or select branch ("t", text again) when it opens inside an argument.
 */
type Scan<S extends string, Stack extends ("a" | "t")[], Found> = S extends `${infer C}${infer Rest}`
  ? C extends "{"
    ? Stack extends [...unknown[], "a"]
      ? Scan<Rest, [...Stack, "t"], Found>
      : Scan<Rest, [...Stack, "a"], Found | ArgumentAt<Rest>>
    : C extends "}"
      ? Scan<Rest, Stack extends [...infer Outer extends ("a" | "t")[], unknown] ? Outer : [], Found>
      : Scan<Rest, Stack, Found>
  : Found;

type ValueOf<Kind> = Kind extends "plural" | "selectordinal" | "number"
  ? number
  : Kind extends "date" | "time"
    ? Date | number
    : Kind extends "select"
      ? string
      : string | number;

/** The values an ICU message text needs ("{n, plural, …} in {place}" → { n: number; place: string | number }). */
export type ArgsOf<S extends string> = {
  [A in Scan<S, ["t"], never> as A extends [infer Name extends string, unknown] ? Name : never]: A extends [
    string,
    infer Kind,
  ]
    ? ValueOf<Kind>
    : never;
};

/** What a catalog entry becomes: plain text when the message has no arguments, else a Message to format. */
export type Entry<S extends string> = [Scan<S, ["t"], never>] extends [never] ? string : Message<ArgsOf<S>>;

// ---- Formatting ----------------------------------------------------------------------------------------------------

/**
 * Dates and times in messages are calendar values (a check-in time "14:00", a day "2026-06-01") rather than instants:
 * formatted in UTC, so neither the server's nor the browser's time zone moves them.
 */
const FORMATS: Partial<Formats> = {
  date: {
    short: { timeZone: "UTC", dateStyle: "short" },
    medium: { timeZone: "UTC", dateStyle: "medium" },
    long: { timeZone: "UTC", dateStyle: "long" },
    full: { timeZone: "UTC", dateStyle: "full" },
  },
  time: {
    short: { timeZone: "UTC", hour: "numeric", minute: "2-digit" },
    medium: { timeZone: "UTC", hour: "numeric", minute: "2-digit", second: "2-digit" },
  },
};

const compiled = new Map<string, IntlMessageFormat>();

/**
 * The message's formatter, compiled once. Tags are plain text here (ignoreTag): the words are text, and markup a
 * page needs comes in as values. Bounded by the catalog: only the platform's own messages are compiled.
 */
export function compile(icu: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${icu}`;
  let f = compiled.get(key);
  if (!f) {
    f = new IntlMessageFormat(icu, locale, FORMATS, { ignoreTag: true });
    compiled.set(key, f);
  }
  return f;
}

/** A message's text with its values: plurals, numbers, dates and times in the message's language. */
export function format<A extends Values>(message: Message<A>, values: NoInfer<A>): string {
  const out = compile(message.icu, message.locale).format(values as Values);
  return Array.isArray(out) ? out.join("") : String(out);
}

/**
 * A message whose values include elements (a link inside a sentence): the text around them and the elements, in the
 * message's order, for a React parent to render.
 */
export function formatParts<A extends Values>(
  message: Message<A>,
  values: NoInfer<{ [K in keyof A]: A[K] | ReactElement }>,
): (string | ReactElement)[] {
  const out = compile(message.icu, message.locale).format<ReactElement>(
    values as Record<string, ArgValue | ReactElement>,
  );
  return Array.isArray(out) ? out : [out];
}

/**
 * A time of day as the record gives it ("14:00", spec §2.1 pattern T) in the language's convention ("2:00 PM",
 * "14:00", "14.00"); text that is not such a time is returned as it is.
 */
export function formatTimeOfDay(hhmm: string, locale: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm.trim());
  if (!m) return hhmm;
  const time = new Date(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2])));
  return String(compile("{time, time, short}", locale).format({ time }));
}
