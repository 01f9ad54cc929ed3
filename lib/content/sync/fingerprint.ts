import { createHash } from "node:crypto";
import type { ExportFile } from "./sources";

/**
 * What a listing says about an export, hashed: the source, and each file's name, size and modification time. Two
 * listings with the same fingerprint are taken for the same export (spec §4.3.3: a refresh replaces the files), so
 * the worker can tell "nothing new" from the listing alone, without downloading a byte.
 */
export function exportFingerprint(source: string, files: readonly ExportFile[]): string {
  const listed = [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => [f.name, f.size, Math.round(f.mtime)]);
  return createHash("sha256")
    .update(JSON.stringify([source, listed]))
    .digest("hex");
}
