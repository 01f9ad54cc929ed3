/** Result of comparing the schema the server offers with the one this platform validates against (spec §9). */
export type SchemaStatus =
  | { status: "match" }
  | { status: "absent" }
  | { status: "mismatch"; differences: string[]; serverVersion?: string; ourVersion?: string };

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

/** Annotation keywords: documentation only, ignored where they are keywords (never as property names). */
const ANNOTATIONS = new Set(["description", "title", "$comment", "examples"]);
/** Keywords whose value maps names (of properties, definitions) to schemas. */
const NAMED_SCHEMAS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** Keywords whose value is data (compared whole, annotations and all). */
const DATA = new Set(["enum", "const", "default", "required"]);

/** Where a value sits: a schema (keys are keywords), a map of names to schemas, or data. */
type Position = "schema" | "names" | "data";

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === "object" && !Array.isArray(v);
const pointer = (at: string, k: string | number) => `${at}/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`;

function childPosition(position: Position, key: string): Position {
  if (position === "names") return "schema";
  if (position === "data" || DATA.has(key)) return "data";
  return NAMED_SCHEMAS.has(key) ? "names" : "schema";
}

/** JSON pointers where two schemas differ, ignoring key order and annotation keywords. */
function diff(a: unknown, b: unknown, at: string, out: string[], position: Position): void {
  if (out.length >= 20) return;
  if (position !== "data" && isObject(a) && isObject(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (position === "schema" && ANNOTATIONS.has(k)) continue;
      const child = childPosition(position, k);
      const [x, y] = [a[k], b[k]];
      if (position === "schema" && SCHEMA_LISTS.has(k) && Array.isArray(x) && Array.isArray(y) && x.length === y.length)
        x.forEach((item, i) => diff(item, y[i], pointer(pointer(at, k), i), out, "schema"));
      else diff(x, y, pointer(at, k), out, child);
    }
    return;
  }
  if (JSON.stringify(canonical(a)) !== JSON.stringify(canonical(b))) out.push(at || "/");
}

/** The major version a schema announces in its $id (…/v1/…), when it does. */
function majorVersion(schema: unknown): string | undefined {
  const id = (schema as { $id?: unknown })?.$id;
  return typeof id === "string" ? /\/v(\d+)\//.exec(id)?.[1] : undefined;
}

export function compareSchemas(ours: string, server: string | null): SchemaStatus {
  if (server === null) return { status: "absent" };
  let theirs: unknown;
  try {
    theirs = JSON.parse(server);
  } catch {
    return { status: "mismatch", differences: ["/ (the server's schema is not valid JSON)"] };
  }
  const mine = JSON.parse(ours) as unknown;
  const differences: string[] = [];
  diff(mine, theirs, "", differences, "schema");
  if (!differences.length) return { status: "match" };
  return { status: "mismatch", differences, serverVersion: majorVersion(theirs), ourVersion: majorVersion(mine) };
}
