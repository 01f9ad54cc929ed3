import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { digestOf, PackedStringsBuilder, runNow, sortInSlices, sortRows, sortTexts } from "..";

const packed = (values: string[]) => {
  const b = new PackedStringsBuilder();
  for (const v of values) b.push(v);
  return b.finish();
};

describe("PackedStrings", () => {
  it("gives back every string, and finds each by binary search when they are in byte order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: "grapheme-ascii", maxLength: 12 }), { maxLength: 200 }),
        (values) => {
          const sorted = [...values].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
          const strings = packed(sorted);
          sorted.forEach((v, i) => expect(strings.get(i)).toBe(v));
          sorted.forEach((v, i) => expect(strings.find(v)).toBe(i));
          if (!values.includes("zz~missing")) expect(strings.find("zz~missing")).toBe(-1);
        },
      ),
    );
  });

  it("keeps every string apart, lone surrogates included (written as U+FFFD, as UTF-8 writes them)", () => {
    const strings = packed(["a\ud800", "\udc00b", "é", "", "漢字"]);
    expect([0, 1, 2, 3, 4].map((i) => strings.get(i))).toEqual(["a\ufffd", "\ufffdb", "é", "", "漢字"]);
  });

  it("digests the strings and their boundaries: the same strings give the same digest, split otherwise another", () => {
    expect(digestOf(packed(["ab", "c"]))).toBe(digestOf(packed(["ab", "c"])));
    expect(digestOf(packed(["ab", "c"]))).not.toBe(digestOf(packed(["a", "bc"])));
  });
});

describe("sortTexts", () => {
  it("orders 0-terminated texts as a byte comparison does, equal texts in their first order", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 9 }), { maxLength: 300 }), (values) => {
        const texts = values.map((v) => v.replace(/\0/g, "x"));
        const b = new PackedStringsBuilder();
        for (const t of texts) b.push(t, true);
        const { bytes, ends } = b.finish();
        const starts = Uint32Array.from(texts, (_, i) => (i === 0 ? 0 : ends[i - 1]!));
        sortTexts(bytes, starts);
        const want = texts
          .map((t, i) => ({ t: Buffer.from(t), i }))
          .sort((a, b) => Buffer.compare(a.t, b.t) || a.i - b.i)
          .map(({ i }) => (i === 0 ? 0 : ends[i - 1]!));
        expect([...starts]).toEqual(want);
      }),
      { numRuns: 40 },
    );
  });
});

describe("sortRows and sortInSlices", () => {
  it("sort rows by their key, ties in row order, as a comparator would", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 5000 }), (keys) => {
        const rows = keys.map((_, i) => i);
        const want = [...rows].sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect([...sortRows(rows, (r) => keys[r]!)]).toEqual(want);
        expect([...runNow(sortInSlices(Int32Array.from(rows), (a, b) => keys[a]! - keys[b]! || a - b, 97))]).toEqual(
          want,
        );
      }),
      { numRuns: 50 },
    );
  });

  it("sorts rows whose rounded keys tie by the exact value", () => {
    const exact = [0.3, 0.1, 0.2, 0.1];
    expect([
      ...sortRows(
        [0, 1, 2, 3],
        () => 0,
        (r) => exact[r]!,
      ),
    ]).toEqual([1, 3, 2, 0]);
  });
});
