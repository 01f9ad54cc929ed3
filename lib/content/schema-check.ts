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

/** JSON pointers where two schemas differ, ignoring key order and documentation-only keywords. */
function diff(a: unknown, b: unknown, at: string, out: string[]): void {
  if (out.length >= 20) return;
  const docOnly = new Set(["description", "title", "$comment", "examples"]);
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of [...keys].sort()) {
      if (docOnly.has(k)) continue;
      diff(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        out,
      );
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
  diff(mine, theirs, "", differences);
  if (!differences.length) return { status: "match" };
  return { status: "mismatch", differences, serverVersion: majorVersion(theirs), ourVersion: majorVersion(mine) };
}
