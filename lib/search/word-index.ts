import { foldName } from "@/lib/locale";
import { GrowingArray, PackedStringsBuilder } from "./hotel-table";

/** 2^29: a sort key packs three bytes of text above an entry's position (29 bits) in one exact double. */
const SLOT = 2 ** 29;

/**
 * Sorts `starts` (offsets into `bytes`, each the start of a text that runs to a 0 byte) by the bytes from there on,
 * equal texts keeping their order: a most-significant-first radix sort, three bytes per pass, each pass one native
 * sort of doubles. Comparing a million names' texts with a comparator took seconds; this takes a fraction of that.
 */
export function sortTexts(bytes: Uint8Array, starts: Uint32Array): void {
  const keys = new Float64Array(starts.length);
  const moved = new Uint32Array(starts.length);
  const stack: number[] = [0, starts.length, 0];
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    const n = hi - lo;
    if (n < 2) continue;
    const k = keys.subarray(0, n);
    for (let j = 0; j < n; j++) {
      const at = starts[lo + j]! + depth;
      const b0 = bytes[at]!;
      const b1 = b0 === 0 ? 0 : bytes[at + 1]!;
      const b2 = b1 === 0 ? 0 : bytes[at + 2]!;
      k[j] = ((b0 << 16) | (b1 << 8) | b2) * SLOT + j;
    }
    k.sort();
    for (let j = 0; j < n; j++) moved[j] = starts[lo + (k[j]! % SLOT)]!;
    starts.set(moved.subarray(0, n), lo);
    // Runs of the same three bytes go on to the next three, unless their text ended there (then they are equal).
    let run = 0;
    let runKey = Math.floor(k[0]! / SLOT);
    for (let j = 1; j <= n; j++) {
      const key = j === n ? -1 : Math.floor(k[j]! / SLOT);
      if (key === runKey) continue;
      if (j - run > 1 && (runKey & 0xff) !== 0) stack.push(lo + run, lo + j, depth + 3);
      run = j;
      runKey = key;
    }
  }
}

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
    const folded = new PackedStringsBuilder();
    for (let i = 0; i < count; i++) folded.push(foldName(name(i)), true);
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
    sortTexts(bytes, sorted);
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
