import { createHash } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * A place's id: 13 characters of lowercase base32 (65 bits) of the SHA-256 of its source key. The same source place
 * gets the same id in every build and on every machine; the id says nothing a client could rely on (opaque).
 */
export function placeIdFor(sourceKey: string): string {
  const digest = createHash("sha256").update(sourceKey).digest();
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 13) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 13) break;
    value &= (1 << bits) - 1;
  }
  return out;
}

export const PLACE_ID_PATTERN = /^[a-z2-7]{13}$/;
