import { processShared } from "@/lib/runtime";
import { config } from "@/lib/config";
import { openStore, type Store } from "./db";

export { openStore, type Store } from "./db";
export type * from "./types";
export { HOTEL_COLUMNS } from "./types";
export { publishedHotelPages } from "./published-hotels";
export { copyByteaInto } from "./copy-bytes";

/** Opens the store the environment names (DATABASE_URL), for commands and tests that want the configured one. */
export function openConfiguredStore(): Promise<Store> {
  const cfg = config();
  return openStore({ kind: cfg.databaseKind, url: cfg.DATABASE_URL, sqliteFile: cfg.sqliteFile });
}

const state = processShared("store", () => ({ store: undefined as Promise<Store> | undefined }));
/** One store per server process, opened (and migrated) on first use. */
export function store(): Promise<Store> {
  state.store ??= openConfiguredStore().catch((e: unknown) => {
    state.store = undefined;
    throw e;
  });
  return state.store;
}
export {
  holdLease,
  holderCertainlyDead,
  holderName,
  holderShown,
  leaseStale,
  releaseLease,
  renewLease,
  takeLease,
  type HeldLease,
  type LeaseRow,
  type LeaseTry,
} from "./lease";

export { migrateToLatest, storeMigrator } from "./migrations";
