import { describe, expect, it } from "vitest";
import { allowedEdits, prefixDistance } from "../fuzzy";

describe("prefixDistance", () => {
  it("counts the edits from the typed text to the nearest start of a name", () => {
    expect(prefixDistance("paris", "paris", 1)).toBe(0);
    expect(prefixDistance("par", "paris", 1)).toBe(0);
    expect(prefixDistance("pariss", "paris", 1)).toBe(1);
    expect(prefixDistance("prais", "paris", 1)).toBe(1); // two neighbours swapped: one edit
    expect(prefixDistance("tokio", "tokyo to", 1)).toBe(1);
    expect(prefixDistance("barcelonna", "barcelona", 2)).toBe(1);
    expect(prefixDistance("amsterdan", "amsterdam", 2)).toBe(1);
  });

  it("gives max + 1 when more edits are needed", () => {
    expect(prefixDistance("lyon", "paris", 1)).toBe(2);
    expect(prefixDistance("berlni", "bern", 1)).toBe(2);
    expect(prefixDistance("zzzzzzzz", "paris", 2)).toBe(3);
  });

  it("allows no typo below four letters, one up to seven, two from eight", () => {
    expect([3, 4, 7, 8, 20].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});
