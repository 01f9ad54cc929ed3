import { foldName } from "@/lib/locale";
import { GrowingArray, PackedStringsBuilder, runNow, sortTextsInSlices } from "@/lib/columns";

/** Words of a name indexed: the first 32 (a word's number takes 5 bits of an entry). */
const WORDS = 32;

/**
 * Every word start of every hotel name, folded (foldName) and in byte order: the destination box's hotel
 * suggestions by any word's prefix ("grand hotel paris" is found by "gr", "ho" and "pa"). An entry is a row and a
 * word's number (row × 32 + word) in one 32-bit integer: 4 bytes per word, about 25 per hotel. The folded names are
 * needed only to sort the entries; a lookup folds the few names its binary search compares.
 */
export class WordIndex {
  private constructor(
    private readonly entries: Uint32Array,
    private readonly name: (row: number) => string,
  ) {}

  static build(count: number, name: (row: number) => string): WordIndex {
    return runNow(WordIndex.buildInSlices(count, name));
  }

  /** build, yielding between slices (runBetweenRequests). */
  static *buildInSlices(count: number, name: (row: number) => string): Generator<void, WordIndex> {
    const folded = new PackedStringsBuilder();
    for (let i = 0; i < count; i++) {
      folded.push(foldName(name(i)), true);
      if (i % 20_000 === 19_999) yield;
    }
    const { bytes } = folded.finish();
    const starts = new GrowingArray(Uint32Array, count * 3);
    // foldName leaves single spaces between words and none at either end.
    let row = 0;
    let word = 0;
    let wordStart = true;
    const codes = new GrowingArray(Uint32Array, count * 3);
    for (let at = 0; at < bytes.length; at++) {
      const c = bytes[at]!;
      if (c === 0) {
        row++;
        word = 0;
        wordStart = true;
      } else if (c === 0x20) wordStart = true;
      else if (wordStart) {
        if (word < WORDS) {
          starts.push(at);
          codes.push(row * WORDS + word);
        }
        word++;
        wordStart = false;
      }
    }
    const sorted = starts.finish();
    const code = codes.finish();
    // The starts are increasing, so a start's code is found by binary search once they are sorted.
    const original = sorted.slice();
    yield* sortTextsInSlices(bytes, sorted);
    const entries = new Uint32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      let lo = 0;
      let hi = original.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (original[mid]! < sorted[i]!) lo = mid + 1;
        else hi = mid;
      }
      entries[i] = code[lo]!;
    }
    return new WordIndex(entries, name);
  }

  get byteLength(): number {
    return this.entries.byteLength;
  }

  /** The folded text of an entry's name from its word on. */
  private text(entry: number): string {
    const folded = foldName(this.name(Math.floor(entry / WORDS)));
    let at = 0;
    for (let word = entry % WORDS; word > 0; word--) at = folded.indexOf(" ", at) + 1;
    return folded.slice(at);
  }

  /** Rows with a word starting with the folded text, at most `scan` of its words, in the words' order. */
  *prefixed(folded: string, scan: number): Generator<number> {
    const prefix = Buffer.from(folded, "utf8");
    // The entries are in the byte order of their texts: compare bytes, as the sort did.
    const cut = (entry: number) => Buffer.from(this.text(entry), "utf8").subarray(0, prefix.length);
    const first = this.bound((entry) => Buffer.compare(cut(entry), prefix) < 0);
    const end = this.bound((entry) => Buffer.compare(cut(entry), prefix) <= 0);
    for (let i = first; i < Math.min(end, first + scan); i++) yield Math.floor(this.entries[i]! / WORDS);
  }

  /** The first entry for which `before` is false (the entries where it holds come first). */
  private bound(before: (entry: number) => boolean): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.entries[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
