import { generateKeyPair, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { calculateJwkThumbprint, type JWK } from "jose";
import { z } from "zod";

/**
 * The provider's signing keys (spec §4.6 scenario C "RSA key management", "key rotation: serve old and new keys") in
 * <dataDir>/jwks.json, private, mode 0600. The first key signs; the others stay published so that tokens signed
 * before a rotation still verify.
 */
export const JWKS_FILE = "jwks.json";
const COOKIE_KEYS_FILE = "cookie-keys.json";
/** Keys kept behind the signing key on rotation. */
const MAX_OLD_KEYS = 2;

const privateRsaJwk = z.looseObject({
  kty: z.literal("RSA"),
  kid: z.string().min(1),
  use: z.literal("sig"),
  alg: z.literal("RS256"),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
});
const keySetSchema = z.object({ keys: z.array(privateRsaJwk).min(1) });

export function jwksPath(dataDir: string): string {
  return path.join(dataDir, JWKS_FILE);
}

/** Written beside and renamed over, so a running provider watching the file never reads half a key set. */
function writePrivateJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** A new RSA 2048 RS256 signing key; its kid is the RFC 7638 thumbprint, unique without bookkeeping. */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: "RSA", n: jwk.n, e: jwk.e });
  return { ...jwk, kid, use: "sig", alg: "RS256" };
}

/** The key set in the file; a missing or broken file throws naming it. */
export function readSigningKeys(dataDir: string): JWK[] {
  const file = jwksPath(dataDir);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`cannot read the key set ${file}: ${(e as Error).message}`);
  }
  const parsed = keySetSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file} is not a key set of RS256 private keys: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return parsed.data.keys as JWK[];
}

/** The key set, made with one key at first start. */
export async function ensureSigningKeys(dataDir: string): Promise<JWK[]> {
  if (!fs.existsSync(jwksPath(dataDir))) writePrivateJson(jwksPath(dataDir), { keys: [await generateSigningKey()] });
  return readSigningKeys(dataDir);
}

/** The public half of each key, as the key set endpoint serves it (spec §2.4 JWKS). */
export function publicJwks(keys: JWK[]): JWK[] {
  return keys.map(({ kty, kid, use, alg, n, e }) => ({ kty, kid, use, alg, n, e }));
}

/**
 * Rotation step 1 (notes: "add the new key, then make it the first (signing) key; keep the old one published
 * meanwhile"): a new key goes first and signs from now on; at most two older keys stay published.
 */
export async function rotateKeys(dataDir: string): Promise<{ kids: string[]; added: string }> {
  const old = fs.existsSync(jwksPath(dataDir)) ? readSigningKeys(dataDir) : [];
  const added = await generateSigningKey();
  const keys = [added, ...old.slice(0, MAX_OLD_KEYS)];
  writePrivateJson(jwksPath(dataDir), { keys });
  return { kids: keys.map((k) => k.kid!), added: added.kid! };
}

/** Rotation step 2, once the tokens signed with the old keys have expired: only the signing key stays. */
export function retireKeys(dataDir: string): { kids: string[]; retired: string[] } {
  const [signing, ...retired] = readSigningKeys(dataDir);
  writePrivateJson(jwksPath(dataDir), { keys: [signing] });
  return { kids: [signing!.kid!], retired: retired.map((k) => k.kid!) };
}

/**
 * The keys that sign the provider's cookies, kept in the data dir so that sessions survive a key reload (and a
 * restart, should the session store ever persist).
 */
export function ensureCookieKeys(dataDir: string): string[] {
  const file = path.join(dataDir, COOKIE_KEYS_FILE);
  try {
    const parsed = z
      .array(z.string().min(32))
      .min(1)
      .safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // missing or unreadable: new keys (signed-in browsers sign in again)
  }
  const keys = [randomBytes(32).toString("base64url"), randomBytes(32).toString("base64url")];
  writePrivateJson(file, keys);
  return keys;
}
