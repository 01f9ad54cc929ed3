import fs from "node:fs";
import os from "node:os";
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, SyncLockTable } from "./types";

/**
 * Named leases in the store (the `sync_lock` table, a row per name): one holder at a time across processes and
 * machines sharing the store, whichever database it is. The holder renews a heartbeat; a lease is taken over when its
 * heartbeat is older than staleSeconds, or at once when its holder is a process of this kernel and pid namespace
 * that no longer exists. The content sync's lock and the sign-on validator's one run at a time are leases.
 */
export type LeaseRow = SyncLockTable;

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

/** A holder as people read it: its host and process id. */
export const holderShown = (holder: string) => holder.split(":").slice(0, 2).join(" pid ");

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

/** The lease taken (its holder name), or refused with the row of whoever holds it (undefined if it just ended). */
export type LeaseTry = { taken: true; holder: string } | { taken: false; current: LeaseRow | undefined };

/** A lease whose holder is presumed dead: its process is gone, or its heartbeat is older than staleSeconds. */
export const leaseStale = (row: LeaseRow, staleSeconds: number): boolean =>
  holderCertainlyDead(row.holder) || Date.now() - Date.parse(row.heartbeat_at) > staleSeconds * 1000;

/** Takes the lease `name` unless a live holder has it (its heartbeat within staleSeconds and its process alive). */
export async function takeLease(db: Kysely<Database>, name: string, staleSeconds: number): Promise<LeaseTry> {
  const holder = holderName();
  const t = new Date().toISOString();
  const isStale = (current: LeaseRow) => leaseStale(current, staleSeconds);

  // Look before writing: a live holder is refused at once, even while a transaction of its own holds the writer.
  const existing = await db.selectFrom("sync_lock").selectAll().where("name", "=", name).executeTakeFirst();
  if (existing && !isStale(existing)) return { taken: false, current: existing };
  const inserted = await db
    .insertInto("sync_lock")
    .values({ name, holder, run_id: null, acquired_at: t, heartbeat_at: t })
    .onConflict((oc) => oc.column("name").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { taken: true, holder };
  const current = await db.selectFrom("sync_lock").selectAll().where("name", "=", name).executeTakeFirst();
  // Taken only from the holder judged stale, and only if its heartbeat has not moved since (compare and set).
  const taken =
    current &&
    isStale(current) &&
    Number(
      (
        await db
          .updateTable("sync_lock")
          .set({ holder, run_id: null, acquired_at: t, heartbeat_at: t })
          .where("name", "=", name)
          .where("holder", "=", current.holder)
          .where("heartbeat_at", "=", current.heartbeat_at)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1;
  return taken ? { taken: true, holder } : { taken: false, current };
}

/** Renews the holder's heartbeat; false when the lease is no longer its own (taken over, or released). */
export async function renewLease(db: Kysely<Database>, name: string, holder: string): Promise<boolean> {
  const r = await db
    .updateTable("sync_lock")
    .set({ heartbeat_at: new Date().toISOString() })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Ends the holder's lease (nothing when it is another's by now). */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom("sync_lock").where("name", "=", name).where("holder", "=", holder).execute();
}

/** A lease held, its heartbeat renewed every third of staleSeconds until released. */
export interface HeldLease {
  holder: string;
  /** True once another process has taken the lease over (this one was presumed dead). */
  readonly lost: boolean;
  /** Renews now (on `on`: a transaction, to renew within it); false, and lost from then on, when it is not ours. */
  renew(on?: Kysely<Database>): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the lease `name` and keeps it alive; undefined (with whoever holds it) when a live holder has it. */
export async function holdLease(
  db: Kysely<Database>,
  name: string,
  staleSeconds: number,
): Promise<{ lease: HeldLease } | { lease?: undefined; current: LeaseRow | undefined }> {
  const tried = await takeLease(db, name, staleSeconds);
  if (!tried.taken) return { current: tried.current };
  const { holder } = tried;
  let lost = false;
  const renew = async (on: Kysely<Database> = db) => {
    if (!(await renewLease(on, name, holder))) lost = true;
    return !lost;
  };
  const timer = setInterval(
    () => {
      renew().catch(() => undefined);
    },
    Math.max(1000, (staleSeconds * 1000) / 3),
  );
  timer.unref();
  return {
    lease: {
      holder,
      get lost() {
        return lost;
      },
      renew,
      async release() {
        clearInterval(timer);
        await releaseLease(db, name, holder);
      },
    },
  };
}
