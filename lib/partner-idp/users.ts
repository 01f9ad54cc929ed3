import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import fs from "node:fs";
import { FailureThrottle } from "./throttle";
import { z } from "zod";
import demoUsersJson from "./demo-users.json" with { type: "json" };

/**
 * The partner's user directory: the accounts its login page and its scenario-B API (spec §4.5) check. Passwords are
 * stored as scrypt hashes only.
 */

/** The password of every demo user (the demo prints it, tests sign in with it). */
export const DEMO_PASSWORD = "northwind-demo";

/** What the partner knows about a person (spec §2.4 claims; `sub` is the stable, never reassigned id). */
export interface PartnerUserProfile {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;

const userSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email(),
  given_name: z.string().min(1),
  family_name: z.string().min(1),
  password_hash: z.string().regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/, "must be a scrypt hash"),
});
const usersFileSchema = z.object({ users: z.array(userSchema).min(1) });
type PartnerUser = z.infer<typeof userSchema>;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFC"), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A stored password: scrypt$N$r$p$salt$hash (base64). Makes the hashes of demo-users.json (CLI: hash-password). */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT;
  const key = await scrypt(password, salt, N, r, p, keyLength);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

function profile(u: PartnerUser): PartnerUserProfile {
  return { sub: u.sub, email: u.email, given_name: u.given_name, family_name: u.family_name };
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function parseUsers(raw: unknown, source: string): PartnerUser[] {
  const parsed = usersFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source}: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return parsed.data.users;
}

/** The demo users, without their password hashes (their password is DEMO_PASSWORD). */
export const demoUsers: readonly PartnerUserProfile[] = parseUsers(demoUsersJson, "demo-users.json").map(profile);

export class UserDirectory {
  private readonly bySubMap: Map<string, PartnerUser>;
  private readonly byEmailMap: Map<string, PartnerUser>;
  /** Hashed against when the e-mail is unknown, so that the answer takes as long as for a known one. */
  private readonly decoyHash: string;

  constructor(
    users: PartnerUser[],
    /** true for the bundled demo users (the login page then names the demo password). */
    readonly isDemo: boolean,
  ) {
    this.bySubMap = new Map(users.map((u) => [u.sub, u]));
    this.byEmailMap = new Map(users.map((u) => [normalizeEmail(u.email), u]));
    this.decoyHash = users[0]!.password_hash;
  }

  bySub(sub: string): PartnerUserProfile | undefined {
    const u = this.bySubMap.get(sub);
    return u && profile(u);
  }

  byEmail(email: string): PartnerUserProfile | undefined {
    const u = this.byEmailMap.get(normalizeEmail(email));
    return u && profile(u);
  }

  /** Failed checks per address (./throttle.ts), shared by the login page and the partner API. */
  private readonly throttle = new FailureThrottle();

  /**
   * The user these credentials belong to; undefined alike for an unknown e-mail and a wrong password. After too many
   * failures for one address, throws Throttled without checking the password (the caller answers 429).
   */
  async authenticate(email: string, password: string): Promise<PartnerUserProfile | undefined> {
    const key = normalizeEmail(email);
    const retryAfter = await this.throttle.attempt(key);
    if (retryAfter !== undefined) throw new Throttled(retryAfter);
    const u = this.byEmailMap.get(key);
    const ok = await verifyPassword(password, u?.password_hash ?? this.decoyHash);
    if (u && ok) {
      await this.throttle.succeeded(key);
      return profile(u);
    }
    return undefined;
  }
}

/** Too many failed password checks for one address: try again after `retryAfter` seconds. */
export class Throttled extends Error {
  constructor(readonly retryAfter: number) {
    super(`too many failed attempts for this address; try again in ${Math.ceil(retryAfter / 60)} minutes`);
  }
}

/** The directory of a users file ({"users": [...]}), or the demo users when none is given. */
export function loadUsers(file?: string): UserDirectory {
  if (!file) return new UserDirectory(parseUsers(demoUsersJson, "demo-users.json"), true);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`cannot read the users file ${file}: ${(e as Error).message}`);
  }
  const users = parseUsers(raw, file);
  const emails = new Set(users.map((u) => normalizeEmail(u.email)));
  if (emails.size !== users.length || new Set(users.map((u) => u.sub)).size !== users.length) {
    throw new Error(`${file}: sub and email must be unique`);
  }
  return new UserDirectory(users, false);
}
