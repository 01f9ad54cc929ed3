import { parentPort } from "node:worker_threads";
import pino from "pino";
import { isAppError } from "@/lib/http/errors";
import { LocalSource, SftpSource, type ExportFile, type ExportSource } from "./sources";
import type { SftpOptions } from "./sources/sftp";
import { readBatches, type ReaderMessage, type SourceSpec } from "./reader";
import { packRecords } from "./check";
import { StepClock } from "./thread-times";

/** Worker thread: reads an export (SFTP or local), splits and hashes records, and hands batches to the main thread. */
const port = parentPort!;
let credit = 0;
/** Started when the worker starts: the reader's busy time includes connecting to the source. */
const clock = new StepClock("reader");
let granted: (() => void) | undefined;

function open(spec: SourceSpec): ExportSource {
  if (spec.kind === "local") return new LocalSource(spec.target);
  const log = pino(
    { level: process.env.LOG_LEVEL ?? "info", base: { service: "hotel-platform", thread: "reader" } },
    pino.destination(2),
  );
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
      // One SharedArrayBuffer a batch: the main thread and the checker thread read the same bytes, never copied again.
      const { bytes, ends } = packRecords(
        b.records.map((r) => r.bytes),
        true,
      );
      const msg: ReaderMessage = {
        type: "batch",
        file: b.file,
        lines: b.records.map((r) => r.line),
        oversize: b.records.map((r) => r.oversize ?? 0),
        ends,
        hashes: b.hashes,
        bytes: bytes.buffer as SharedArrayBuffer,
        bytesRead: b.bytesRead,
        last: b.last,
      };
      port.postMessage(msg);
      clock.add("hand-off", performance.now() - t);
    }
    port.postMessage({ type: "done", times: clock.report() } satisfies ReaderMessage);
  } catch (e) {
    const error = isAppError(e)
      ? { message: e.message, code: e.code, status: e.status, field: e.field }
      : { message: (e as Error).message };
    port.postMessage({ type: "error", error } satisfies ReaderMessage);
  } finally {
    await source?.close().catch(() => undefined);
  }
}

type Command =
  | { type: "open"; spec: SourceSpec }
  | { type: "start"; files: ExportFile[]; batchSize: number; credit: number }
  | { type: "credit" };

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
    void run(m.files, m.batchSize);
  } else {
    credit++;
    granted?.();
    granted = undefined;
  }
});
