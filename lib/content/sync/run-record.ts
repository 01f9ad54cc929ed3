import type { Kysely } from "kysely";
import type { SyncErrorCode } from "../errors";
import type { Logger } from "@/lib/log";
import type { Database, SyncRunStatus } from "@/lib/store";
import type { SchemaStatus } from "./schema-check";
import type { StageCounts } from "./stage";
import { discardRun } from "./publish";
import type { RunTimes } from "./thread-times";

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
  error?: { code: SyncErrorCode; message: string };
  /** After a published run: the places' hotel counts recomputed (not part of durationMs). */
  placesRecount?: { places: number; durationMs: number } | { error: string };
  /** Where a published run's time went, per thread. */
  times?: RunTimes;
}

/** The summary of the run a failure ended, kept with the error thrown: a command prints it (--json too). */
const failedRuns = new WeakMap<object, SyncSummary>();

export function rememberFailedRun(e: unknown, summary: SyncSummary): void {
  if (typeof e === "object" && e !== null) failedRuns.set(e, summary);
}

/** The recorded run that this error ended, if it ended one (a failure before the run started did not). */
export function failedRunOf(e: unknown): SyncSummary | undefined {
  return typeof e === "object" && e !== null ? failedRuns.get(e) : undefined;
}

/** The sync_runs row of one run: opened when the run starts, closed with its summary however it ends. */
export class RunRecord {
  schema: SchemaStatus = { status: "absent" };
  files: SyncSummary["files"] = [];
  /** The listing's fingerprint (./fingerprint.ts), once the run has listed the export. */
  fingerprint: string | null = null;

  private constructor(
    private readonly db: Kysely<Database>,
    readonly id: number,
    private readonly source: string,
    private readonly started: number,
  ) {}

  static async open(db: Kysely<Database>, source: string, forced: boolean): Promise<RunRecord> {
    const started = Date.now();
    const { id } = await db
      .insertInto("sync_runs")
      .values({ source, status: "running", forced: forced ? 1 : 0, started_at: new Date(started).toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return new RunRecord(db, id, source, started);
  }

  summary(status: SyncRunStatus, counts: StageCounts, removed = 0, error?: SyncSummary["error"]): SyncSummary {
    const durationMs = Date.now() - this.started;
    const seconds = Math.max(durationMs / 1000, 1e-3);
    const bytes = this.files.reduce((a, f) => a + f.bytes, 0);
    return {
      runId: this.id,
      status,
      source: this.source,
      files: this.files,
      ...counts,
      removed,
      bytes,
      durationMs,
      schema: this.schema,
      error,
      recordsPerSecond: counts.seen / seconds,
      mbPerSecond: bytes / 1e6 / seconds,
    };
  }

  /** Writes the outcome (in the publish transaction when given one) and returns the summary. */
  async close(s: SyncSummary, trx: Kysely<Database> = this.db): Promise<SyncSummary> {
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
        fingerprint: this.fingerprint,
      })
      .where("id", "=", this.id)
      .execute();
    return s;
  }
}

/**
 * Cleans what earlier runs left behind, whatever state they ended in (called with the lock held, before a new run):
 * a run still marked running belongs to a process that died, so it is closed as failed and its staging dropped; a
 * refused or failed run whose clean-up did not finish loses its staged versions; a published run that died before
 * its clean-up keeps its (published) versions and loses only its seen ids.
 */
export async function recoverAbandonedRuns(
  db: Kysely<Database>,
  log: Logger,
  /** Ends what the dead runs may still hold open in the store (their connections), before their staging is dropped. */
  endRuns: (runIds: number[]) => Promise<void>,
): Promise<void> {
  const stale = await db.selectFrom("sync_runs").select("id").where("status", "=", "running").execute();
  await endRuns(stale.map((r) => r.id));
  for (const { id } of stale) {
    await discardRun(db, id);
    await db
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
  const leftovers = await db
    .selectFrom("sync_seen")
    .innerJoin("sync_runs", "sync_runs.id", "sync_seen.run_id")
    .select(["sync_seen.run_id", "sync_runs.status"])
    .distinct()
    .execute();
  for (const { run_id, status } of leftovers) {
    if (status === "published") await db.deleteFrom("sync_seen").where("run_id", "=", run_id).execute();
    else await discardRun(db, run_id);
    log.warn({ runId: run_id, status }, "cleaned the staging an earlier run left behind");
  }
  // Seen ids of a run with no record at all (its opening was rolled back) point at nothing worth keeping.
  await db
    .deleteFrom("sync_seen")
    .where("run_id", "not in", (eb) => eb.selectFrom("sync_runs").select("id"))
    .execute();
}
