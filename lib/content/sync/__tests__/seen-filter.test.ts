import { describe, expect, it } from "vitest";
import { SeenFilter } from "../seen-filter";

describe("the ids a run has seen (Bloom filter)", () => {
  it("never says 'not seen' of an id it was given, and rarely 'maybe' of one it was not", () => {
    const seen = new SeenFilter();
    const n = 1_000_000;
    for (let i = 0; i < n; i++) seen.add(`HTL-${String(i).padStart(7, "0")}`);
    for (let i = 0; i < n; i += 7) expect(seen.mayHave(`HTL-${String(i).padStart(7, "0")}`)).toBe(true);
    let falseMaybe = 0;
    const tries = 200_000;
    for (let i = 0; i < tries; i++) if (seen.mayHave(`OTHER-${i}`)) falseMaybe++;
    // Seven probes of 2^24 bits at a million ids: about 0.07 % in theory.
    expect(falseMaybe / tries).toBeLessThan(0.003);
  });

  it("tells ids apart that differ in one character, in order, or only beyond ASCII", () => {
    const seen = new SeenFilter();
    seen.add("ab");
    seen.add("Ünïcødé-1");
    expect(seen.mayHave("ab")).toBe(true);
    expect(seen.mayHave("Ünïcødé-1")).toBe(true);
    expect(["ba", "abc", "a", "", "Ünïcødé-2"].filter((id) => seen.mayHave(id))).toEqual([]);
  });
});
