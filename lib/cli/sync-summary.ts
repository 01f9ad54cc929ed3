import type { SyncSummary } from "@/lib/content";

/** The human summary of a sync run, one fact a line. */
export function formatSummary(s: SyncSummary): string {
  const rows: [string, string][] = [
    ["run", `#${s.runId} ${s.status}`],
    ["source", s.source],
    ["files", s.files.map((f) => `${f.name} (${f.records} records)`).join(", ") || "-"],
    ["records seen", String(s.seen)],
    ["new", String(s.new)],
    ["changed", String(s.changed)],
    ["unchanged", String(s.unchanged)],
    ["restored", String(s.restored)],
    ["removed", String(s.removed)],
    ["rejected", String(s.rejected)],
    ["duration", `${(s.durationMs / 1000).toFixed(2)} s`],
    ["rate", `${Math.round(s.recordsPerSecond)} records/s, ${s.mbPerSecond.toFixed(1)} MB/s`],
    ["schema", s.schema.status],
  ];
  if (s.error) rows.push(["reason", `${s.error.code}: ${s.error.message}`]);
  if (s.placesRecount) {
    rows.push([
      "places",
      "error" in s.placesRecount
        ? `hotel counts not recomputed: ${s.placesRecount.error}`
        : `${s.placesRecount.places} places with hotels (recounted in ${(s.placesRecount.durationMs / 1000).toFixed(2)} s)`,
    ]);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join("\n");
}
