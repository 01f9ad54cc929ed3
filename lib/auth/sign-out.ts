import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { store } from "@/lib/store";
import { lastSignOut, recordSignOut } from "./user-pool";

/**
 * Sign-out for every copy of a session. Sessions are sealed cookies that no server lists, so the brand's user pool
 * keeps each user's last sign-out, and every session read (a page's header, GET /api/auth/session) refuses a
 * session signed in before it: a cookie copied before the sign-out opens nothing afterwards, on any instance.
 *
 * Kept cheap: each instance remembers what the store said for a user for SIGN_OUT_CHECK_MS, so a signed-in visitor's
 * pages cost one primary-key lookup every few seconds at most (anonymous visitors none, and the proxy none: it reads
 * a session only to decide whether to start a silent login). The instance that records a sign-out knows it at once;
 * the others within SIGN_OUT_CHECK_MS.
 */
export const SIGN_OUT_CHECK_MS = 5000;
/** Beyond this many users remembered, the memory starts over (a burst of visitors cannot grow it without end). */
const MAX_REMEMBERED = 50_000;

interface Remembered {
  at: number;
  /** The user's last sign-out (epoch ms), undefined for none. */
  signedOut: Promise<number | undefined>;
}

const remembered = () => processShared("sso-sign-outs", () => new Map<string, Remembered>());
const keyOf = (brandId: string, username: string) => `${brandId}\n${username}`;

/** Whether the user signed out of the brand at or after `signedInAt` (epoch ms): that session is over. */
export async function signedOutSince(brandId: string, username: string, signedInAt: number): Promise<boolean> {
  const memory = remembered();
  const key = keyOf(brandId, username);
  let entry = memory.get(key);
  if (!entry || Date.now() - entry.at > SIGN_OUT_CHECK_MS) {
    if (memory.size >= MAX_REMEMBERED) memory.clear();
    entry = { at: Date.now(), signedOut: store().then(({ db }) => lastSignOut(db, brandId, username)) };
    memory.set(key, entry);
  }
  try {
    const signedOut = await entry.signedOut;
    return signedOut !== undefined && signedInAt <= signedOut;
  } catch (e) {
    // The store did not answer: the session is taken as it is (its absolute end still holds) rather than every
    // visitor being signed out by an outage; the next read asks again.
    if (memory.get(key) === entry) memory.delete(key);
    log.warn({ brand: brandId, err: (e as Error).message }, "sign-on: could not read the user's sign-outs");
    return false;
  }
}

/** Records a sign-out of the brand: every session of the user signed in until now is over, wherever it is presented. */
export async function endSessions(brandId: string, username: string, at = new Date()): Promise<void> {
  const { db } = await store();
  await recordSignOut(db, brandId, username, at);
  remembered().set(keyOf(brandId, username), { at: Date.now(), signedOut: Promise.resolve(at.getTime()) });
}
