import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * Sessions, interactions, grants, codes and tokens, in memory, owned by one running IdP rather than by a Provider:
 * oidc-provider 9.13 gives each Provider its own memory store (initialize_adapter.js calls createMemoryAdapter), so a
 * key reload, which builds a new Provider, would otherwise drop every session and code. Same contract as the
 * library's adapter (lib/adapters/memory_adapter.js), with a larger cap than its 1000 entries: entries leave when
 * they expire, and beyond MAX_ENTRIES the oldest leave first (anyone can make an interaction by opening /authorize;
 * memory stays bounded at the price of the oldest sessions under such a flood).
 */
export interface ProviderStore {
  adapter: (model: string) => Adapter;
  /** Stops the expiry sweep. */
  dispose(): void;
}

interface Entry {
  value: unknown;
  /** Milliseconds since the epoch; Infinity for entries without a lifetime. */
  expiresAt: number;
}

/** Kinds whose entries belong to a grant and leave with it (revokeByGrantId). */
const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);
const SWEEP_INTERVAL_MS = 60_000;
export const MAX_ENTRIES = 50_000;

export function createProviderStore(clockToleranceSeconds: number, maxEntries = MAX_ENTRIES): ProviderStore {
  const entries = new Map<string, Entry>();

  const get = (key: string): unknown => {
    const e = entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e.value;
  };
  const set = (key: string, value: unknown, expiresAt: number) => {
    entries.delete(key); // re-inserted last: the Map's order is the order of last writes
    entries.set(key, { value, expiresAt });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, e] of entries) if (e.expiresAt <= now) entries.delete(key);
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const adapter = (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const find = async (id: string | undefined) => (id ? (get(key(id)) as AdapterPayload | undefined) : undefined);
    return {
      async upsert(id, payload, expiresIn) {
        // The store keeps entries a clock tolerance longer, as the library's does; the models check exp themselves.
        const expiresAt =
          typeof expiresIn === "number" ? Date.now() + (expiresIn + clockToleranceSeconds) * 1000 : Infinity;
        set(key(id), payload, expiresAt);
        if (model === "Session" && payload.uid) set(`sessionUid:${payload.uid}`, id, expiresAt);
        if (payload.userCode) set(`userCode:${payload.userCode}`, id, expiresAt);
        if (GRANTABLE.has(model) && payload.grantId) {
          const grantKey = `grant:${payload.grantId}`;
          const members = (get(grantKey) as Set<string> | undefined) ?? new Set<string>();
          members.add(key(id));
          set(grantKey, members, Math.max(expiresAt, entries.get(grantKey)?.expiresAt ?? 0));
        }
      },
      find: async (id) => find(id),
      findByUid: async (uid) => find(get(`sessionUid:${uid}`) as string | undefined),
      findByUserCode: async (userCode) => find(get(`userCode:${userCode}`) as string | undefined),
      async consume(id) {
        const payload = get(key(id)) as AdapterPayload | undefined;
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        const members = get(`grant:${grantId}`) as Set<string> | undefined;
        for (const member of members ?? []) entries.delete(member);
        entries.delete(`grant:${grantId}`);
      },
    };
  };

  return { adapter, dispose: () => clearInterval(sweep) };
}
