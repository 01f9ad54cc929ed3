import type { Logger } from "@/lib/log";
import type { Store } from "@/lib/store";
import { SyncError, syncFailure } from "../errors";
import { acquireSyncLock, lockLost, type SyncLock } from "./lock";
import type { PauseAt, PauseStep } from "@/lib/config";
import { faultPoint } from "./faults";
import { compareSchemas, type SchemaStatus } from "./schema-check";
import { discardRun, publishRun, removalPreview } from "./publish";
import { deferCheckpoints } from "./checkpoints";
import { Stager } from "./stage";
import { endRunConnections } from "./staging-db";
import type { ExportSource } from "./sources";
import { loadSchemaText } from "../validate";
import { inlineChecker, workerChecker, type Checker } from "./checker";
import { stageExport, type SyncProgress } from "./pipeline";
import { openThreadedReader, type ThreadedReader } from "./reader";
import { RunRecord, recoverAbandonedRuns, rememberFailedRun, type SyncSummary } from "./run-record";
import { thresholdRefusal, type Refusal } from "./thresholds";
import { exportFingerprint } from "./fingerprint";
import { recountHotels, countsBehind } from "@/lib/places";
import { processCpuMs, StepClock, type RunTimes, type ThreadTimes } from "./thread-times";

export type { SyncSummary } from "./run-record";
export { failedRunOf } from "./run-record";
export { exportFingerprint } from "./fingerprint";
export type { SyncProgress } from "./pipeline";

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
  /** Fault injection for the crash tests (lib/content/sync/faults.ts). */
  pauseAt?: PauseAt;
  batchSize?: number;
  /** Read and check records in worker threads (true) or all on the calling thread (false). */
  threads?: boolean;
  onProgress?: (p: SyncProgress) => void;
  /** Recompute the places' hotel counts after publishing (default true). */
  recountPlaces?: boolean;
}

/** How often a run may start over because the server replaced a file in the middle of the transfer. */
const MAX_RESTARTS = 2;

/**
 * Pulls an export, validates every record, keeps what changed (with history) and publishes atomically.
 * Refusals (thresholds, schema) end with status "refused" and nothing published; faults with "failed" and an error.
 */
export async function syncExport(opts: SyncOptions): Promise<SyncSummary> {
  const { store, source, log } = opts;
  const db = store.db;
  const clock = new StepClock("main");
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const lock = await acquireSyncLock(db, opts.lockStaleSeconds);
  const pause = faultPoint(opts.pauseAt, log);
  let checker: Checker | undefined;
  let reader: ThreadedReader | undefined;
  try {
    await recoverAbandonedRuns(db, log, (runIds) => endRunConnections(store, runIds, log));
    // A crash between an earlier publish and its recount: bring the counts up to date before anything else.
    if (opts.recountPlaces !== false && (await countsBehind(db))) await recountAfterSync(db, null, log, pause, lock);
    const run = await RunRecord.open(db, source.label, Boolean(opts.force));
    await lock.setRun(run.id);
    log.info({ runId: run.id, source: source.label, store: store.describe }, "sync started");

    const ourSchema = loadSchemaText();
    checker = opts.threads ? workerChecker(clock) : inlineChecker(ourSchema, clock);
    // A first sync checks every record: its checker thread starts now, while the source connects, not on the first
    // batch. Otherwise it starts on first use (a run where every record is unchanged never needs it).
    if (!(await db.selectFrom("hotels").select("id").limit(1).executeTakeFirst())) checker.warm();
    // The reader thread connects to the source while this thread fetches and compares the schema.
    reader = opts.threads ? openThreadedReader(source.spec()) : undefined;
    const confirmLock = (trx: typeof db) => lock.confirm(trx);
    let stager = new Stager(store, run.id, checker, confirmLock, clock);
    const checkpoints = deferCheckpoints(store);
    try {
      run.schema = compareSchemas(ourSchema, await source.readSchema());
      if (run.schema.status === "mismatch" && !opts.allowSchemaChange) {
        log.warn({ runId: run.id, differences: run.schema.differences }, "sync refused: schema mismatch");
        return await run.close(run.summary("refused", stager.counts, 0, schemaRefusal(run.schema)));
      }
      if (run.schema.status === "absent")
        log.warn({ runId: run.id }, "the source offers no schemas/HotelFtpExport.json");

      clock.add("set-up", performance.now() - started);
      for (let attempt = 0; ; attempt++) {
        try {
          run.files = await stageExport({
            ...opts,
            stager,
            reader,
            onListing: (files) => (run.fingerprint = exportFingerprint(source.label, files)),
          });
          await pause("staging");
          await stager.finish();
          // SQLite's batches are stored already: a lock taken over meanwhile ends the run here too, not its thresholds.
          await lock.confirm(db);
          break;
        } catch (e) {
          if (!(e instanceof SyncError && e.code === "SOURCE_CHANGED") || attempt >= MAX_RESTARTS) throw e;
          log.warn({ runId: run.id, reason: e.message }, "export replaced during transfer: starting the run over");
          await stager.abort();
          await discardRun(db, run.id);
          await db.deleteFrom("rejected_records").where("run_id", "=", run.id).execute();
          stager = new Stager(store, run.id, checker, confirmLock, clock);
          await reader?.close();
          reader = opts.threads ? openThreadedReader(source.spec()) : undefined;
        }
      }

      const counts = stager.counts;
      const publishStart = performance.now();
      const refusal = thresholdRefusal(counts, await removalPreview(db, run.id), opts);
      if (refusal && !opts.force) {
        await discardRun(db, run.id);
        log.warn({ runId: run.id, ...refusal }, "sync refused");
        return await run.close(run.summary("refused", counts, 0, refusal));
      }
      if (refusal) log.warn({ runId: run.id, ...refusal }, "threshold exceeded, publishing because --force was given");
      await pause("staged");
      if (lock.lost) throw lockLost();

      log.info({ runId: run.id }, "publishing");
      const removed = await publishRun(db, run.id, async (trx, n) => {
        // A kill here must leave the previous snapshot served; a lock taken over meanwhile stops the commit.
        await pause("publish");
        await lock.confirm(trx);
        return run.close(run.summary("published", counts, n), trx);
      });
      await pause("published");
      await db.deleteFrom("sync_seen").where("run_id", "=", run.id).execute();
      clock.add("publish", performance.now() - publishStart);
      await clock.timeAsync("checkpoint", checkpoints.finish);
      // The run's time includes its clean-up and the checkpoint, not just the publish.
      const result = run.summary("published", counts, removed);
      result.times = runTimes(clock, cpuStart, [reader?.times(), await checker.times(), checkpoints.times()]);
      await db.updateTable("sync_runs").set({ duration_ms: result.durationMs }).where("id", "=", run.id).execute();
      log.info({ runId: run.id, ...counts, removed, durationMs: result.durationMs }, "sync published");
      // The worker threads' memory is given back before the recount builds its gazetteer (peak RSS).
      await reader?.close();
      await checker.close();
      if (opts.recountPlaces !== false) result.placesRecount = await recountAfterSync(db, run.id, log, pause, lock);
      return result;
    } catch (caught) {
      // A run whose lock was taken over fails as that, whatever broke first (the taker ends a PostgreSQL run's
      // connections); a store that cannot be reached leaves the first error as it is.
      const e = await lock.confirm(db).then(
        () => caught,
        (check: unknown) => (check instanceof SyncError && check.code === "SYNC_LOCK_LOST" ? check : caught),
      );
      // Clean-up that fails too (the store gone mid-run) is logged, never reported in place of the run's own error;
      // the next run recovers what this one could not close (recoverAbandonedRuns).
      const cleanupFailed = (what: string) => (c: unknown) =>
        void log.warn({ runId: run.id, err: (c as Error).message }, `sync: ${what} failed after the run failed`);
      await stager.abort().catch(cleanupFailed("discarding the staged versions"));
      await discardRun(db, run.id).catch(() => undefined);
      const error = syncFailure(e);
      log.error({ runId: run.id, ...error }, "sync failed");
      const failed = run.summary("failed", stager.counts, 0, error);
      rememberFailedRun(
        e,
        await run.close(failed).catch((c: unknown) => (cleanupFailed("recording the run")(c), failed)),
      );
      throw e;
    } finally {
      await checkpoints.finish();
    }
  } finally {
    await reader?.close();
    await checker?.close();
    await source.close().catch(() => undefined);
    await lock.release().catch(() => undefined);
  }
}

/** Where the run's time went, thread by thread (bench:sync prints it). */
function runTimes(clock: StepClock, cpuStart: NodeJS.CpuUsage, workers: (ThreadTimes | undefined)[]): RunTimes {
  return {
    threads: [clock.report(), ...workers.filter((t) => t !== undefined)],
    processCpuMs: processCpuMs(cpuStart),
  };
}

/** The run is published whatever happens here: a failed recount leaves the previous counts and is reported. */
async function recountAfterSync(
  db: Store["db"],
  runId: number | null,
  log: Logger,
  pause: (step: PauseStep) => Promise<void>,
  lock: SyncLock,
): Promise<SyncSummary["placesRecount"]> {
  try {
    const { places, durationMs } = await recountHotels(db, {
      runId,
      log,
      beforeSave: () => pause("recount"),
      confirm: (trx) => lock.confirm(trx),
    });
    return { places, durationMs };
  } catch (e) {
    log.error({ runId, err: (e as Error).message }, "recomputing the places' hotel counts failed");
    return { error: (e as Error).message };
  }
}

function schemaRefusal(schema: Extract<SchemaStatus, { status: "mismatch" }>): Refusal {
  const versions =
    schema.serverVersion && schema.serverVersion !== schema.ourVersion
      ? ` (server major version v${schema.serverVersion}, ours v${schema.ourVersion})`
      : "";
  return {
    code: "SCHEMA_MISMATCH",
    message: `The server's schemas/HotelFtpExport.json differs from ours at ${schema.differences.slice(0, 5).join(", ")}${versions}; nothing was loaded. Review the change, then rerun with --allow-schema-change`,
  };
}
