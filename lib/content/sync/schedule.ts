import { Cron } from "croner";
import type { Logger } from "@/lib/log";
import type { Store } from "@/lib/store";
import { isTransientSyncError, syncFailure } from "../errors";
import { notifyPending, raiseAlert, resolveAlerts, type Webhook } from "./alerts";
import { failedRunOf, syncExport, type SyncOptions, type SyncProgress } from "./index";
import { exportFingerprint } from "./fingerprint";
import { scheduleOf } from "@/lib/config";
import type { ExportSource } from "./sources";

export interface SyncWorkerOptions {
  store: Store;
  /** Opens the source afresh for each check (a source is closed after every run). */
  openSource: () => ExportSource;
  log: Logger;
  /** Cron expression of the checks, read in `timezone`. */
  schedule: string;
  timezone: string;
  /** Alert when nothing new has been published this long after the check that expected a new export. */
  staleHours: number;
  /** Tries again of a check whose failure may pass (isTransientSyncError), after retryBaseMs, doubled each time. */
  retries: number;
  retryBaseMs: number;
  webhook?: Webhook;
  /** What every run is given (thresholds, lock, threads…). */
  sync: Omit<SyncOptions, "store" | "source" | "log">;
  /** The clock, for the stale check (tests move it instead of waiting). */
  now?: () => Date;
}

export type CheckOutcome =
  "published" | "refused" | "failed" | "unchanged" | "refused-before" | "empty" | "locked" | "busy" | "stopped";

/** Failures that are the export's own: the same files fail the same way (see content-sync.md's table). */
const EXPORT_FAULTS = ["EMPTY_EXPORT", "INVALID_EXPORT_FILE", "TRUNCATED_INPUT", "SCHEMA_TOO_LARGE"];

/** A run's progress as a log line every PROGRESS_MS (a worker has no terminal to draw a bar on). */
const PROGRESS_MS = 5000;
function progressLog(log: Logger): (p: SyncProgress) => void {
  let last = Date.now();
  return (p) => {
    if (Date.now() - last < PROGRESS_MS) return;
    last = Date.now();
    log.info({ file: p.file, bytesRead: p.bytesRead, totalBytes: p.totalBytes, records: p.records }, "sync progress");
  };
}

/** How often staleness is looked at: a query of the store, nothing on the source. */
const STALE_CHECK = "* * * * *";

/**
 * The daily sync, run by itself: on each scheduled check it lists the source, compares the listing's fingerprint
 * (names, sizes, modification times) with the last published run's and, only when they differ, runs the sync. A
 * failure that may pass is tried again with backoff; a refused or failed run, or no new export long after the
 * expected one, raises an alert (the store keeps one per condition; the webhook hears of it once). One check at a
 * time in this process (croner's overrun protection and a guard of our own); across processes and hosts the sync
 * lock decides.
 */
export class SyncWorker {
  private readonly jobs: Cron[] = [];
  private running: Promise<CheckOutcome> | undefined;
  private stopping = false;
  private readonly wakeUps = new Set<() => void>();
  private readonly startedAt: Date;

  constructor(private readonly opts: SyncWorkerOptions) {
    this.startedAt = this.now();
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Schedules the checks (and a first one now: a restart must not wait a day for an export already there). */
  start(opts: { checkNow?: boolean } = {}): void {
    const { schedule, timezone, log } = this.opts;
    const onError = (e: unknown) => log.error({ err: e }, "scheduled check crashed");
    this.jobs.push(
      new Cron(schedule, { timezone, protect: true, catch: onError }, () => this.tick().then(() => undefined)),
      new Cron(STALE_CHECK, { timezone, protect: true, catch: onError }, async () => {
        await this.checkStale();
        // A post that failed is tried again within minutes, not at the next (maybe daily) check.
        await notifyPending(this.opts.store.db, this.opts.webhook, log);
      }),
    );
    log.info(
      { schedule, timezone, next: this.jobs[0]!.nextRun()?.toISOString(), staleHours: this.opts.staleHours },
      "sync worker started",
    );
    if (opts.checkNow !== false) void this.tick().catch(onError);
  }

  /**
   * One check: list, compare, sync if new, alert if refused or failed. Never two at once in this process: a check
   * asked for while one runs is skipped ("busy"); the next scheduled one looks again.
   */
  async tick(): Promise<CheckOutcome> {
    if (this.stopping) return "stopped";
    if (this.running) {
      this.opts.log.info("the previous check is still running: this one is skipped");
      return "busy";
    }
    this.running = this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<CheckOutcome> {
    const { log, store } = this.opts;
    const db = store.db;
    for (let attempt = 0; ; attempt++) {
      let source: ExportSource | undefined;
      try {
        source = this.opts.openSource();
        log.info({ source: source.label, attempt: attempt + 1 }, "checking the source for a new export");
        const files = await source.listFiles();
        if (!files.length) {
          await source.close();
          log.info({ source: source.label }, "the source holds no export files yet");
          await this.succeeded();
          return "empty";
        }
        const fingerprint = exportFingerprint(source.label, files);
        const lastPublished = await db
          .selectFrom("sync_runs")
          .select(["id", "fingerprint"])
          .where("status", "=", "published")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst();
        if (lastPublished?.fingerprint === fingerprint) {
          await source.close();
          log.info(
            { source: source.label, runId: lastPublished.id },
            "no new export: the listing is the published one",
          );
          await this.succeeded();
          return "unchanged";
        }
        // A refusal is the export's own (its schema, its removals), as are some failures (a truncated file): the
        // same files would end the same way again. An operator decides (npm run sync -- --force or
        // --allow-schema-change); a new export is tried by itself.
        const refused = await db
          .selectFrom("sync_runs")
          .select("id")
          .where("fingerprint", "=", fingerprint)
          .where((eb) =>
            eb.or([
              eb("status", "=", "refused"),
              eb.and([eb("status", "=", "failed"), eb("error_code", "in", EXPORT_FAULTS)]),
            ]),
          )
          .where("id", ">", lastPublished?.id ?? 0)
          .limit(1)
          .executeTakeFirst();
        if (refused) {
          await source.close();
          log.info(
            { source: source.label, runId: refused.id },
            "this export was refused before: waiting for a new one",
          );
          await this.succeeded();
          return "refused-before";
        }
        log.info(
          { source: source.label, files: files.length, bytes: files.reduce((a, f) => a + f.size, 0) },
          "new export found: syncing",
        );
        const summary = await syncExport({ ...this.opts.sync, store, source, log, onProgress: progressLog(log) });
        if (summary.status === "published") {
          await resolveAlerts(db, ["failed", "refused", "stale"], this.now());
          await notifyPending(db, this.opts.webhook, log);
          return "published";
        }
        // A schema refusal comes before the run lists the files: the listing this check saw stands for them, so
        // that the same files are not run again.
        await db
          .updateTable("sync_runs")
          .set({ fingerprint })
          .where("id", "=", summary.runId)
          .where("fingerprint", "is", null)
          .execute();
        await this.alert({
          kind: "refused",
          key: `refused:${summary.runId}`,
          code: summary.error?.code,
          message: `Run #${summary.runId} of ${summary.source} published nothing: ${summary.error?.message ?? "refused"}`,
          runId: summary.runId,
          source: summary.source,
        });
        return "refused";
      } catch (e) {
        await source?.close().catch(() => undefined);
        const error = syncFailure(e);
        const label = source?.label;
        if (isTransientSyncError(error.code) && attempt < this.opts.retries && !this.stopping) {
          const waitMs = this.opts.retryBaseMs * 2 ** attempt;
          log.warn({ source: label, ...error, attempt: attempt + 1, waitMs }, "check failed: trying again");
          await this.sleep(waitMs);
          if (!this.stopping) continue;
        }
        if (this.stopping && isTransientSyncError(error.code)) return "stopped";
        if (error.code === "SYNC_LOCKED") {
          // Another run (another worker, a command, a places import) kept the lock all along: not a fault.
          log.warn({ source: label, ...error }, "another sync held the lock throughout: this check gives up");
          return "locked";
        }
        log.error({ source: label, ...error }, "check failed");
        const runId = failedRunOf(e)?.runId;
        await this.alert({
          kind: "failed",
          key: `failed:${error.code}`,
          code: error.code,
          message: `${label ? `${label}: ` : ""}${error.message}`,
          runId,
          source: label,
        });
        return "failed";
      }
    }
  }

  /** A check that reached the source: failures it had are over (a new one alerts again). */
  private async succeeded(): Promise<void> {
    await resolveAlerts(this.opts.store.db, ["failed"], this.now());
    await notifyPending(this.opts.store.db, this.opts.webhook, this.opts.log);
  }

  private async alert(alert: Parameters<typeof raiseAlert>[1]): Promise<void> {
    const { store, log, webhook } = this.opts;
    const raised = await raiseAlert(store.db, alert, this.now());
    if (raised) log.warn({ alertId: raised.id, kind: raised.kind, code: raised.code }, "alert raised");
    else log.info({ key: alert.key }, "alert already raised for this condition");
    await notifyPending(store.db, webhook, log);
  }

  /**
   * No new export published for staleHours after the check that expected one: the first scheduled check after the
   * last published run (or after this worker started, when nothing was ever published). Not while a run is going.
   */
  async checkStale(): Promise<boolean> {
    const { store } = this.opts;
    const db = store.db;
    const last = await db
      .selectFrom("sync_runs")
      .select(["status", "started_at"])
      .where("status", "in", ["published", "running"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last?.status === "running") return false;
    const since = last ? new Date(last.started_at) : this.startedAt;
    const expected = scheduleOf(this.opts.schedule, this.opts.timezone).nextRun(since);
    if (!expected) return false;
    const deadline = expected.getTime() + this.opts.staleHours * 3_600_000;
    if (this.now().getTime() < deadline) return false;
    const hours = Math.round((this.now().getTime() - since.getTime()) / 360_000) / 10;
    await this.alert({
      kind: "stale",
      key: "stale",
      message: last
        ? `No new export published for ${hours} h: the last was at ${last.started_at}, a new one was expected by ${expected.toISOString()}`
        : `No export published since the worker started (${since.toISOString()}); one was expected by ${expected.toISOString()}`,
    });
    return true;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeUps.add(wake);
    });
  }

  /**
   * Stops scheduling and waits for a check in progress, up to graceMs: a run finishes, a wait for a retry ends at
   * once. Whether the check finished in time; if not, the caller may leave it (the next run recovers an abandoned
   * one: its record becomes ABANDONED, its staging is dropped, the previous snapshot stays served).
   */
  async stop(graceMs: number): Promise<boolean> {
    this.stopping = true;
    for (const job of this.jobs.splice(0)) job.stop();
    for (const wake of [...this.wakeUps]) wake();
    const running = this.running;
    if (!running) return true;
    this.opts.log.info({ graceMs }, "stopping: waiting for the running check to finish");
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(timer);
    return finished;
  }
}
