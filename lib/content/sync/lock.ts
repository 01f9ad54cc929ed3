import type { Kysely } from "kysely";
import { SyncError } from "../errors";
import { holdLease, holderShown, leaseStale, type Database } from "@/lib/store";

export { holderCertainlyDead, holderName } from "@/lib/store";

const LOCK_NAME = "content-sync";

export interface SyncLock {
  holder: string;
  /** True once another process has taken the lock over (this one was presumed dead). */
  readonly lost: boolean;
  setRun(runId: number): Promise<void>;
  /**
   * Inside the publish transaction: renews the heartbeat and throws SYNC_LOCK_LOST when another process holds the
   * lock now. The update locks the row (PostgreSQL) or runs under the writer lock (SQLite), so no one can take the lock
   * over between this check and the commit.
   */
  confirm(trx: Kysely<Database>): Promise<void>;
  release(): Promise<void>;
}

export const lockLost = () =>
  new SyncError({
    code: "SYNC_LOCK_LOST",
    message: "Another process took over the sync lock; this run did not publish",
  });

/**
 * One sync at a time, across processes and machines sharing the store: a lease of the store (lib/store/lease.ts)
 * whose heartbeat is renewed every third of staleSeconds. A holder that comes back after a takeover finds the lock
 * lost (heartbeat) and cannot publish (confirm).
 */
export async function acquireSyncLock(db: Kysely<Database>, staleSeconds: number): Promise<SyncLock> {
  const held = await holdLease(db, LOCK_NAME, staleSeconds);
  if (!held.lease) {
    const current = held.current;
    throw new SyncError({
      code: "SYNC_LOCKED",
      message: `Another sync is running (${current && holderShown(current.holder)}, run ${current?.run_id ?? "starting"}, since ${current?.acquired_at}); try again when it ends`,
    });
  }
  const { lease } = held;
  return {
    holder: lease.holder,
    get lost() {
      return lease.lost;
    },
    async setRun(runId) {
      await db.updateTable("sync_lock").set({ run_id: runId }).where("holder", "=", lease.holder).execute();
    },
    async confirm(trx) {
      if (lease.lost || !(await lease.renew(trx))) throw lockLost();
    },
    release: () => lease.release(),
  };
}

/** Runs work while holding the sync lock (place imports and recounts, which must not interleave with a publish). */
export async function withSyncLock<T>(
  db: Kysely<Database>,
  staleSeconds: number,
  work: (lock: SyncLock) => Promise<T>,
): Promise<T> {
  const lock = await acquireSyncLock(db, staleSeconds);
  try {
    return await work(lock);
  } finally {
    await lock.release().catch(() => undefined);
  }
}

/**
 * The run the sync lock's live holder works on (a sync between its publish and its recount, say); undefined when no
 * live process holds the lock.
 */
export async function runUnderSyncLock(db: Kysely<Database>, staleSeconds: number): Promise<number | null | undefined> {
  const row = await db.selectFrom("sync_lock").selectAll().where("name", "=", LOCK_NAME).executeTakeFirst();
  if (!row || leaseStale(row, staleSeconds)) return undefined;
  return row.run_id == null ? null : Number(row.run_id);
}
