import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError, parseIpRange } from "@/lib/http/node";
import { processShared } from "@/lib/runtime";
import type { Database } from "@/lib/store";

/**
 * Partner keys of the assistant endpoint (spec §5): issued by operators (`npm run mcp:keys`) with the partner's name,
 * use case and expected IP ranges (rule 4). Keys identify and are not secrets (rule 2), but only their SHA-256
 * digest is stored and the key is shown once, when it is made: a copy of the database does not hand out keys.
 */
export interface McpKey {
  /** Public handle ("mk_…"): lists, revocation and logs use it, never the key. */
  id: string;
  partner: string;
  useCase: string;
  /** CIDR ranges the key may be used from; empty: any address. */
  ipRanges: string[];
  /** The key's own limit per window; undefined: the partner tier's. */
  rateLimit?: number;
  createdAt: string;
  revokedAt?: string;
}

/** What a key looks like: "mcp_" and 32 characters of base64url (192 random bits). */
export const KEY_PATTERN = /^mcp_[A-Za-z0-9_-]{32}$/;

export const digestOf = (key: string) => createHash("sha256").update(key).digest("hex");

function fromRow(r: Database["mcp_keys"]): McpKey {
  return {
    id: r.id,
    partner: r.partner,
    useCase: r.use_case,
    ipRanges: JSON.parse(r.ip_ranges) as string[],
    ...(r.rate_limit === null ? {} : { rateLimit: r.rate_limit }),
    createdAt: r.created_at,
    ...(r.revoked_at === null ? {} : { revokedAt: r.revoked_at }),
  };
}

export interface NewKey {
  partner: string;
  useCase: string;
  ipRanges?: readonly string[];
  rateLimit?: number;
}

function invalid(field: string, message: string): AppError {
  return new AppError({ code: "INVALID_FIELD", field, message });
}

/** Issues a key: the key (shown once) and what is stored. Ranges are checked and normalised first. */
export async function addKey(db: Kysely<Database>, input: NewKey): Promise<{ key: string; record: McpKey }> {
  const partner = input.partner.trim();
  const useCase = input.useCase.trim();
  if (!partner || partner.length > 200)
    throw invalid("partner", "The partner's name is required (at most 200 characters)");
  if (!useCase || useCase.length > 1000) throw invalid("useCase", "The use case is required (at most 1000 characters)");
  const ranges = (input.ipRanges ?? []).map((r) => {
    const parsed = parseIpRange(r);
    if (typeof parsed === "string") throw invalid("ipRanges", parsed);
    return parsed.cidr;
  });
  if (input.rateLimit !== undefined && !(Number.isInteger(input.rateLimit) && input.rateLimit > 0)) {
    throw invalid("rateLimit", "The limit must be a positive whole number");
  }
  const key = `mcp_${randomBytes(24).toString("base64url")}`;
  const record: McpKey = {
    id: `mk_${randomBytes(6).toString("hex")}`,
    partner,
    useCase,
    ipRanges: [...new Set(ranges)],
    ...(input.rateLimit === undefined ? {} : { rateLimit: input.rateLimit }),
    createdAt: new Date().toISOString(),
  };
  await db
    .insertInto("mcp_keys")
    .values({
      id: record.id,
      digest: digestOf(key),
      partner: record.partner,
      use_case: record.useCase,
      ip_ranges: JSON.stringify(record.ipRanges),
      rate_limit: record.rateLimit ?? null,
      created_at: record.createdAt,
      revoked_at: null,
    })
    .execute();
  return { key, record };
}

export async function listKeys(db: Kysely<Database>): Promise<McpKey[]> {
  const rows = await db.selectFrom("mcp_keys").selectAll().orderBy("created_at").orderBy("id").execute();
  return rows.map(fromRow);
}

/** Revokes a key by its id ("mk_…") or by the key itself; undefined when no such key. Takes effect within the cache's life. */
export async function revokeKey(db: Kysely<Database>, idOrKey: string): Promise<McpKey | undefined> {
  const where = KEY_PATTERN.test(idOrKey)
    ? ({ column: "digest", value: digestOf(idOrKey) } as const)
    : ({ column: "id", value: idOrKey } as const);
  const row = await db.selectFrom("mcp_keys").selectAll().where(where.column, "=", where.value).executeTakeFirst();
  if (!row) return undefined;
  if (row.revoked_at === null) {
    row.revoked_at = new Date().toISOString();
    await db.updateTable("mcp_keys").set({ revoked_at: row.revoked_at }).where("id", "=", row.id).execute();
  }
  lookups().clear();
  issued().at = 0;
  return fromRow(row);
}

/** How long a lookup (found, revoked or unknown) is reused: a key revoked elsewhere stops working within this. */
export const KEY_CACHE_MS = 10_000;
const MAX_CACHED = 10_000;

/** Keys found (in force or revoked) and digests found to be unknown, apart: guessing never evicts a real key. */
const lookups = () =>
  processShared("mcp-keys", () => ({
    found: new Map<string, { at: number; key: McpKey }>(),
    unknown: new Map<string, number>(),
    clear() {
      this.found.clear();
      this.unknown.clear();
    },
  }));

/** A recent lookup of a presented key: the key, null when it was unknown, undefined when not looked up lately. */
export function cachedKey(presented: string): McpKey | null | undefined {
  if (!KEY_PATTERN.test(presented)) return null;
  const digest = digestOf(presented);
  const cache = lookups();
  const hit = cache.found.get(digest);
  if (hit && Date.now() - hit.at < KEY_CACHE_MS) return hit.key;
  const miss = cache.unknown.get(digest);
  if (miss !== undefined && Date.now() - miss < KEY_CACHE_MS) return null;
  return undefined;
}

/**
 * Every issued key (in force or revoked) by digest, read whole from the store at most every KEY_CACHE_MS: a key a
 * partner was issued is recognised from memory, before and whatever unknown keys from its network cost (lib/mcp/
 * access.ts). Partners' keys number in the hundreds at most.
 */
const issued = () =>
  processShared("mcp-issued-keys", () => ({
    at: 0,
    keys: new Map<string, McpKey>(),
    loading: undefined as Promise<void> | undefined,
  }));

/** The issued key a request presents, from the table in memory; undefined when it is not (or not yet) in it. */
export async function issuedKey(db: Kysely<Database>, presented: string): Promise<McpKey | undefined> {
  if (!KEY_PATTERN.test(presented)) return undefined;
  const table = issued();
  if (Date.now() - table.at >= KEY_CACHE_MS) {
    table.loading ??= db
      .selectFrom("mcp_keys")
      .selectAll()
      .execute()
      .then((rows) => {
        table.keys = new Map(rows.map((r) => [r.digest, fromRow(r)]));
        table.at = Date.now();
      })
      .finally(() => (table.loading = undefined));
    await table.loading;
  }
  return table.keys.get(digestOf(presented));
}

/** The key a request presents, from the store (reused for KEY_CACHE_MS); null for a malformed or unknown key. */
export async function findKey(db: Kysely<Database>, presented: string): Promise<McpKey | null> {
  const cached = cachedKey(presented);
  if (cached !== undefined) return cached;
  const digest = digestOf(presented);
  const row = await db.selectFrom("mcp_keys").selectAll().where("digest", "=", digest).executeTakeFirst();
  const cache = lookups();
  if (!row) {
    if (cache.unknown.size >= MAX_CACHED) cache.unknown.clear();
    cache.unknown.set(digest, Date.now());
    return null;
  }
  const key = fromRow(row);
  if (cache.found.size >= MAX_CACHED) cache.found.clear();
  cache.found.set(digest, { at: Date.now(), key });
  return key;
}
