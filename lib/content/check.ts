import type { HotelColumns } from "@/lib/store";
import { hotelIdProblem } from "./hotel-id";
import { hotelColumns, type HotelRecord } from "./summary";
import type { RecordError, RecordValidator } from "./validate";

/** What checking one record's text gives: its id (when readable), its columns (when valid) or its errors. */
export interface CheckResult {
  id?: string;
  columns?: Omit<HotelColumns, "content_hash">;
  errors?: RecordError[];
}

/** Parses and validates records (UTF-8 bytes). Pure and synchronous: runs inline or in a worker thread alike. */
export function checkRecords(records: Buffer[], validate: RecordValidator): CheckResult[] {
  return records.map((bytes) => {
    let record: unknown;
    try {
      record = JSON.parse(bytes.toString("utf8"));
    } catch (e) {
      return { errors: [{ pointer: "", keyword: "json", message: `not valid JSON: ${(e as Error).message}` }] };
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
    return { id, columns };
  });
}

/** Packs record bytes into one buffer (one copy across a thread boundary instead of many strings). */
export function packRecords(records: Buffer[]): { bytes: Uint8Array; ends: number[] } {
  const bytes = Buffer.allocUnsafeSlow(records.reduce((a, r) => a + r.length, 0));
  const ends: number[] = [];
  let at = 0;
  for (const r of records) {
    at += r.copy(bytes, at);
    ends.push(at);
  }
  return { bytes, ends };
}

export function unpackRecords(packed: { bytes: Uint8Array; ends: number[] }): Buffer[] {
  const all = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.byteLength);
  return packed.ends.map((end, i) => all.subarray(i ? packed.ends[i - 1] : 0, end));
}
