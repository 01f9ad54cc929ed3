import { foldName } from "@/lib/locale";
import { GrowingArray, PackedStringsBuilder, runNow, sortTextsInSlices } from "@/lib/columns";

/**
 * Every word start of every hotel name, folded (foldName) and in byte order: the destination box's hotel
 * suggestions by any word's prefix ("grand hotel paris" is found by "gr", "ho" and "pa"). One buffer of folded names
 * and an offset per word: about 40 bytes per hotel, where a sorted array of key strings took about 300.
 */
export class WordIndex {
  private constructor(
    private readonly bytes: Buffer,
    private readonly nameEnds: Uint32Array,
    private readonly starts: Uint32Array,
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
    const { bytes, ends } = folded.finish();
    const starts = new GrowingArray(Uint32Array, count * 3);
    // foldName leaves single spaces between words and none at either end.
    let wordStart = true;
    for (let at = 0; at < bytes.length; at++) {
      const c = bytes[at]!;
      if (c === 0) wordStart = true;
      else if (c === 0x20) wordStart = true;
      else if (wordStart) {
        starts.push(at);
        wordStart = false;
      }
    }
    const sorted = starts.finish();
    yield* sortTextsInSlices(bytes, sorted);
    return new WordIndex(bytes, ends, sorted);
  }

  get byteLength(): number {
    return this.bytes.length + this.nameEnds.byteLength + this.starts.byteLength;
  }

  /** <0, 0 or >0 as the text at `at`, cut to the prefix's length, sorts before, equals or after the prefix. */
  private compare(at: number, prefix: Uint8Array): number {
    for (let j = 0; j < prefix.length; j++) {
      const c = this.bytes[at + j]!;
      if (c !== prefix[j]) return c === 0 ? -1 : c - prefix[j]!;
    }
    return 0;
  }

  /** The row whose folded name holds byte `at`. */
  private row(at: number): number {
    let lo = 0;
    let hi = this.nameEnds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.nameEnds[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Rows with a word starting with the folded text, at most `scan` words looked at, in the words' order. */
  *prefixed(folded: string, scan: number): Generator<number> {
    const prefix = Buffer.from(folded, "utf8");
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.starts[mid]!, prefix) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo, n = 0; i < this.starts.length && n < scan; i++, n++) {
      if (this.compare(this.starts[i]!, prefix) !== 0) return;
      yield this.row(this.starts[i]!);
    }
  }
}
