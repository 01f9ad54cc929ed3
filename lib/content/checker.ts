import { startWorker } from "./worker";
import { checkRecords, packRecords, type CheckResult } from "./check";
import { createValidator } from "./validate";

export interface Checker {
  check(records: Buffer[]): Promise<CheckResult[]>;
  close(): Promise<void>;
}

/** Checks records on the calling thread. */
export function inlineChecker(schemaText?: string): Checker {
  const validate = createValidator(schemaText);
  return { check: async (records) => checkRecords(records, validate), close: async () => undefined };
}

/**
 * Checks records in a worker thread, so parsing and validation (the CPU-heavy part) overlap with the transfer and
 * the database writes on the main thread. Batches are answered in the order they were sent.
 */
export function workerChecker(): Checker {
  let worker: ReturnType<typeof startWorker> | undefined;
  const pending = new Map<number, { resolve: (r: CheckResult[]) => void; reject: (e: Error) => void }>();
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
    w.on("message", (m: { seq: number; results: CheckResult[] }) => {
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
        const { bytes, ends } = packRecords(records);
        worker!.postMessage({ seq: id, bytes, ends }, [bytes.buffer as ArrayBuffer]);
      });
    },
    async close() {
      worker?.removeAllListeners("exit");
      await worker?.terminate();
    },
  };
}
