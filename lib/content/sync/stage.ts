import { config } from "@/lib/config";
import type { HotelVersionsTable, Store, SyncSeenTable } from "@/lib/store";
import type { RawRecord } from "./records";
import type { RecordBatch } from "./reader";
import type { RecordError } from "../validate";
import type { Checker } from "./checker";
import type { CheckResult } from "./check";
import { isHotelId } from "@/lib/hotels";
import { stagingDb, type ConfirmLock, type CurrentRow, type RejectedRow, type StagingDb } from "./staging-db";
import { StepClock } from "./thread-times";
import { SeenFilter } from "./seen-filter";

/** How many rejected records a run keeps in detail; the count is always exact. */
export const REJECTED_DETAIL_LIMIT = 10_000;

export interface StageCounts {
  seen: number;
  new: number;
  changed: number;
  unchanged: number;
  restored: number;
  rejected: number;
}

export const emptyCounts = (): StageCounts => ({ seen: 0, new: 0, changed: 0, unchanged: 0, restored: 0, rejected: 0 });

/** A batch after the work that may run ahead of the writes: hashes, the unchanged-by-hash lookup and the checks. */
export interface PreparedBatch {
  batch: RawRecord[];
  hashes: string[];
  unchanged: Map<string, CurrentRow>;
  /** The ids looked up by id while preparing (found or not) and the current rows found: commit need not ask again. */
  lookedUp: { ids: Set<string>; current: CurrentRow[] };
  /** Check results of the records whose hash matched nothing, in batch order. */
  checks: CheckResult[];
}

/**
 * Stages records for a run. A record whose text hashes to the stored content of a current property is unchanged
 * and costs no parsing. Every other record is parsed and validated, and becomes new, changed or rejected. New
 * versions are written now but stay invisible until the run publishes. Every id seen is noted (for removals and
 * duplicates) and every rejection kept with its errors.
 */
export class Stager {
  readonly counts = emptyCounts();
  private rejectedStored = 0;
  private readonly sdb: StagingDb;
  /**
   * Whether the store held no property and no other run's version when this run began (a first sync): then no
   * record can be unchanged or need numbering after a stored version, and the per-batch lookups are skipped.
   */
  private readonly fresh: Promise<boolean>;
  /** The ids this run has noted: only those it may have seen are looked up in sync_seen (duplicates). */
  private readonly seenIds = new SeenFilter();

  constructor(
    store: Store,
    private readonly runId: number,
    private readonly checker: Checker,
    /** Confirms the run still holds the sync lock, before anything is stored that a publish could not undo. */
    confirmLock: ConfirmLock,
    /** The calling thread's clock: lookups, decisions and writes are timed on it. */
    private readonly clock = new StepClock("main"),
  ) {
    this.sdb = stagingDb(store, runId, confirmLock);
    this.fresh = freshStore(store, runId);
    this.fresh.catch(() => undefined); // awaited (and its error thrown) by the first batch
  }

  /** The part of a batch's work that does not depend on earlier batches; it may run while they are written. */
  async prepare({ records: batch, hashes }: RecordBatch): Promise<PreparedBatch> {
    // Exporters write the id first: read it from the leading bytes and look the property up by id (ids arrive in
    // order, so the index pages are warm); records that do not start that way are looked up by hash. Either way a
    // record is unchanged only when its hash equals the stored one, so a misread id only costs a parse.
    const clock = this.clock;
    const fresh = await this.fresh;
    const leading = batch.map((r) => leadingId(r.bytes));
    const ids = new Set(leading.filter((id): id is string => id !== undefined));
    const byId = fresh ? [] : await clock.timeAsync("lookup", () => this.sdb.currentById([...ids]));
    const unchanged = new Map<string, CurrentRow>();
    for (const row of byId) unchanged.set(row.content_hash, row);
    const unknown = fresh ? [] : [...new Set(hashes.filter((h, i) => leading[i] === undefined && !unchanged.has(h)))];
    for (const row of await clock.timeAsync("lookup", () => this.sdb.currentByHash(unknown)))
      unchanged.set(row.content_hash, row);
    const pending = batch.filter((_, i) => !unchanged.has(hashes[i]!));
    const toCheck = pending.filter((r) => !r.oversize).map((r) => r.bytes);
    const checked = toCheck.length ? await this.checker.check(toCheck) : [];
    let next = 0;
    const checks = pending.map((r) => (r.oversize ? oversized(r) : checked[next++]!));
    return { batch, hashes, unchanged, checks, lookedUp: { ids, current: byId } };
  }

  /** Decides and writes a prepared batch; batches must be committed in export order. */
  async commit({ batch, hashes, unchanged, checks, lookedUp }: PreparedBatch): Promise<void> {
    const clock = this.clock;
    const decideStart = performance.now();
    const now = new Date().toISOString();
    let next = 0;
    const results = batch.map((raw, i) => {
      const hash = hashes[i]!;
      const cur = unchanged.get(hash);
      return cur ? { raw, hash, id: cur.id, cur } : { raw, hash, ...checks[next++]! };
    });
    const ids = [...new Set(results.flatMap((r) => (r.id ? [r.id] : [])))];
    const checkedIds = results.flatMap((r) => (!("cur" in r) && r.id && !r.errors ? [r.id] : []));
    const lookupStart = performance.now();
    clock.add("decide", lookupStart - decideStart);
    // The current rows do not change while a run stages (only a publish writes them, and the lock keeps other runs
    // out): what prepare found by id stands, and only ids it did not look up are asked for.
    const fresh = await this.fresh;
    const checked = fresh ? [] : [...new Set(checkedIds)];
    const notLookedUp = checked.filter((id) => !lookedUp.ids.has(id));
    const [current, highest, earlier] = await Promise.all([
      notLookedUp.length ? this.sdb.currentById(notLookedUp) : [],
      this.sdb.highestVersions(checked),
      this.sdb.seenInRun(
        this.runId,
        ids.filter((id) => this.seenIds.mayHave(id)),
      ),
    ]);
    const lookupEnd = performance.now();
    clock.add("lookup", lookupEnd - lookupStart);
    const currentById = new Map([...lookedUp.current, ...current].map((c) => [c.id, c]));
    // New versions are numbered from the highest stored, so a failed run's leftovers can never collide with them.
    const highestById = new Map(highest.map((h) => [h.hotel_id, Number(h.version)]));
    const firstSeen = new Map(earlier.map((e) => [e.hotel_id, `${e.file}:${e.line}`]));

    const seen: SyncSeenTable[] = [];
    const versions: HotelVersionsTable[] = [];
    const rejections: { raw: RawRecord; id: string | null; errors: RecordError[] }[] = [];
    // Loaded records' notes (images not shown) are kept with the rejections, but reject nothing and count as none.
    const notes: typeof rejections = [];
    const note = (id: string, action: SyncSeenTable["action"], raw: RawRecord, version: number | null = null) => {
      this.seenIds.add(id);
      seen.push({ run_id: this.runId, hotel_id: id, action, version, file: raw.file, line: raw.line });
    };

    for (const r of results) {
      this.counts.seen++;
      const { raw, id } = r;
      if (id && firstSeen.has(id)) {
        const message = `id '${id}' already appeared in this export at ${firstSeen.get(id)}; the first occurrence is kept`;
        rejections.push({ raw, id, errors: [{ pointer: "/id", keyword: "unique", message }] });
        continue;
      }
      if (id) firstSeen.set(id, `${raw.file}:${raw.line}`);
      if ("cur" in r && r.cur) {
        const action = r.cur.removed_at ? "restored" : "unchanged";
        this.counts[action]++;
        note(r.cur.id, action, raw);
        continue;
      }
      if (!("columns" in r) || !r.columns || !id) {
        rejections.push({ raw, id: id ?? null, errors: ("errors" in r && r.errors) || [] });
        // A known property whose record is broken today keeps its last good version: seen, so not removed.
        if (id) note(id, "rejected", raw);
        continue;
      }
      const cur = currentById.get(id);
      const action = cur ? "changed" : "new";
      const version = Math.max(cur?.version ?? 0, highestById.get(id) ?? 0) + 1;
      this.counts[action]++;
      note(id, action, raw, version);
      if (r.notes) notes.push({ raw, id, errors: r.notes });
      versions.push({
        hotel_id: id,
        version,
        run_id: this.runId,
        record: raw.bytes,
        created_at: now,
        ...r.columns,
        content_hash: r.hash,
      });
    }
    this.counts.rejected += rejections.length;
    const keep = [...rejections, ...notes].slice(0, Math.max(0, REJECTED_DETAIL_LIMIT - this.rejectedStored));
    this.rejectedStored += keep.length;
    const rejected: RejectedRow[] = keep.map((r) => ({
      run_id: this.runId,
      file: r.raw.file,
      line: r.raw.line,
      hotel_id: r.id,
      errors: JSON.stringify(r.errors),
    }));
    clock.add("decide", performance.now() - lookupEnd);
    await clock.timeAsync("insert", () => this.sdb.write(seen, versions, rejected));
  }

  /**
   * Stores whatever the writes still hold (PostgreSQL's versions), after the last batch and before the publish, if
   * the run still holds the sync lock.
   */
  finish(): Promise<void> {
    return this.clock.timeAsync("insert", () => this.sdb.finish());
  }

  /** Drops what is not stored yet; the run is failing or starting over, and discards what is. Never throws. */
  abort(): Promise<void> {
    return this.sdb.abort();
  }
}

const ID_PREFIX = Buffer.from('{"id":"');

async function freshStore(store: Store, runId: number): Promise<boolean> {
  const [hotel, version] = await Promise.all([
    store.db.selectFrom("hotels").select("id").limit(1).executeTakeFirst(),
    store.db.selectFrom("hotel_versions").select("hotel_id").where("run_id", "<>", runId).limit(1).executeTakeFirst(),
  ]);
  return !hotel && !version;
}

/**
 * A record over the per-record limit, rejected unread. Its id, when its first bytes name one, keeps a known property
 * seen (its last good version stays) rather than removed.
 */
function oversized(r: RawRecord): CheckResult {
  const id = leadingId(r.bytes);
  return {
    ...(isHotelId(id) ? { id } : {}),
    errors: [
      {
        pointer: "",
        keyword: "maxBytes",
        message: `the record is ${r.oversize} bytes, over the limit of ${config().SYNC_MAX_RECORD_BYTES} bytes per record (SYNC_MAX_RECORD_BYTES); it was not read`,
      },
    ],
  };
}

/** The id of a record that starts with {"id":"…" (no escapes in it), else undefined. */
export function leadingId(bytes: Buffer): string | undefined {
  if (bytes.length <= ID_PREFIX.length || bytes.compare(ID_PREFIX, 0, ID_PREFIX.length, 0, ID_PREFIX.length) !== 0) {
    return undefined;
  }
  const end = bytes.indexOf(0x22, ID_PREFIX.length);
  if (end <= ID_PREFIX.length) return undefined;
  const id = bytes.toString("utf8", ID_PREFIX.length, end);
  return id.includes("\\") ? undefined : id;
}
