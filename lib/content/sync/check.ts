import type { HotelColumns } from "@/lib/store";
import { hotelIdProblem, httpImagesAllowed, imageUrlProblem } from "@/lib/hotels";
import { hotelColumns, type HotelRecord } from "./columns";
import type { RecordError, RecordValidator } from "../validate";
import type { StepClock } from "./thread-times";

/**
 * What checking one record's text gives: its id (when readable), its columns (when valid) or its errors, and for a
 * valid record the notes of what the platform will not show of it (images whose URL it refuses).
 */
export interface CheckResult {
  id?: string;
  columns?: Omit<HotelColumns, "content_hash">;
  errors?: RecordError[];
  notes?: RecordError[];
}

/**
 * Parses and validates records (UTF-8 bytes). Pure and synchronous: runs inline or in a worker thread alike. With a
 * clock, parsing and validating are timed.
 */
export function checkRecords(records: Buffer[], validate: RecordValidator, clock?: StepClock): CheckResult[] {
  if (!clock) return records.map((bytes) => checkRecord(bytes, validate));
  let parseMs = 0;
  let validateMs = 0;
  const timed: RecordValidator = (record) => {
    const t = performance.now();
    try {
      return validate(record);
    } finally {
      validateMs += performance.now() - t;
    }
  };
  const start = performance.now();
  const results = records.map((bytes) => checkRecord(bytes, timed, (ms) => (parseMs += ms)));
  clock.add("parse", parseMs);
  clock.add("validate", validateMs);
  clock.add("columns", performance.now() - start - parseMs - validateMs);
  return results;
}

function checkRecord(bytes: Buffer, validate: RecordValidator, parsed?: (ms: number) => void): CheckResult {
  let record: unknown;
  const t = performance.now();
  try {
    record = JSON.parse(bytes.toString("utf8"));
  } catch (e) {
    return { errors: [{ pointer: "", keyword: "json", message: `not valid JSON: ${(e as Error).message}` }] };
  } finally {
    parsed?.(performance.now() - t);
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) {
    return { errors: [{ pointer: "", keyword: "type", message: "must be object" }] };
  }
  const rawId = (record as { id?: unknown }).id;
  const idProblem = typeof rawId === "string" && rawId.length > 0 ? hotelIdProblem(rawId) : undefined;
  // An id that cannot be stored or shown is no id: the record is rejected without one (nothing keyed by it is written).
  if (idProblem) return { errors: [{ pointer: "/id", keyword: "hotelId", message: `id ${idProblem}` }] };
  const id = typeof rawId === "string" && rawId.length > 0 ? rawId : undefined;
  const errors = validate(record);
  if (errors) return { id, errors };
  const { content_hash: _omit, ...columns } = hotelColumns(record as HotelRecord, "");
  void _omit;
  const notes = imageNotes(record as HotelRecord);
  return notes.length ? { id, columns, notes } : { id, columns };
}

/**
 * Images whose URL the platform refuses (lib/hotels/image-url.ts): the record is kept (its bytes as exported, like
 * every record) and the image is never shown; each is noted with its pointer, so the supplier can be told.
 */
function imageNotes(record: HotelRecord): RecordError[] {
  const images = record.images;
  if (!Array.isArray(images)) return [];
  const allowHttp = httpImagesAllowed();
  const notes: RecordError[] = [];
  images.forEach((img: { href?: unknown } | null, i) => {
    const href = img?.href;
    const problem = typeof href === "string" ? imageUrlProblem(href, { allowHttp }) : undefined;
    if (problem) {
      notes.push({
        pointer: `/images/${i}/href`,
        keyword: "imageUrl",
        message: `image not shown (the record is kept): its URL ${problem}`,
      });
    }
  });
  return notes;
}

/**
 * Record bytes as they cross a thread boundary: one buffer and where each record ends (and starts, when the records
 * are not back to back). A buffer over a SharedArrayBuffer crosses without a copy.
 */
export interface PackedRecords {
  bytes: Uint8Array;
  ends: number[];
  starts?: number[];
}

/** Packs record bytes into one buffer (one copy across a thread boundary instead of many strings). */
export function packRecords(records: Buffer[]): { bytes: Uint8Array; ends: number[] } {
  const bytes = Buffer.allocUnsafeSlow(records.reduce((a, r) => a + r.length, 0));
  return { bytes, ends: packInto(records, bytes) };
}

/** Copies record bytes back to back into `target`; returns where each ends. */
export function packInto(records: Buffer[], target: Buffer): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const r of records) {
    at += r.copy(target, at);
    ends.push(at);
  }
  return ends;
}

/**
 * Records that already live in one SharedArrayBuffer (as the reader thread hands them over) are sent as that buffer
 * and their offsets, with no copy; any others are packed.
 */
export function packForThread(records: Buffer[]): { packed: PackedRecords; transfer: ArrayBuffer[] } {
  const sab = records[0]?.buffer;
  if (sab instanceof SharedArrayBuffer && records.every((r) => r.buffer === sab)) {
    return {
      packed: {
        bytes: new Uint8Array(sab),
        starts: records.map((r) => r.byteOffset),
        ends: records.map((r) => r.byteOffset + r.length),
      },
      transfer: [],
    };
  }
  const packed = packRecords(records);
  return { packed, transfer: [packed.bytes.buffer as ArrayBuffer] };
}

export function unpackRecords(packed: PackedRecords): Buffer[] {
  const all = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
  const { starts, ends } = packed;
  return ends.map((end, i) => all.subarray(starts ? starts[i] : i ? ends[i - 1] : 0, end));
}
