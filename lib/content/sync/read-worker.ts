import { parentPort } from "node:worker_threads";
import { log as threadLog } from "@/lib/log";
import { isSyncError } from "../errors";
import { LocalSource, SftpSource, type ExportFile, type ExportSource } from "./sources";
import type { SftpOptions } from "./sources/sftp";
import { readBatches, type ReaderMessage } from "./reader";
import type { SourceSpec } from "./sources";
import { packInto } from "./check";
import { BatchBuffers } from "./batch-buffers";
import { StepClock } from "./thread-times";

/** Worker thread: reads an export (SFTP or local), splits and hashes records, and hands batches to the main thread. */
const port = parentPort!;
let credit = 0;
let batchBuffers = new BatchBuffers(1);
/** Started when the worker starts: the reader's busy time includes connecting to the source. */
const clock = new StepClock("reader");
let granted: (() => void) | undefined;

function open(spec: SourceSpec): ExportSource {
  if (spec.kind === "local") return new LocalSource(spec.target);
  const log = threadLog.child({ thread: "reader" });
  const options = spec.options as unknown as Omit<SftpOptions, "log">;
  // Buffers arrive as plain Uint8Arrays after the thread hop; ssh2 wants a Buffer.
  const privateKey = options.privateKey ? Buffer.from(options.privateKey) : undefined;
  return new SftpSource({ ...options, privateKey, log });
}

let source: ExportSource | undefined;
/** Connecting (listing the files) as soon as the worker opens, while the main thread sets up the run. */
let warm: Promise<unknown> = Promise.resolve();

async function run(files: ExportFile[], batchSize: number): Promise<void> {
  try {
    await warm;
    if (!source) throw new Error("reader started before it was opened");
    for await (const b of readBatches(source, files, batchSize, clock)) {
      while (credit <= 0) await new Promise<void>((r) => (granted = r));
      credit--;
      const t = performance.now();
      // The batch's bytes go into a shared buffer: the main thread and the checker thread read them, never copied again.
      const records = b.records.map((r) => r.bytes);
      const slot = await batchBuffers.take(records.reduce((a, r) => a + r.length, 0));
      const msg: ReaderMessage = {
        type: "batch",
        file: b.file,
        lines: b.records.map((r) => r.line),
        oversize: b.records.map((r) => r.oversize ?? 0),
        ends: packInto(records, Buffer.from(batchBuffers.buffer(slot))),
        hashes: b.hashes,
        bytes: batchBuffers.buffer(slot),
        slot,
        bytesRead: b.bytesRead,
        last: b.last,
      };
      port.postMessage(msg);
      clock.add("hand-off", performance.now() - t);
    }
    port.postMessage({ type: "done", times: clock.report() } satisfies ReaderMessage);
  } catch (e) {
    const error = isSyncError(e)
      ? { message: e.message, code: e.code, field: e.field }
      : { message: (e as Error).message };
    port.postMessage({ type: "error", error } satisfies ReaderMessage);
  } finally {
    await source?.close().catch(() => undefined);
  }
}

type Command =
  | { type: "open"; spec: SourceSpec }
  | { type: "start"; files: ExportFile[]; batchSize: number; credit: number; buffers: number }
  | { type: "credit" }
  | { type: "release"; slot: number };

port.on("message", (m: Command) => {
  if (m.type === "open") {
    try {
      source = open(m.spec);
      warm = source.listFiles().catch(() => undefined); // a failure here shows again, properly, when reading
    } catch (e) {
      warm = Promise.reject(e);
      warm.catch(() => undefined);
    }
  } else if (m.type === "start") {
    credit = m.credit;
    batchBuffers = new BatchBuffers(m.buffers);
    void run(m.files, m.batchSize);
  } else if (m.type === "release") {
    batchBuffers.release(m.slot);
  } else {
    credit++;
    granted?.();
    granted = undefined;
  }
});
