import os from "node:os";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { AppError } from "@/lib/http/errors";
import type { Database } from "@/lib/store";

const LOCK_NAME = "content-sync";

export interface SyncLock {
  holder: string;
  /** True once another process has taken the lock over (this one was presumed dead). */
  readonly lost: boolean;
  setRun(runId: number): Promise<void>;
  release(): Promise<void>;
}

function holderAlive(holder: string): boolean {
  const [host, pidText] = holder.split(":");
  if (host !== os.hostname()) return true; // another machine: only the heartbeat can tell
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid === process.pid) return pid === process.pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One sync at a time, across processes and machines sharing the store. The holder renews a heartbeat; a lock whose
 * holder has died (same machine, no such process) or stopped renewing for staleSeconds is taken over.
 */
export async function acquireSyncLock(db: Kysely<Database>, staleSeconds: number): Promise<SyncLock> {
  const holder = `${os.hostname()}:${process.pid}:${randomUUID()}`;
  const now = () => new Date().toISOString();
  const t = now();
  const refuse = (current: { holder: string; run_id: number | null; acquired_at: string } | undefined) =>
    new AppError({
      status: 409,
      code: "SYNC_LOCKED",
      message: `Another sync is running (${current?.holder.split(":").slice(0, 2).join(" pid ")}, run ${current?.run_id ?? "starting"}, since ${current?.acquired_at}); try again when it ends`,
    });
  const isStale = (current: { holder: string; heartbeat_at: string }) =>
    !holderAlive(current.holder) || Date.now() - Date.parse(current.heartbeat_at) > staleSeconds * 1000;

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
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    if (!taken) throw refuse(current);
  }

  let lost = false;
  const timer = setInterval(
    () => {
      db.updateTable("sync_lock")
        .set({ heartbeat_at: now() })
        .where("name", "=", LOCK_NAME)
        .where("holder", "=", holder)
        .executeTakeFirst()
        .then((r) => {
          if (Number(r.numUpdatedRows) === 0) lost = true;
        })
        .catch(() => undefined);
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
    async release() {
      clearInterval(timer);
      await db.deleteFrom("sync_lock").where("name", "=", LOCK_NAME).where("holder", "=", holder).execute();
    },
  };
}
