import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { processShared } from "@/lib/runtime";
import { store, type ArrivalsTable, type Database, type DatabaseKind, type Store } from "@/lib/store";

/**
 * What the recorder records: the verdicts on a search-page query (lib/tracking/arrivals.ts) and on a booking handoff
 * (lib/tracking/handoff.ts). They are the recorder's input, so they are defined here and those modules import them.
 */
export interface Arrival {
  brandId: string;
  source: string;
  placeId: string | null;
  label: string | null;
  anonymousId: string | null;
  /** YYYY-MM-DD (UTC): one arrival per visitor and label on a day. */
  day: string;
  arrivedAt: string;
}

export type ArrivalVerdict =
  { kind: "arrival"; arrival: Arrival } | { kind: "unverified"; brandId: string; day: string } | { kind: "ignored" };

export type HandoffVerdict =
  | { kind: "handoff"; brandId: string; hotelId: string; day: string }
  | { kind: "handoffUnverified"; brandId: string; day: string };

/** Arrivals waiting to be written at most; past it new ones are dropped (and counted). */
export const ARRIVALS_BUFFER_MAX = 10_000;
/** How often the buffer is written while it holds anything (doubling after each failure, up to 32 times). */
export const FLUSH_INTERVAL_MS = 1000;
/** A buffer this full is written at once, without waiting for the interval. */
export const FLUSH_AT = 1000;
/** SQLite: how long a write waits for another process's write lock (a sync) before it gives up until next time. */
export const SQLITE_BUSY_MS = 20;
/** PostgreSQL: the same, as lock_timeout. */
export const POSTGRES_LOCK_TIMEOUT_MS = 200;
/** Retention runs with a flush at most this often. */
export const RETENTION_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;
const INSERT_CHUNK = 500;

interface Writer {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Writes go through a connection of their own: on SQLite a second connection to the same file whose busy timeout is
 * SQLITE_BUSY_MS (the shared one waits 10 s, holding the event loop, when a sync holds the write lock); on
 * PostgreSQL the shared pool with a short lock_timeout per flush.
 */
function openWriter(s: Store): Writer {
  if (s.kind === "sqlite" && s.sqlite && !s.sqlite.memory) {
    const connection = new SQLite(s.sqlite.name, { timeout: SQLITE_BUSY_MS });
    connection.pragma("synchronous = NORMAL");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
    return { db, kind: "sqlite", close: () => db.destroy() };
  }
  return { db: s.db, kind: s.kind, close: async () => undefined };
}

export interface FlushResult {
  ok: boolean;
  /** Arrivals written (a visitor's label and day already stored is not written again). */
  arrivals: number;
  /** Unverified links added to the per-day counts. */
  unverified: number;
  /** Booking hand-offs added to the per-day counts (verified and not). */
  handoffs?: number;
  /** Rows removed by retention, when it ran. */
  expired?: number;
  error?: string;
}

export interface RecorderStats {
  /** Arrivals waiting to be written. */
  pending: number;
  /** Arrivals dropped because the buffer was full, since the process started. */
  dropped: number;
  /** Failed flushes in a row (the store was locked or down); 0 when the last one worked. */
  failures: number;
  lastFlushAt?: string;
  lastError?: string;
}

export interface ArrivalRecorderOptions {
  store: () => Promise<Store>;
  retentionDays: number;
  maxPending?: number;
  flushIntervalMs?: number;
  flushAt?: number;
  now?: () => Date;
}

/**
 * The buffer between the search page and the store. The page notes a verdict (synchronous, in memory); a flush
 * writes everything pending in one transaction (insert-or-ignore on the arrivals key, unverified counts added up),
 * every FLUSH_INTERVAL_MS or at FLUSH_AT entries, and deletes rows older than the retention at most once an hour. A
 * failed flush keeps its batch for the next one (backing off); the buffer is bounded, so a store down for long costs
 * the newest arrivals, counted as dropped, and never the page.
 */
export class ArrivalRecorder {
  private pending = new Map<string, ArrivalsTable>();
  /** Unverified links per "day\tbrand". */
  private unverified = new Map<string, number>();
  /** Booking hand-offs per "day\tbrand\thotel" (verified) or "day\tbrand" (unverified), lib/tracking/handoff.ts. */
  private handoffs = new Map<string, number>();
  private handoffsUnverified = new Map<string, number>();
  private dropped = 0;
  private droppedLogged = 0;
  private failures = 0;
  private lastFlushAt?: Date;
  private lastError?: string;
  private lastRetentionAt = -Infinity;
  private timer?: NodeJS.Timeout;
  private timerDue = 0;
  private flushing?: Promise<FlushResult>;
  private writer?: Writer;
  private stopped = false;
  private readonly maxPending: number;
  private readonly intervalMs: number;
  private readonly flushAt: number;
  private readonly now: () => Date;

  constructor(private readonly opts: ArrivalRecorderOptions) {
    this.maxPending = opts.maxPending ?? ARRIVALS_BUFFER_MAX;
    this.intervalMs = opts.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.flushAt = opts.flushAt ?? FLUSH_AT;
    this.now = opts.now ?? (() => new Date());
  }

  /** Takes a verdict of the search page; synchronous, never touches the store. */
  note(verdict: ArrivalVerdict): "queued" | "duplicate" | "dropped" | "counted" | "ignored" {
    if (verdict.kind === "ignored") return "ignored";
    if (verdict.kind === "unverified") {
      const key = `${verdict.day}\t${verdict.brandId}`;
      this.unverified.set(key, (this.unverified.get(key) ?? 0) + 1);
      this.schedule(this.delay());
      return "counted";
    }
    const a = verdict.arrival;
    const row: ArrivalsTable = {
      day: a.day,
      brand_id: a.brandId,
      source: a.source,
      label: a.label ?? "",
      visitor: a.anonymousId ?? "",
      place_id: a.placeId,
      arrived_at: a.arrivedAt,
    };
    const key = JSON.stringify([row.day, row.brand_id, row.source, row.label, row.visitor]);
    // The first of a visitor's label and day is the one kept (as the store keeps the first one written).
    if (this.pending.has(key)) return "duplicate";
    if (this.pending.size >= this.maxPending) {
      this.dropped++;
      return "dropped";
    }
    this.pending.set(key, row);
    this.schedule(this.pending.size >= this.flushAt && this.failures === 0 ? 0 : this.delay());
    return "queued";
  }

  /**
   * Takes a booking hand-off (lib/tracking/handoff.ts): counts per brand, hotel and day (unverified links per brand
   * and day), written with the next flush. Counts only: a map entry per hotel and day, so memory stays bounded by the
   * hotels handed off between two flushes.
   */
  noteHandoff(verdict: HandoffVerdict): void {
    if (verdict.kind === "handoff") {
      const key = `${verdict.day}\t${verdict.brandId}\t${verdict.hotelId}`;
      this.handoffs.set(key, (this.handoffs.get(key) ?? 0) + 1);
    } else {
      const key = `${verdict.day}\t${verdict.brandId}`;
      this.handoffsUnverified.set(key, (this.handoffsUnverified.get(key) ?? 0) + 1);
    }
    this.schedule(this.delay());
  }

  stats(): RecorderStats {
    return {
      pending: this.pending.size,
      dropped: this.dropped,
      failures: this.failures,
      lastFlushAt: this.lastFlushAt?.toISOString(),
      lastError: this.lastError,
    };
  }

  /** Writes what is pending now (one flush at a time: a call during one gets that one). */
  flush(): Promise<FlushResult> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** At shutdown: one last flush, then the writer's connection is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.waiting()) await this.flush();
    await this.writer?.close();
    this.writer = undefined;
  }

  private waiting(): boolean {
    return this.pending.size + this.unverified.size + this.handoffs.size + this.handoffsUnverified.size > 0;
  }

  /** The interval, doubled for each failure in a row (at most 32 times). */
  private delay(): number {
    return this.intervalMs * 2 ** Math.min(this.failures, 5);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    const due = Date.now() + delay;
    if (this.timer && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().then(() => {
        if (this.waiting()) this.schedule(this.delay());
      });
    }, delay);
    // Nothing pending keeps a process alive (stop() writes the rest).
    this.timer.unref();
  }

  private async write(): Promise<FlushResult> {
    const now = this.now();
    const batch = [...this.pending];
    const counts = this.unverified;
    this.unverified = new Map();
    const handoffs = this.handoffs;
    const handoffsUnverified = this.handoffsUnverified;
    this.handoffs = new Map();
    this.handoffsUnverified = new Map();
    const retention = now.getTime() - this.lastRetentionAt >= RETENTION_EVERY_MS;
    const result: FlushResult = { ok: true, arrivals: 0, unverified: 0 };
    try {
      this.writer ??= openWriter(await this.opts.store());
      const { db, kind } = this.writer;
      await db.transaction().execute(async (trx) => {
        if (kind === "postgres") {
          await sql.raw(`set local lock_timeout = '${POSTGRES_LOCK_TIMEOUT_MS}ms'`).execute(trx);
          await sql.raw(`set local statement_timeout = '5s'`).execute(trx);
        }
        for (let i = 0; i < batch.length; i += INSERT_CHUNK) {
          const rows = batch.slice(i, i + INSERT_CHUNK).map(([, row]) => row);
          const r = await trx
            .insertInto("arrivals")
            .values(rows)
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          result.arrivals += Number(r.numInsertedOrUpdatedRows ?? 0);
        }
        for (const [key, count] of counts) {
          const [day, brandId] = key.split("\t") as [string, string];
          await trx
            .insertInto("arrival_unverified_days")
            .values({ day, brand_id: brandId, count })
            .onConflict((oc) =>
              oc.columns(["day", "brand_id"]).doUpdateSet((eb) => ({
                count: eb("arrival_unverified_days.count", "+", eb.ref("excluded.count")),
              })),
            )
            .execute();
          result.unverified += count;
        }
        for (const [key, count] of handoffs) {
          const [day, brandId, hotelId] = key.split("\t") as [string, string, string];
          await trx
            .insertInto("handoffs")
            .values({ day, brand_id: brandId, hotel_id: hotelId, count })
            .onConflict((oc) =>
              oc
                .columns(["day", "brand_id", "hotel_id"])
                .doUpdateSet((eb) => ({ count: eb("handoffs.count", "+", eb.ref("excluded.count")) })),
            )
            .execute();
          result.handoffs = (result.handoffs ?? 0) + count;
        }
        for (const [key, count] of handoffsUnverified) {
          const [day, brandId] = key.split("\t") as [string, string];
          await trx
            .insertInto("handoff_unverified_days")
            .values({ day, brand_id: brandId, count })
            .onConflict((oc) =>
              oc.columns(["day", "brand_id"]).doUpdateSet((eb) => ({
                count: eb("handoff_unverified_days.count", "+", eb.ref("excluded.count")),
              })),
            )
            .execute();
          result.handoffs = (result.handoffs ?? 0) + count;
        }
        if (retention) {
          const cutoff = new Date(now.getTime() - this.opts.retentionDays * DAY_MS).toISOString().slice(0, 10);
          const a = await trx.deleteFrom("arrivals").where("day", "<", cutoff).executeTakeFirst();
          const u = await trx.deleteFrom("arrival_unverified_days").where("day", "<", cutoff).executeTakeFirst();
          const h = await trx.deleteFrom("handoffs").where("day", "<", cutoff).executeTakeFirst();
          const hu = await trx.deleteFrom("handoff_unverified_days").where("day", "<", cutoff).executeTakeFirst();
          result.expired =
            Number(a.numDeletedRows) + Number(u.numDeletedRows) + Number(h.numDeletedRows) + Number(hu.numDeletedRows);
        }
      });
    } catch (e) {
      // Kept for the next flush: the counts go back, the arrivals never left.
      for (const [key, count] of counts) this.unverified.set(key, (this.unverified.get(key) ?? 0) + count);
      for (const [key, count] of handoffs) this.handoffs.set(key, (this.handoffs.get(key) ?? 0) + count);
      for (const [key, count] of handoffsUnverified)
        this.handoffsUnverified.set(key, (this.handoffsUnverified.get(key) ?? 0) + count);
      this.failures++;
      this.lastError = (e as Error).message;
      if (this.failures === 1 || this.failures % 30 === 0)
        log.warn(
          { err: this.lastError, pending: this.pending.size, failures: this.failures },
          "arrivals not written yet: the store is busy or down; retrying",
        );
      this.logDrops();
      return { ok: false, arrivals: 0, unverified: 0, error: this.lastError };
    }
    for (const [key] of batch) this.pending.delete(key);
    if (this.failures > 0) log.info({ failures: this.failures }, "arrivals written again");
    this.failures = 0;
    this.lastError = undefined;
    this.lastFlushAt = now;
    if (retention) this.lastRetentionAt = now.getTime();
    this.logDrops();
    return result;
  }

  private logDrops(): void {
    if (this.dropped === this.droppedLogged) return;
    log.warn(
      { dropped: this.dropped - this.droppedLogged, total: this.dropped, max: this.maxPending },
      "arrivals dropped: the buffer was full",
    );
    this.droppedLogged = this.dropped;
  }
}

const shared = processShared("arrival-recorder", () => ({ recorder: undefined as ArrivalRecorder | undefined }));

/** The server process's recorder, on the configured store. */
export function arrivalRecorder(): ArrivalRecorder {
  shared.recorder ??= new ArrivalRecorder({ store, retentionDays: config().ARRIVALS_RETENTION_DAYS });
  return shared.recorder;
}

/** At shutdown: writes what is pending, if the process has a recorder at all. */
export async function stopArrivalRecorder(): Promise<void> {
  await shared.recorder?.stop();
}
