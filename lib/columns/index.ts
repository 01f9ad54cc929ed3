/**
 * Compact columns for data held per hotel in a serving process: strings packed into one buffer, typed arrays that
 * grow while rows arrive, and sorts of rows that run as native sorts of doubles rather than with a comparator.
 */
import { createHash } from "node:crypto";

/** Strings in one UTF-8 buffer, string i ending at ends[i]: no object, header or UTF-16 copy per string. */
export class PackedStrings {
  constructor(
    readonly bytes: Buffer,
    readonly ends: Uint32Array,
  ) {}

  get length(): number {
    return this.ends.length;
  }

  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  get(i: number): string {
    return this.bytes.toString("utf8", this.start(i), this.ends[i]);
  }

  /** Index of the string equal to `value` when the strings are in byte order (binary search), else -1. */
  find(value: string): number {
    const key = Buffer.from(value, "utf8");
    let lo = 0;
    let hi = this.ends.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.bytes.compare(key, 0, key.length, this.start(mid), this.ends[mid]);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  get byteLength(): number {
    return this.bytes.length + this.ends.byteLength;
  }
}

/** Appends strings to a growing buffer; finish() copies them into buffers of their exact size. */
export class PackedStringsBuilder {
  private bytes = Buffer.allocUnsafeSlow(1 << 16);
  private used = 0;
  private readonly ends = new GrowingArray(Uint32Array);
  /** Strings not yet written: written a batch at a time (one write per thousand strings, not one each). */
  private pending: string[] = [];
  private pendingBytes = 0;

  get length(): number {
    return this.ends.length;
  }

  /** Appends the string, followed by a 0 byte when `terminator` (the texts sortTexts sorts end so). */
  push(value: string, terminator = false): void {
    let text = terminator ? `${value}\0` : value;
    if (NOT_ASCII.test(text)) {
      // As UTF-8 writes a lone surrogate (U+FFFD), before joining: two halves in a row would join into one character.
      text = text.replace(LONE_SURROGATES, "\ufffd");
      this.pendingBytes += Buffer.byteLength(text);
    } else {
      // ASCII (most ids and names): a byte per character, without asking Buffer.
      this.pendingBytes += text.length;
    }
    this.pending.push(text);
    this.ends.push(this.used + this.pendingBytes);
    if (this.pending.length === 1024) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const need = this.used + this.pendingBytes;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(this.pending.join(""), this.used, "utf8");
    this.pending = [];
    this.pendingBytes = 0;
  }

  finish(): PackedStrings {
    this.flush();
    const bytes = Buffer.allocUnsafeSlow(this.used);
    this.bytes.copy(bytes, 0, 0, this.used);
    this.bytes = Buffer.alloc(0);
    return new PackedStrings(bytes, this.ends.finish());
  }
}

const NOT_ASCII = /[^\x00-\x7f]/;
const LONE_SURROGATES = /\p{Surrogate}/gu;

type TypedArray = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float64Array;
type TypedArrayClass<T extends TypedArray> = { new (length: number): T };

/** A typed array that grows by doubling while rows arrive; finish() trims it to its length. */
export class GrowingArray<T extends TypedArray> {
  private data: T;
  length = 0;

  constructor(
    private readonly kind: TypedArrayClass<T>,
    capacity = 1024,
  ) {
    this.data = new kind(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new this.kind(this.data.length * 2);
      grown.set(this.data as never);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  finish(): T {
    const out = this.length === this.data.length ? this.data : (this.data.slice(0, this.length) as T);
    this.data = new this.kind(0);
    return out;
  }
}

/** A digest of the strings and their boundaries: two processes that read the same rows get the same one. */
export function digestOf(strings: PackedStrings): string {
  return createHash("sha256")
    .update(strings.bytes)
    .update(new Uint8Array(strings.ends.buffer, strings.ends.byteOffset, strings.ends.byteLength))
    .digest("base64url");
}

/** 2^29: a sort key packs three bytes of text above an entry's position (29 bits) in one exact double. */
const SLOT = 2 ** 29;

/**
 * Sorts `starts` (offsets into `bytes`, each the start of a text that runs to a 0 byte) by the bytes from there on,
 * equal texts keeping their order: a most-significant-first radix sort, three bytes per pass, each pass one native
 * sort of doubles. Comparing a million names' texts with a comparator took seconds; this takes a fraction of that.
 */
export function sortTexts(bytes: Uint8Array, starts: Uint32Array): void {
  runNow(sortTextsInSlices(bytes, starts));
}

/** sortTexts, yielding after every pass of about `slice` texts (runBetweenRequests). */
export function* sortTextsInSlices(bytes: Uint8Array, starts: Uint32Array, slice = 200_000): Generator<void, void> {
  let work = 0;
  const keys = new Float64Array(starts.length);
  const moved = new Uint32Array(starts.length);
  const stack: number[] = [0, starts.length, 0];
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    const n = hi - lo;
    if (n < 2) continue;
    work += n;
    if (work >= slice) {
      work = 0;
      yield;
    }
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
 * A sort of rows by a number each (a rank, or a distance), ties in row order, as one native sort of doubles: a
 * non-negative integer key above, the position below. A comparator over a country's 300 000 hotels took about ten
 * times as long. Where the key is a rounded distance, `exact` sorts the (rare) rows whose keys are equal.
 */
const POSITION_BITS = 24;
const POSITION = 2 ** POSITION_BITS;

export function sortRows(
  rows: ArrayLike<number>,
  key: (row: number) => number,
  exact?: (row: number) => number,
): Int32Array {
  const n = rows.length;
  const out = new Int32Array(n);
  const fine = exact ?? key;
  if (n >= POSITION) {
    // Beyond 16 million hotels in one place: the comparator, slower but the same order.
    out.set(Array.from(rows));
    return out.sort((a, b) => fine(a) - fine(b) || a - b);
  }
  const keys = new Float64Array(n);
  for (let j = 0; j < n; j++) keys[j] = key(rows[j]!) * POSITION + j;
  keys.sort();
  for (let j = 0; j < n; j++) out[j] = rows[keys[j]! % POSITION]!;
  if (exact) {
    for (let run = 0, j = 1; j <= n; j++) {
      if (j < n && Math.floor(keys[j]! / POSITION) === Math.floor(keys[run]! / POSITION)) continue;
      if (j - run > 1) out.subarray(run, j).sort((a, b) => exact(a) - exact(b) || a - b);
      run = j;
    }
  }
  return out;
}

/** A distance as a sort key: whole sixteenths of a metre (below 2^29 for any two points on Earth). */
export const sortableKm = (km: number) => Math.round(km * 16_000);

/** Runs a build made of slices (a generator that yields between them) to its end at once. */
export function runNow<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs a build made of slices with the event loop free between them: requests are answered while it runs. */
export async function runBetweenRequests<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Sorts `order` by `compare` (which must order every two distinct entries: ties broken by the caller), yielding after
 * about every `slice` comparisons: a merge sort of sorted runs, for sorts too long to hold the event loop (a million
 * names by the collator: seconds).
 */
export function* sortInSlices(
  order: Int32Array,
  compare: (a: number, b: number) => number,
  slice = 50_000,
): Generator<void, Int32Array> {
  const n = order.length;
  const RUN = 2048;
  for (let lo = 0; lo < n; lo += RUN) {
    order.subarray(lo, Math.min(n, lo + RUN)).sort(compare);
    if ((lo / RUN) % 16 === 15) yield;
  }
  let src: Int32Array = order;
  let dst: Int32Array = new Int32Array(n);
  let work = 0;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        dst[k++] = compare(src[i]!, src[j]!) <= 0 ? src[i++]! : src[j++]!;
        if (++work === slice) {
          work = 0;
          yield;
        }
      }
      while (i < mid) dst[k++] = src[i++]!;
      while (j < hi) dst[k++] = src[j++]!;
    }
    [src, dst] = [dst, src];
  }
  return src;
}
