/** One difference between two versions of a record, at a field path such as "location.city" or "images[2].href". */
export interface FieldChange {
  path: string;
  change: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function join(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;
}

/**
 * Field-by-field differences between two versions of a record (the operators' history view): objects are compared
 * member by member and arrays item by item, down to the values that differ; a value that changes type is one change.
 * Paths in a stable order (the newer version's member order, then members only the older one has).
 */
export function diffRecords(before: unknown, after: unknown, path = ""): FieldChange[] {
  if (Object.is(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(after), ...Object.keys(before).filter((k) => !(k in after))];
    return keys.flatMap((k) => {
      const p = join(path, k);
      if (!(k in before)) return [{ path: p, change: "added" as const, after: after[k] }];
      if (!(k in after)) return [{ path: p, change: "removed" as const, before: before[k] }];
      return diffRecords(before[k], after[k], p);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: FieldChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const p = join(path, i);
      if (i >= before.length) out.push({ path: p, change: "added", after: after[i] });
      else if (i >= after.length) out.push({ path: p, change: "removed", before: before[i] });
      else out.push(...diffRecords(before[i], after[i], p));
    }
    return out;
  }
  return [{ path: path || "(record)", change: "changed", before, after }];
}
