import type { Store } from "@/lib/store";
import { startWorker } from "./worker";
import type { ThreadTimes } from "./thread-times";

export interface DeferredCheckpoints {
  /** Stops the checkpoint thread, restores the default and makes the last (small) checkpoint; once. */
  finish(): Promise<void>;
  /** Where the checkpoint thread's time went, once finished. */
  times(): ThreadTimes | undefined;
}

/** How often the checkpoint thread copies what the run has written so far into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * SQLite: while a run writes, no automatic WAL checkpoints on the writing connection (each one would copy and sync
 * the database in the middle of a batch); a thread of its own checkpoints in the background instead (PASSIVE: it
 * never blocks the writer), so the disk writes and syncs overlap with the run rather than all coming at its end.
 */
export function deferCheckpoints(store: Store): DeferredCheckpoints {
  const sqlite = store.sqlite;
  if (!sqlite) return { finish: async () => undefined, times: () => undefined };
  const before = sqlite.pragma("wal_autocheckpoint", { simple: true }) as number;
  sqlite.pragma("wal_autocheckpoint = 0");
  const worker = sqlite.memory
    ? undefined
    : startWorker(import.meta.url, "checkpoint-worker", { file: sqlite.name, intervalMs: CHECKPOINT_INTERVAL_MS });
  // A failing checkpoint thread costs only the overlap: the final checkpoint below does the work.
  let times: ThreadTimes | undefined;
  worker?.on("message", (m: { type: "stopped"; times: ThreadTimes }) => (times = m.times));
  const stopped = worker
    ? new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        worker.once("error", () => resolve());
      })
    : Promise.resolve();
  let done: Promise<void> | undefined;
  return {
    times: () => times,
    finish: () =>
      (done ??= (async () => {
        worker?.postMessage({ type: "stop" });
        await stopped;
        sqlite.pragma(`wal_autocheckpoint = ${before}`);
        sqlite.pragma("wal_checkpoint(PASSIVE)");
      })()),
  };
}
