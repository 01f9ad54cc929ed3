import type { HotelColumns } from "@/lib/store";
import { hotelColumns, type HotelRecord } from "./summary";
import type { RecordError, RecordValidator } from "./validate";

/** What checking one record's text gives: its id (when readable), its columns (when valid) or its errors. */
export interface CheckResult {
  id?: string;
  columns?: Omit<HotelColumns, "content_hash">;
  errors?: RecordError[];
}

/** Parses and validates record texts. Pure and synchronous, so it runs inline or in a worker thread alike. */
export function checkRecords(texts: string[], validate: RecordValidator): CheckResult[] {
  return texts.map((text) => {
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (e) {
      return { errors: [{ pointer: "", keyword: "json", message: `not valid JSON: ${(e as Error).message}` }] };
    }
    if (!record || typeof record !== "object" || Array.isArray(record)) {
      return { errors: [{ pointer: "", keyword: "type", message: "must be object" }] };
    }
    const rawId = (record as { id?: unknown }).id;
    const id = typeof rawId === "string" && rawId.length > 0 ? rawId : undefined;
    const errors = validate(record);
    if (errors) return { id, errors };
    const { content_hash: _omit, ...columns } = hotelColumns(record as HotelRecord, "");
    void _omit;
    return { id, columns };
  });
}
