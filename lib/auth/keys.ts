import { importJWK, type JWK } from "jose";
import { processShared } from "@/lib/runtime";
import { idpError, idpFetch, idpJson } from "./idp-fetch";

interface KeySet {
  /** The usable keys: RSA, for signatures, RS256 (or no alg stated). */
  keys: JWK[];
  fetchedAt: number;
  imported: Map<JWK, CryptoKey>;
}

/** A key set is used for an hour; an unknown kid fetches it again at once (rotation). */
const KEYS_TTL_MS = 60 * 60_000;
/** …but not more than once a second per key set, whatever the tokens say. */
const REFETCH_GAP_MS = 1000;

const keySets = processShared("idp-key-sets", () => new Map<string, KeySet>());

const usable = (k: JWK) =>
  k.kty === "RSA" &&
  (k.use === undefined || k.use === "sig") &&
  (k.alg === undefined || k.alg === "RS256") &&
  typeof k.n === "string" &&
  typeof k.e === "string";

async function load(jwksUri: string): Promise<KeySet> {
  const response = await idpFetch(jwksUri, { headers: { accept: "application/json" } });
  if (!response.ok) throw idpError("IDP_BAD_RESPONSE", `the key set answered ${response.status}`);
  const doc = await idpJson(response, "the key set");
  if (!Array.isArray(doc.keys)) throw idpError("IDP_BAD_RESPONSE", "the key set has no keys array");
  const set: KeySet = {
    keys: (doc.keys as unknown[]).filter((k): k is JWK => typeof k === "object" && k !== null && usable(k as JWK)),
    fetchedAt: Date.now(),
    imported: new Map(),
  };
  keySets.set(jwksUri, set);
  return set;
}

function pick(set: KeySet, kid: string | undefined): JWK | undefined {
  // Without a kid a token can only name a key when the set holds exactly one usable key.
  if (kid === undefined) return set.keys.length === 1 ? set.keys[0] : undefined;
  return set.keys.find((k) => k.kid === kid);
}

/**
 * The public key that verifies an id_token whose header names `kid` (spec §2.4 JWKS: RSA keys with a kid). An
 * unknown kid fetches the key set once more (the partner rotated its keys); a token without a kid is accepted only
 * when the set holds a single usable key. `reload` fetches the set again (at most once a second) even when the kid
 * is known: a signature that fails with a cached key may be a key the partner replaced under the same kid.
 */
export async function verificationKey(
  jwksUri: string,
  kid: string | undefined,
  opts: { reload?: boolean } = {},
): Promise<CryptoKey> {
  let set = keySets.get(jwksUri);
  const age = (s: KeySet) => Date.now() - s.fetchedAt;
  if (!set || age(set) > KEYS_TTL_MS || (opts.reload && age(set) >= REFETCH_GAP_MS)) set = await load(jwksUri);
  let jwk = pick(set, kid);
  if (!jwk && kid !== undefined && age(set) >= REFETCH_GAP_MS) {
    set = await load(jwksUri);
    jwk = pick(set, kid);
  }
  if (!jwk) {
    throw idpError(
      "ID_TOKEN_INVALID",
      kid === undefined
        ? `the id_token names no key (kid) and the key set holds ${set.keys.length} usable RSA keys`
        : `no RS256 key with kid ${JSON.stringify(kid)} in the key set`,
    );
  }
  let key = set.imported.get(jwk);
  if (!key) {
    try {
      key = (await importJWK({ ...jwk, alg: "RS256" }, "RS256")) as CryptoKey;
    } catch (e) {
      throw idpError("IDP_BAD_RESPONSE", `the key set's key ${JSON.stringify(jwk.kid)} is not a valid RSA key`, e);
    }
    set.imported.set(jwk, key);
  }
  return key;
}
