/**
 * The ids a run has seen, as a Bloom filter (2 MiB, seven probes): "not seen" is certain, "maybe seen" is checked
 * against the store (sync_seen). A first sync of unique ids then asks the store about next to none of them: at a
 * million ids about one in a thousand is a false "maybe". No false "not seen", so no duplicate is missed.
 */
export class SeenFilter {
  private readonly bits = new Uint32Array(SIZE_BITS / 32);

  add(id: string): void {
    const [h1, h2] = hashes(id);
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + i * h2) >>> SHIFT;
      this.bits[bit >>> 5]! |= 1 << (bit & 31);
    }
  }

  mayHave(id: string): boolean {
    const [h1, h2] = hashes(id);
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + i * h2) >>> SHIFT;
      if ((this.bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

const SIZE_BITS = 2 ** 24;
/** A 32-bit hash to a bit index: its top 24 bits. */
const SHIFT = 32 - 24;
const PROBES = 7;

/** Two 32-bit FNV-1a hashes of the id's UTF-16 code units (different offset bases), the second odd. */
function hashes(id: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return [a >>> 0, (b | 1) >>> 0];
}
