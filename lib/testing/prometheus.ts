import { spawnSync } from "node:child_process";

/**
 * Prometheus's own checker (promtool, Debian's prometheus package) and the samples of a scrape, for the metrics
 * tests. promtool parses the text format as Prometheus does and lints it (names, types, suffixes); its exit says
 * which: 0 clean, 1 unreadable, 3 readable with lint problems (one line each).
 */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync("promtool", args, { input, encoding: "utf8", timeout: 30_000 });
  return { status: run.status, output: `${run.stdout ?? ""}${run.stderr ?? ""}${run.error?.message ?? ""}` };
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * The samples of a scrape that promtool found readable: `name{label="value",…} value` lines (label values with the
 * format's three escapes), comments skipped.
 */
export function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    out.push({ name: m[1]!, labels, value: Number(m[3] === "+Inf" ? Infinity : m[3]) });
  }
  return out;
}

/** The sum of a family's samples whose labels include `labels` (0 when none has them). */
export function sampleValue(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  return all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
