import fc from "fast-check";
import { PLACE_CATEGORIES } from "../types";

/** Strings that probe the rules: empty, spaces, control characters, astral characters, long ones. */
const trickyString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", " ", "\t", "a\u0000b", "line\nbreak", "😀", "é", "x".repeat(201), "😀".repeat(150), "  Paris  "),
  fc.string({ unit: "grapheme", maxLength: 30 }),
);

const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null), trickyString);

/** Now and then a value, mostly nothing. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** Mostly a right value, sometimes a wrong one. */
const field = (right: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: wrong });

/** Values a client might plausibly send for each field, right and wrong. */
const fieldValues: Record<string, fc.Arbitrary<unknown>> = {
  placeName: field(fc.constantFrom("Paris", "paris", "Roma", "Xyzzyville", "Nice", "CDG", "Frankreich"), trickyString),
  placeId: field(fc.constantFrom("smgdjlrsh22oi", "aaaaaaaaaaaaa", "SMGDJLRSH22OI"), trickyString),
  country: field(fc.constantFrom("France", "FR", "fr", "Deutschland", "Narnia"), trickyString),
  radius: field(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(-1, -50, 1001, 2.5, 1e21, "50")),
  hits: field(fc.integer({ min: -50, max: 1000 }), fc.constantFrom(1001, 1.5, "10", 1e21)),
  placeCategories: field(
    fc.uniqueArray(fc.constantFrom(...PLACE_CATEGORIES), { minLength: 1, maxLength: 8 }),
    fc.oneof(fc.array(fc.constantFrom("City", "beach", "", "city"), { maxLength: 3 }), anyJson),
  ),
  anonymousId: field(
    fc.oneof(fc.uuid(), fc.constant("v-1")),
    fc.oneof(fc.constantFrom("has space", "a".repeat(129)), trickyString),
  ),
  // Both dates together (the rule is both or neither); now and then one alone or a wrong one.
  dates: field(
    fc.constantFrom(["2027-01-10", "2027-01-12"], ["2028-02-29", "2028-03-01"]),
    fc.oneof(
      fc.constantFrom(["2027-02-29", "2027-03-02"], ["2027-1-10", "2027-01-12"], ["2027-01-10", "2027-01-10"]),
      fc.tuple(fc.option(trickyString, { nil: undefined }), fc.option(trickyString, { nil: undefined })),
    ),
  ),
  currency: field(fc.constantFrom("EUR", "usd", "JPY"), fc.oneof(fc.constantFrom("XYZ", "EURO", "€"), trickyString)),
  label: field(
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => /\S/.test(s)),
    trickyString,
  ),
  language: field(
    fc.constantFrom("en", "de-AT", "pt_BR", "EN", "zh-Hant-TW"),
    fc.oneof(fc.constantFrom("tlh", "en-"), trickyString),
  ),
  rooms: field(
    fc.constantFrom("2", "2-4-9,1", "02", "1,1"),
    fc.oneof(fc.constantFrom("0", "9", "2-18", "2,"), trickyString, fc.integer()),
  ),
  userCountry: field(fc.constantFrom("DE", "fr", "xk"), fc.oneof(fc.constantFrom("XX", "DEU"), trickyString)),
  userDevice: field(
    fc.constantFrom("desktop", "tablet", "mobile"),
    fc.oneof(fc.constantFrom("Desktop", "phone"), trickyString),
  ),
};

/** The text fields' length limits in code points (as JSON Schema's maxLength counts them). */
export const TEXT_LIMITS: Record<string, number> = {
  placeName: 200,
  placeId: 100,
  country: 100,
  anonymousId: 128,
  checkIn: 10,
  checkOut: 10,
  currency: 3,
  language: 35,
  label: 200,
  rooms: 100,
  userCountry: 2,
  userDevice: 20,
};

/**
 * A text field set to a string one or two code points around its limit, of astral characters (two UTF-16 units
 * each), other characters and now and then a space, a control character or a lone surrogate.
 */
export const nearLimit: fc.Arbitrary<[string, string]> = fc
  .record({
    field: fc.constantFrom(...Object.keys(TEXT_LIMITS)),
    delta: fc.integer({ min: -2, max: 2 }),
    alphabet: fc.subarray(["😀", "𝒳", "a", "é", "2", " ", "-", "\u0000", "\ud800"], { minLength: 1 }),
  })
  .chain(({ field, delta, alphabet }) => {
    const length = Math.max(1, TEXT_LIMITS[field]! + delta);
    return fc
      .array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length })
      .map((chars): [string, string] => [field, chars.join("")]);
  });

const valid = { placeName: "Paris", currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop" };

/**
 * Request bodies around the valid ones: a valid core with some fields set to plausible (mostly right) values,
 * sometimes a required field dropped, a field replaced by an arbitrary JSON value, an unknown field added or a text
 * around its length limit; and now and then a JSON value that is no object at all.
 */
export const requestBodies: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .record({
        values: fc
          .subarray(Object.keys(fieldValues), { maxLength: 5 })
          .chain((keys) =>
            fc.record(
              Object.fromEntries(keys.map((k) => [k, fieldValues[k]!])) as Record<string, fc.Arbitrary<unknown>>,
            ),
          ),
        drop: fc.oneof(
          { weight: 5, arbitrary: fc.constant([]) },
          { weight: 1, arbitrary: fc.subarray(Object.keys(valid), { maxLength: 2 }) },
        ),
        wild: sometimes(
          fc.tuple(fc.constantFrom(...Object.keys(fieldValues).filter((k) => k !== "dates"), "checkIn"), anyJson),
          6,
        ),
        extra: sometimes(fc.constantFrom("radious", "sessionId", "__proto__x"), 10),
        long: sometimes(nearLimit, 8),
      })
      .map(({ values, drop, wild, extra, long }) => {
        const { dates, ...rest } = values as { dates?: [unknown, unknown] };
        const body: Record<string, unknown> = { ...valid, ...rest };
        if (dates?.[0] !== undefined) body.checkIn = dates[0];
        if (dates?.[1] !== undefined) body.checkOut = dates[1];
        for (const k of drop) delete body[k];
        if (wild) body[wild[0]] = wild[1];
        if (extra) body[extra] = 1;
        if (long) body[long[0]] = long[1];
        return body as unknown;
      }),
  },
  { weight: 1, arbitrary: anyJson },
);
