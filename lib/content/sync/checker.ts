import { startWorker } from "./worker";
import { checkRecords, packForThread, type CheckResult } from "./check";
import { createValidator } from "../validate";
import type { StepClock, ThreadTimes } from "./thread-times";

export interface Checker {
  check(records: Buffer[]): Promise<CheckResult[]>;
  /** Gets ready now rather than on the first check (a worker thread takes about half a second to start). */
  warm(): void;
  /** Where the checker thread's time went (undefined when checking runs on the calling thread). */
  times(): Promise<ThreadTimes | undefined>;
  close(): Promise<void>;
}

/** Checks records on the calling thread (its parsing and validating timed on that thread's clock, when given). */
export function inlineChecker(schemaText?: string, clock?: StepClock): Checker {
  const validate = createValidator(schemaText);
  return {
    check: async (records) => checkRecords(records, validate, clock),
    warm: () => undefined,
    times: async () => undefined,
    close: async () => undefined,
  };
}

type Reply = { seq: number; results: CheckResult[] } | { type: "times"; times: ThreadTimes };

/**
 * Checks records in a worker thread, so parsing and validation (the CPU-heavy part) overlap with the transfer and
 * the database writes on the main thread. Batches are answered in the order they were sent.
 */
export function workerChecker(clock?: StepClock): Checker {
  let worker: ReturnType<typeof startWorker> | undefined;
  const pending = new Map<number, { resolve: (r: CheckResult[]) => void; reject: (e: Error) => void }>();
  let timesAsked: ((t: ThreadTimes) => void) | undefined;
  let seq = 0;
  let failure: Error | undefined;
  const failAll = (e: Error) => {
    failure = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  // Started on first use: a run where every record is unchanged never needs it.
  const start = () => {
    const w = startWorker(import.meta.url, "check-worker");
    w.on("message", (m: Reply) => {
      if ("type" in m) return timesAsked?.(m.times);
      pending.get(m.seq)?.resolve(m.results);
      pending.delete(m.seq);
    });
    w.on("error", failAll);
    w.on("exit", (code) => failAll(new Error(`record checker worker exited (${code})`)));
    return w;
  };
  return {
    check(records) {
      if (failure) return Promise.reject(failure);
      worker ??= start();
      const id = seq++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const t = performance.now();
        const { packed, transfer } = packForThread(records);
        worker!.postMessage({ seq: id, ...packed }, transfer);
        clock?.add("hand-off", performance.now() - t);
      });
    },
    warm() {
      worker ??= start();
    },
    times() {
      if (!worker || failure) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        timesAsked = resolve;
        worker!.postMessage({ type: "times" });
      });
    },
    async close() {
      worker?.removeAllListeners("exit");
      await worker?.terminate();
    },
  };
}
