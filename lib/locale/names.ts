/** Letters that Unicode decomposition leaves alone but travellers type without their marks. */
const FOLD: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * The key a place name is found by: case, accents, punctuation and spacing ignored ("Saint-Étienne" and
 * "saint etienne" meet; "Kraków" and "Krakow" too). For lookups: recent results are kept.
 */
export function nameKey(name: string): string {
  let key = recent.get(name);
  if (key === undefined) {
    key = foldName(name);
    // Names looked up repeat (popular destinations); the cache is bounded by starting over when full.
    if (recent.size >= 10_000) recent.clear();
    recent.set(name, key);
  }
  return key;
}

const recent = new Map<string, string>();

/** nameKey without the cache, for building indexes (every name once). */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
