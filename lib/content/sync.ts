import type { Logger } from "@/lib/log";
import type { Store, SyncRunStatus } from "@/lib/store";
import { AppError } from "@/lib/http/errors";
import { acquireSyncLock } from "./lock";
import { readBatches, readBatchesThreaded, type RecordBatch } from "./reader";
import { compareSchemas, type SchemaStatus } from "./schema-check";
import { discardRun, publishRun, removalPreview } from "./publish";
import { deferCheckpoints } from "./staging-db";
import { Stager, type PreparedBatch, type StageCounts } from "./stage";
import type { ExportSource } from "./sources";
import { loadSchemaText } from "./validate";
import { inlineChecker, workerChecker, type Checker } from "./checker";

export interface SyncOptions {
  store: Store;
  source: ExportSource;
  log: Logger;
  /** Publish even when a safety threshold (removals, rejections) says no. */
  force?: boolean;
  /** Load even when the server's schema differs from ours (spec §9: a new major version is never loaded silently). */
  allowSchemaChange?: boolean;
  maxRemovedShare: number;
  maxRejectedShare: number;
  lockStaleSeconds: number;
  publishDelayMs?: number;
  batchSize?: number;
  /** Read and check records in worker threads (true) or all on the calling thread (false). */
  threads?: boolean;
  onProgress?: (p: SyncProgress) => void;
}

export interface SyncProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  records: number;
}

export interface SyncSummary extends StageCounts {
  runId: number;
  status: SyncRunStatus;
  source: string;
  files: { name: string; bytes: number; records: number }[];
  removed: number;
  bytes: number;
  durationMs: number;
  recordsPerSecond: number;
  mbPerSecond: number;
  schema: SchemaStatus;
  error?: { code: string; message: string };
}

/** How often a run may start over because the server replaced a file in the middle of the transfer. */
const MAX_RESTARTS = 2;
/** Batches in flight between reading and writing: enough to keep the checker busy, few enough to keep memory flat. */
const PIPELINE_DEPTH = 2;

/**
 * Pulls an export, validates every record, keeps what changed (with history) and publishes atomically.
 * Refusals (thresholds, schema) end with status "refused" and nothing published; faults with "failed" and an error.
 */
export async function syncExport(opts: SyncOptions): Promise<SyncSummary> {
  const { store, source, log } = opts;
  const db = store.db;
  const lock = await acquireSyncLock(db, opts.lockStaleSeconds);
  const started = Date.now();
  let runId = 0;
  let checker: Checker | undefined;
  try {
    await recoverAbandonedRuns(store, log);
    const run = await db
      .insertInto("sync_runs")
      .values({
        source: source.label,
        status: "running",
        forced: opts.force ? 1 : 0,
        started_at: new Date(started).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    runId = run.id;
    await lock.setRun(runId);
    log.info({ runId, source: source.label, store: store.describe }, "sync started");

    const ourSchema = loadSchemaText();
    let schema: SchemaStatus = { status: "absent" };
    const summary = (
      status: SyncRunStatus,
      counts: StageCounts,
      files: SyncSummary["files"],
      removed: number,
      error?: SyncSummary["error"],
    ): SyncSummary => {
      const durationMs = Date.now() - started;
      const bytes = files.reduce((a, f) => a + f.bytes, 0);
      return {
        runId,
        status,
        source: source.label,
        files,
        ...counts,
        removed,
        bytes,
        durationMs,
        schema,
        error,
        recordsPerSecond: counts.seen / Math.max(durationMs / 1000, 1e-3),
        mbPerSecond: bytes / 1e6 / Math.max(durationMs / 1000, 1e-3),
      };
    };
    const finishRun = async (s: SyncSummary, trx = db) => {
      await trx
        .updateTable("sync_runs")
        .set({
          status: s.status,
          finished_at: new Date().toISOString(),
          files: JSON.stringify(s.files),
          seen: s.seen,
          new: s.new,
          changed: s.changed,
          unchanged: s.unchanged,
          restored: s.restored,
          removed: s.removed,
          rejected: s.rejected,
          bytes: s.bytes,
          duration_ms: s.durationMs,
          schema_status: JSON.stringify(s.schema),
          error_code: s.error?.code ?? null,
          error_message: s.error?.message ?? null,
        })
        .where("id", "=", runId)
        .execute();
      return s;
    };

    checker = opts.threads ? workerChecker() : inlineChecker(ourSchema);
    let stager = new Stager(store, runId, checker);
    let files: SyncSummary["files"] = [];
    const restoreCheckpoints = deferCheckpoints(store);
    try {
      schema = compareSchemas(ourSchema, await source.readSchema());
      if (schema.status === "mismatch" && !opts.allowSchemaChange) {
        const s = summary("refused", stager.counts, [], 0, {
          code: "SCHEMA_MISMATCH",
          message: `The server's schemas/HotelFtpExport.json differs from ours at ${schema.differences.slice(0, 5).join(", ")}${
            schema.serverVersion && schema.serverVersion !== schema.ourVersion
              ? ` (server major version v${schema.serverVersion}, ours v${schema.ourVersion})`
              : ""
          }; nothing was loaded. Review the change, then rerun with --allow-schema-change`,
        });
        log.warn({ runId, differences: schema.differences }, "sync refused: schema mismatch");
        return await finishRun(s);
      }
      if (schema.status === "absent")
        log.warn({ runId }, "the source offers no schemas/HotelFtpExport.json to compare");

      for (let attempt = 0; ; attempt++) {
        try {
          files = await stageAll(opts, stager);
          break;
        } catch (e) {
          if (!(e instanceof AppError && e.code === "SOURCE_CHANGED") || attempt >= MAX_RESTARTS) throw e;
          log.warn({ runId, reason: e.message }, "export replaced during transfer: starting the run over");
          await discardRun(db, runId);
          await db.deleteFrom("rejected_records").where("run_id", "=", runId).execute();
          stager = new Stager(store, runId, checker);
        }
      }
      const counts = stager.counts;
      const { active, toRemove } = await removalPreview(db, runId);
      const removedShare = active ? toRemove / active : 0;
      const rejectedShare = counts.seen ? counts.rejected / counts.seen : 0;
      const refusal =
        removedShare > opts.maxRemovedShare
          ? {
              code: "REMOVAL_THRESHOLD",
              message: `The export would remove ${toRemove} of ${active} properties (${pct(removedShare)} > ${pct(opts.maxRemovedShare)}); nothing was published. Rerun with --force if this is intended`,
            }
          : rejectedShare > opts.maxRejectedShare
            ? {
                code: "REJECTION_THRESHOLD",
                message: `${counts.rejected} of ${counts.seen} records were rejected (${pct(rejectedShare)} > ${pct(opts.maxRejectedShare)}); nothing was published. Rerun with --force to publish the valid ones`,
              }
            : undefined;
      if (refusal && !opts.force) {
        await discardRun(db, runId);
        log.warn({ runId, ...refusal }, "sync refused");
        return await finishRun(summary("refused", counts, files, 0, refusal));
      }
      if (refusal) log.warn({ runId, ...refusal }, "threshold exceeded, publishing because --force was given");
      if (lock.lost)
        throw new AppError({
          status: 409,
          code: "SYNC_LOCK_LOST",
          message: "Another process took over the sync lock; this run did not publish",
        });
      let result: SyncSummary | undefined;
      log.info({ runId }, "publishing");
      await publishRun(
        db,
        runId,
        async (trx, removed) => {
          result = await finishRun(summary("published", counts, files, removed), trx);
        },
        opts.publishDelayMs,
      );
      await db.deleteFrom("sync_seen").where("run_id", "=", runId).execute();
      restoreCheckpoints();
      // The run's time includes its clean-up and the checkpoint, not just the publish.
      result = { ...summary("published", counts, files, result!.removed) };
      await db.updateTable("sync_runs").set({ duration_ms: result.durationMs }).where("id", "=", runId).execute();
      log.info(
        {
          runId,
          ...counts,
          removed: result!.removed,
          durationMs: result!.durationMs,
        },
        "sync published",
      );
      return result!;
    } catch (e) {
      await discardRun(db, runId).catch(() => undefined);
      const error =
        e instanceof AppError
          ? { code: e.code, message: e.message }
          : { code: "SYNC_FAILED", message: (e as Error).message };
      log.error({ runId, ...error }, "sync failed");
      await finishRun(summary("failed", stager.counts, files, 0, error));
      throw e;
    } finally {
      restoreCheckpoints();
    }
  } finally {
    await checker?.close();
    await source.close().catch(() => undefined);
    await lock.release().catch(() => undefined);
  }
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

async function stageAll(opts: SyncOptions, stager: Stager): Promise<SyncSummary["files"]> {
  const files = await opts.source.listFiles();
  if (!files.length) {
    throw new AppError({
      status: 422,
      code: "EMPTY_EXPORT",
      message: `${opts.source.label} holds no export files (.json, .jsonl, .ndjson, optionally .gz)`,
    });
  }
  const totalBytes = files.reduce((a, f) => a + f.size, 0);
  const batchSize = opts.batchSize ?? 500;
  const done: SyncSummary["files"] = [];
  let bytesBefore = 0;
  let fileStart = 0;
  // Batches prepared ahead (looked up, being checked) while earlier ones are written, in order.
  const ahead: { p: Promise<PreparedBatch>; batch: RecordBatch }[] = [];
  const commitOldest = async () => {
    const { p, batch } = ahead.shift()!;
    await stager.commit(await p);
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
  const batches = opts.threads
    ? readBatchesThreaded(opts.source.spec(), files, batchSize)
    : readBatches(opts.source, files, batchSize);
  try {
    for await (const batch of batches) {
      const p = stager.prepare(batch);
      p.catch(() => undefined); // awaited in commitOldest
      ahead.push({ p, batch });
      if (ahead.length >= PIPELINE_DEPTH) await commitOldest();
    }
    while (ahead.length) await commitOldest();
  } finally {
    await Promise.allSettled(ahead.splice(0).map((a) => a.p));
  }
  return done;
}

/** A run still marked running while we hold the lock belongs to a process that died: close it and drop its staging. */
async function recoverAbandonedRuns(store: Store, log: Logger): Promise<void> {
  const stale = await store.db.selectFrom("sync_runs").select("id").where("status", "=", "running").execute();
  for (const { id } of stale) {
    await discardRun(store.db, id);
    await store.db
      .updateTable("sync_runs")
      .set({
        status: "failed",
        finished_at: new Date().toISOString(),
        error_code: "ABANDONED",
        error_message: "The process running this sync stopped before it finished; nothing of it was published",
      })
      .where("id", "=", id)
      .execute();
    log.warn({ runId: id }, "recovered an abandoned sync run");
  }
}
