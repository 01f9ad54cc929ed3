import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { StepClock } from "./thread-times";

/**
 * Worker thread: checkpoints a SQLite database's WAL while a sync run writes to it on the main thread. A PASSIVE
 * checkpoint never blocks the writer; copying the new frames into the database file and syncing it (mostly waiting
 * on the disk) happens here instead of in one long checkpoint at the end of the run.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SQLite(file, { fileMustExist: true });
db.pragma("synchronous = NORMAL");
const clock = new StepClock("checkpointer");
let timer: NodeJS.Timeout | undefined;

function round(): void {
  clock.time("checkpoint", () => db.pragma("wal_checkpoint(PASSIVE)"));
  timer = setTimeout(round, intervalMs);
}

parentPort!.on("message", (m: { type: "stop" }) => {
  if (m.type !== "stop") return;
  clearTimeout(timer);
  db.close();
  parentPort!.postMessage({ type: "stopped", times: clock.report() });
  parentPort!.close();
});
timer = setTimeout(round, intervalMs);
