import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { foldName } from "@/lib/locale";
import { WordIndex } from "../word-index";

describe("WordIndex", () => {
  it("finds exactly the names with a word starting with the text, in the words' byte order", () => {
    const word = fc.constantFrom(
      "grand",
      "Grände",
      "hotel",
      "hôtel",
      "Paris",
      "park",
      "b&b",
      "Ōsaka",
      "北京",
      "1",
      "10",
      "9",
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 5 }), { maxLength: 60 }),
        fc.string({ maxLength: 3 }),
        (names, typed) => {
          const list = names.map((n) => n.join(" "));
          const index = WordIndex.build(list.length, (row) => list[row]!);
          for (const prefix of [foldName(typed), "g", "gr", "ho", "pa", "par", "1", "9", "osa", "北"].filter(Boolean)) {
            const entries = list.flatMap((name, row) => {
              const folded = foldName(name);
              const words = folded ? folded.split(" ") : [];
              return words.map((_, w) => ({ row, text: words.slice(w).join(" ") }));
            });
            const want = entries
              .filter((e) => e.text.startsWith(prefix))
              .sort((a, b) => Buffer.compare(Buffer.from(a.text), Buffer.from(b.text)) || a.row - b.row)
              .map((e) => e.row);
            expect([...index.prefixed(prefix, 10_000)], prefix).toEqual(want);
            expect([...index.prefixed(prefix, 2)]).toEqual(want.slice(0, 2));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
