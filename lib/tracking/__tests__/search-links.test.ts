import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryValue } from "../search-links";

describe("queryValue (search links' query values)", () => {
  it("writes a value as URLSearchParams does, whatever its characters", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 30 }),
      // Lone surrogates (a JSON body may carry "\ud800") among others.
      fc.string({ unit: fc.constantFrom("\ud800", "\udc00", "\ud83d\ude00", "a", " "), maxLength: 10 }),
      fc.string({ unit: fc.constantFrom(..." !'()~*-._+&=%#?/\\\"<>a0"), maxLength: 30 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(`v=${queryValue(value)}`).toBe(new URLSearchParams({ v: value }).toString());
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the usual values as they are and encodes the rest", () => {
    expect(queryValue("EUR")).toBe("EUR");
    expect(queryValue("bae5ed5e-ab02-4620-bc5e-ffe7a7d963f9")).toBe("bae5ed5e-ab02-4620-bc5e-ffe7a7d963f9");
    expect(queryValue("summer sale (50%)")).toBe("summer+sale+%2850%25%29");
    expect(queryValue("2,1~3")).toBe("2%2C1%7E3");
    expect(queryValue("a\ud800b")).toBe("a%EF%BF%BDb");
  });
});
