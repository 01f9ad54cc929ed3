import fs from "node:fs";
import os from "node:os";
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { SyncError } from "@/lib/content/errors";
import type { Database } from "@/lib/store";

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

function readOr(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/**
 * Where a process id means something: the kernel (its boot id) and the pid namespace. Two containers can share a host
 * name and even a kernel, but never a pid namespace; where either cannot be read, no process id is ever trusted.
 */
const PROCESS_SCOPE = (() => {
  const boot = readOr(() => fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8"));
  const pidNamespace = readOr(() => fs.readlinkSync("/proc/self/ns/pid"));
  if (!boot || !pidNamespace) return null;
  return createHash("sha256").update(`${boot}\n${pidNamespace}`).digest("hex").slice(0, 16);
})();

/** A holder name: host, process id, process scope (or "-") and a unique part. */
export function holderName(pid = process.pid, scope = PROCESS_SCOPE): string {
  return `${os.hostname()}:${pid}:${scope ?? "-"}:${randomUUID()}`;
}

/**
 * False only when the holder is certainly dead: a process of our own kernel and pid namespace that no longer exists.
 * Anything else (another machine or container, an older holder name, no scope) is judged by its heartbeat alone.
 */
export function holderCertainlyDead(holder: string): boolean {
  const [, pidText, scope] = holder.split(":");
  if (!PROCESS_SCOPE || scope !== PROCESS_SCOPE) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * One sync at a time, across processes and machines sharing the store. The holder renews a heartbeat every third of
 * staleSeconds; a lock is taken over when its heartbeat is older than staleSeconds, or at once when its holder is a
 * process of this kernel and pid namespace that no longer exists. A holder that comes back after a takeover finds the
 * lock lost (heartbeat) and cannot publish (confirm).
 */
export async function acquireSyncLock(db: Kysely<Database>, staleSeconds: number): Promise<SyncLock> {
  const holder = holderName();
  const now = () => new Date().toISOString();
  const t = now();
  const refuse = (current: { holder: string; run_id: number | null; acquired_at: string } | undefined) =>
    new SyncError({
      code: "SYNC_LOCKED",
      message: `Another sync is running (${current?.holder.split(":").slice(0, 2).join(" pid ")}, run ${current?.run_id ?? "starting"}, since ${current?.acquired_at}); try again when it ends`,
    });
  const isStale = (current: { holder: string; heartbeat_at: string }) =>
    holderCertainlyDead(current.holder) || Date.now() - Date.parse(current.heartbeat_at) > staleSeconds * 1000;

  // Look before writing: a live holder is refused at once, even while its publish transaction holds the writer.
  const existing = await db.selectFrom("sync_lock").selectAll().where("name", "=", LOCK_NAME).executeTakeFirst();
  if (existing && !isStale(existing)) throw refuse(existing);
  const inserted = await db
    .insertInto("sync_lock")
    .values({ name: LOCK_NAME, holder, run_id: null, acquired_at: t, heartbeat_at: t })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const current = await db.selectFrom("sync_lock").selectAll().where("name", "=", LOCK_NAME).executeTakeFirst();
    // Taken only from the holder judged stale, and only if its heartbeat has not moved since (compare and set).
    const taken =
      current &&
      isStale(current) &&
      Number(
        (
          await db
            .updateTable("sync_lock")
            .set({ holder, run_id: null, acquired_at: t, heartbeat_at: t })
            .where("name", "=", LOCK_NAME)
            .where("holder", "=", current.holder)
            .where("heartbeat_at", "=", current.heartbeat_at)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    if (!taken) throw refuse(current);
  }

  let lost = false;
  const renew = async (on: Kysely<Database>) => {
    const r = await on
      .updateTable("sync_lock")
      .set({ heartbeat_at: now() })
      .where("name", "=", LOCK_NAME)
      .where("holder", "=", holder)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) lost = true;
    return !lost;
  };
  const timer = setInterval(
    () => {
      renew(db).catch(() => undefined);
    },
    Math.max(1000, (staleSeconds * 1000) / 3),
  );
  timer.unref();

  return {
    holder,
    get lost() {
      return lost;
    },
    async setRun(runId) {
      await db.updateTable("sync_lock").set({ run_id: runId }).where("holder", "=", holder).execute();
    },
    async confirm(trx) {
      if (lost || !(await renew(trx))) throw lockLost();
    },
    async release() {
      clearInterval(timer);
      await db.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).where("holder", "=", holder).execute();
    },
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
