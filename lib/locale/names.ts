/** Letters that Unicode decomposition leaves alone but travellers type without their marks. */
const FOLD: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * The key a place name is found by: case, accents, punctuation and spacing ignored ("Saint-Étienne" and
 * "saint etienne" meet; "Kraków" and "Krakow" too).
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => FOLD[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
