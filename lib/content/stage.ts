import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, HotelVersionsTable, SyncSeenTable } from "@/lib/store";
import type { RawRecord } from "./records";
import type { RecordError, RecordValidator } from "./validate";
import { hotelColumns, type HotelRecord } from "./summary";

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

interface Rejection {
  raw: RawRecord;
  id: string | null;
  errors: RecordError[];
}

/**
 * Stages a batch of records for a run: validates each, decides new / changed / unchanged / restored, writes the new
 * versions (invisible until the run publishes), and records every id seen and every rejection. One transaction a batch.
 */
export class Stager {
  readonly counts = emptyCounts();
  private rejectedStored = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly runId: number,
    private readonly validate: RecordValidator,
  ) {}

  async stage(batch: RawRecord[]): Promise<void> {
    const now = new Date().toISOString();
    const parsed = batch.map((raw) => parse(raw));
    const ids = [...new Set(parsed.flatMap((p) => (p.id ? [p.id] : [])))];

    const [current, earlier] = ids.length
      ? await Promise.all([
          this.db
            .selectFrom("hotels")
            .select(["id", "version", "content_hash", "removed_at"])
            .where("id", "in", ids)
            .execute(),
          this.db
            .selectFrom("sync_seen")
            .select(["hotel_id", "file", "line"])
            .where("run_id", "=", this.runId)
            .where("hotel_id", "in", ids)
            .execute(),
        ])
      : [[], []];
    const currentById = new Map(current.map((c) => [c.id, c]));
    const firstSeen = new Map(earlier.map((e) => [e.hotel_id, `${e.file}:${e.line}`]));

    const seen: SyncSeenTable[] = [];
    const versions: HotelVersionsTable[] = [];
    const rejections: Rejection[] = [];

    for (const p of parsed) {
      this.counts.seen++;
      const { raw, id } = p;
      const where = `${raw.file}:${raw.line}`;
      if (id && firstSeen.has(id)) {
        rejections.push({
          raw,
          id,
          errors: [
            {
              pointer: "/id",
              keyword: "unique",
              message: `id '${id}' already appeared in this export at ${firstSeen.get(id)}; the first occurrence is kept`,
            },
          ],
        });
        continue;
      }
      if (id) firstSeen.set(id, where);
      if (p.errors) {
        rejections.push({ raw, id: id ?? null, errors: p.errors });
        // A known property whose record is broken today keeps its last good version: it is seen, not removed.
        if (id) seen.push({ run_id: this.runId, hotel_id: id, action: "rejected", file: raw.file, line: raw.line });
        continue;
      }
      const cur = currentById.get(id!);
      if (cur && cur.content_hash === p.hash) {
        // Same content as the stored (already validated) version: nothing to validate or write.
        const action = cur.removed_at ? "restored" : "unchanged";
        this.counts[action]++;
        seen.push({ run_id: this.runId, hotel_id: id!, action, file: raw.file, line: raw.line });
        continue;
      }
      const errors = this.validate(p.record);
      if (errors) {
        rejections.push({ raw, id: id ?? null, errors });
        if (id) seen.push({ run_id: this.runId, hotel_id: id, action: "rejected", file: raw.file, line: raw.line });
        continue;
      }
      const action = cur ? "changed" : "new";
      this.counts[action]++;
      seen.push({ run_id: this.runId, hotel_id: id!, action, file: raw.file, line: raw.line });
      versions.push({
        hotel_id: id!,
        version: cur ? cur.version + 1 : 1,
        run_id: this.runId,
        record: p.normalized!,
        created_at: now,
        ...hotelColumns(p.record as HotelRecord, p.hash!),
      });
    }
    this.counts.rejected += rejections.length;

    const keep = rejections.slice(0, Math.max(0, REJECTED_DETAIL_LIMIT - this.rejectedStored));
    this.rejectedStored += keep.length;
    await this.db.transaction().execute(async (trx) => {
      for (const rows of chunk(seen, 400)) await trx.insertInto("sync_seen").values(rows).execute();
      for (const rows of chunk(versions, 200)) await trx.insertInto("hotel_versions").values(rows).execute();
      for (const rows of chunk(keep, 400)) {
        await trx
          .insertInto("rejected_records")
          .values(
            rows.map((r) => ({
              run_id: this.runId,
              file: r.raw.file,
              line: r.raw.line,
              hotel_id: r.id,
              errors: JSON.stringify(r.errors),
            })),
          )
          .execute();
      }
    });
  }
}

interface Parsed {
  raw: RawRecord;
  id?: string;
  record?: unknown;
  normalized?: string;
  hash?: string;
  /** Set when the record cannot even be read (not JSON, not an object). */
  errors?: RecordError[];
}

function parse(raw: RawRecord): Parsed {
  let record: unknown;
  try {
    record = JSON.parse(raw.text);
  } catch (e) {
    return { raw, errors: [{ pointer: "", keyword: "json", message: `not valid JSON: ${(e as Error).message}` }] };
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) {
    return { raw, errors: [{ pointer: "", keyword: "type", message: "must be object" }] };
  }
  const rawId = (record as { id?: unknown }).id;
  const id = typeof rawId === "string" && rawId.length > 0 ? rawId : undefined;
  const normalized = JSON.stringify(record);
  const hash = createHash("sha1").update(normalized).digest("base64url");
  return { raw, id, record, normalized, hash };
}

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
