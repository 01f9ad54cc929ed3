import crypto from "node:crypto";
import { SyncError, type SyncErrorCode } from "../errors";
import { decode, splitRecords, type RawRecord } from "./records";
import type { ExportFile, ExportSource, SourceSpec } from "./sources";
import { startWorker } from "./worker";
import type { StepClock, ThreadTimes } from "./thread-times";

/** A batch of records read from one export file, each with the hash of its bytes. */
export interface RecordBatch {
  file: string;
  records: RawRecord[];
  hashes: string[];
  /** Bytes of the file read so far (compressed size for .gz), for progress. */
  bytesRead: number;
  /** True on the file's last batch. */
  last: boolean;
  /** Called once the batch is written: its bytes' buffer may then be reused (none of its records may be kept). */
  release?: () => void;
}

/** SHA-256 of a record's exact bytes (one-shot, no string re-encoding): how unchanged records are recognised. */
export function contentHash(bytes: Buffer): string {
  return crypto.hash("sha256", bytes, "base64url");
}

/**
 * Reads, decompresses, splits and hashes the files of a source, in order, on the calling thread. With a clock, the
 * splitting and hashing are timed (the splitter's time excludes its wait for decompressed input).
 */
export async function* readBatches(
  source: ExportSource,
  files: ExportFile[],
  batchSize: number,
  clock?: StepClock,
): AsyncGenerator<RecordBatch> {
  for (const file of files) {
    let bytesRead = 0;
    let inputMs = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const c of source.read(file)) {
        bytesRead += c.length;
        yield c;
      }
    }
    async function* timedInput(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      const it = chunks[Symbol.asyncIterator]();
      for (;;) {
        const t = performance.now();
        const next = await it.next();
        inputMs += performance.now() - t;
        if (next.done) return;
        yield next.value;
      }
    }
    let records: RawRecord[] = [];
    const batch = (last: boolean): RecordBatch => {
      const t = performance.now();
      const out = { file: file.name, records, hashes: records.map((r) => contentHash(r.bytes)), bytesRead, last };
      clock?.add("hash", performance.now() - t);
      records = [];
      return out;
    };
    const decoded = decode(file.name, counted());
    const split = splitRecords(file.name, clock ? timedInput(decoded) : decoded)[Symbol.asyncIterator]();
    for (;;) {
      const t = performance.now();
      const before = inputMs;
      const next = await split.next();
      clock?.add("split", performance.now() - t - (inputMs - before));
      if (next.done) break;
      records.push(next.value);
      if (records.length >= batchSize) yield batch(false);
    }
    yield batch(true);
  }
}

/** Worker → main messages. Record bytes travel in one SharedArrayBuffer per batch (no copy, here or to the checker). */
export type ReaderMessage =
  | {
      type: "batch";
      file: string;
      lines: number[];
      /** Per record: its size when over the per-record limit, else 0. */
      oversize: number[];
      ends: number[];
      hashes: string[];
      /** One of the reader's recycled batch buffers (only the first ends[ends.length - 1] bytes are this batch's). */
      bytes: SharedArrayBuffer;
      slot: number;
      bytesRead: number;
      last: boolean;
    }
  | { type: "error"; error: { message: string; code?: SyncErrorCode; field?: string } }
  | { type: "done"; times: ThreadTimes };

/** How many batches the reader may run ahead of the consumer: keeps memory flat. */
const CREDIT = 3;
/**
 * Batch buffers in circulation: those running ahead, plus those the pipeline holds until they are written (its
 * depth and the one being handed over), plus one being filled.
 */
const BATCH_BUFFERS = CREDIT + 4;

export interface ThreadedReader {
  /** The batches of these files, in order; call once. */
  batches(files: ExportFile[], batchSize: number): AsyncGenerator<RecordBatch>;
  close(): Promise<void>;
  /** Where the reader thread's time went, once it has read everything. */
  times(): ThreadTimes | undefined;
}

/**
 * Reads batches in a worker thread, so the transfer (SSH decryption), decompression, splitting and hashing overlap
 * with the database work on the main thread. Opened early, the worker connects to the source while the main thread
 * does its own set-up. Same batches, same order as readBatches.
 */
export function openThreadedReader(spec: SourceSpec): ThreadedReader {
  const worker = startWorker(import.meta.url, "read-worker");
  const inbox: ReaderMessage[] = [];
  let wake: (() => void) | undefined;
  let crashed: Error | undefined;
  let times: ThreadTimes | undefined;
  worker.on("message", (m: ReaderMessage) => {
    inbox.push(m);
    wake?.();
  });
  worker.on("error", (e) => {
    crashed = e;
    wake?.();
  });
  worker.on("exit", (code) => {
    crashed ??= new Error(`export reader worker exited (${code})`);
    wake?.();
  });
  worker.postMessage({ type: "open", spec });
  const close = async () => {
    worker.removeAllListeners("exit");
    await worker.terminate();
  };
  return {
    close,
    times: () => times,
    async *batches(files, batchSize) {
      worker.postMessage({ type: "start", files, batchSize, credit: CREDIT, buffers: BATCH_BUFFERS });
      try {
        for (;;) {
          while (!inbox.length) {
            if (crashed) throw crashed;
            await new Promise<void>((r) => (wake = r));
            wake = undefined;
          }
          const m = inbox.shift()!;
          if (m.type === "done") {
            times = m.times;
            return;
          }
          if (m.type === "error") {
            const { message, code, field } = m.error;
            throw code ? new SyncError({ code, message, field }) : new Error(message);
          }
          const bytes = Buffer.from(m.bytes);
          const records: RawRecord[] = m.lines.map((line, i) => ({
            bytes: bytes.subarray(i ? m.ends[i - 1] : 0, m.ends[i]),
            file: m.file,
            line,
            ...(m.oversize[i] ? { oversize: m.oversize[i] } : {}),
          }));
          const release = () => worker.postMessage({ type: "release", slot: m.slot });
          yield { file: m.file, records, hashes: m.hashes, bytesRead: m.bytesRead, last: m.last, release };
          worker.postMessage({ type: "credit" });
        }
      } finally {
        await close();
      }
    },
  };
}
