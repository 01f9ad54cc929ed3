import { SyncError } from "../errors";
import { readBatches, type RecordBatch, type ThreadedReader } from "./reader";
import type { PreparedBatch, Stager } from "./stage";
import type { ExportFile, ExportSource } from "./sources";
import type { SyncSummary } from "./run-record";

export interface SyncProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  records: number;
}

/** Batches in flight between reading and writing: enough to keep the checker busy, few enough to keep memory flat. */
const PIPELINE_DEPTH = 2;

/**
 * Streams every file of the source through the stager: read (and hash) → look up and check → write, in order, with
 * a couple of batches prepared ahead so the reader, the checker and the database work at the same time.
 */
export async function stageExport(opts: {
  source: ExportSource;
  stager: Stager;
  /** Read in a worker thread through this reader; on the calling thread when absent. */
  reader?: ThreadedReader;
  batchSize?: number;
  onProgress?: (p: SyncProgress) => void;
  /** The listing the run reads, before any file is read. */
  onListing?: (files: ExportFile[]) => void;
}): Promise<SyncSummary["files"]> {
  const { source, stager } = opts;
  const files = await source.listFiles();
  opts.onListing?.(files);
  if (!files.length) {
    throw new SyncError({
      code: "EMPTY_EXPORT",
      message: `${source.label} holds no export files (.json, .jsonl, .ndjson, optionally .gz)`,
    });
  }
  const totalBytes = files.reduce((a, f) => a + f.size, 0);
  const batchSize = opts.batchSize ?? 500;
  const done: SyncSummary["files"] = [];
  let bytesBefore = 0;
  let fileStart = 0;
  const ahead: { prepared: Promise<PreparedBatch>; batch: RecordBatch }[] = [];
  const commitOldest = async () => {
    const { prepared, batch } = ahead.shift()!;
    await stager.commit(await prepared);
    batch.release?.();
    opts.onProgress?.({
      file: batch.file,
      bytesRead: bytesBefore + batch.bytesRead,
      totalBytes,
      records: stager.counts.seen,
    });
    if (batch.last) {
      const file = files.find((f) => f.name === batch.file)!;
      bytesBefore += file.size;
      done.push({ name: file.name, bytes: file.size, records: stager.counts.seen - fileStart });
      fileStart = stager.counts.seen;
    }
  };
  const batches = opts.reader ? opts.reader.batches(files, batchSize) : readBatches(source, files, batchSize);
  try {
    for await (const batch of batches) {
      const prepared = stager.prepare(batch);
      prepared.catch(() => undefined); // awaited in commitOldest
      ahead.push({ prepared, batch });
      if (ahead.length >= PIPELINE_DEPTH) await commitOldest();
    }
    while (ahead.length) await commitOldest();
  } finally {
    await Promise.allSettled(ahead.splice(0).map((a) => a.prepared));
  }
  return done;
}
