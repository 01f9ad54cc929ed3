import { generateExport, nextDayExport, type ExportStats } from "@/lib/content";
import { commandLine } from "./args";
import { progressReporter } from "./progress";

const usage = `Usage:
  npm run generate -- --count N --seed S --out DIR [--gzip] [--format jsonl|json] [--files K] [--date YYYY-MM-DD]
  npm run generate -- --next-day --from DIR --seed S --out DIR2 [--changed 0.1] [--removed 0.02] [--added 0.03] [--invalid 5]

Writes a deterministic, schema-valid sample export (the same seed gives the same bytes) with schemas/HotelFtpExport.json
beside it, as the SFTP server offers it. --next-day derives the following day's export from a previous one.`;

function num(v: string | undefined, name: string, fallback?: number): number {
  if (v === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required`);
    return fallback;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${v}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = commandLine("generate", usage, {
    options: {
      count: { type: "string" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
      gzip: { type: "boolean", default: false },
      format: { type: "string", default: "jsonl" },
      files: { type: "string", default: "1" },
      date: { type: "string" },
      "image-base": { type: "string" },
      "next-day": { type: "boolean", default: false },
      from: { type: "string" },
      changed: { type: "string" },
      removed: { type: "string" },
      added: { type: "string" },
      invalid: { type: "string" },
    },
  });
  if (!values.out) throw new Error("--out is required");
  if (values.format !== "jsonl" && values.format !== "json") throw new Error("--format must be jsonl or json");
  const progress = progressReporter("generate", "records");
  const common = {
    out: values.out,
    seed: num(values.seed, "seed"),
    gzip: values.gzip,
    format: values.format,
    files: Math.max(1, num(values.files, "files")),
    date: values.date,
    imageBase: values["image-base"],
  } as const;
  let stats: ExportStats;
  if (values["next-day"]) {
    if (!values.from) throw new Error("--next-day needs --from DIR (the previous export)");
    stats = await nextDayExport({
      ...common,
      from: values.from,
      changed: values.changed ? num(values.changed, "changed") : undefined,
      removed: values.removed ? num(values.removed, "removed") : undefined,
      added: values.added ? num(values.added, "added") : undefined,
      invalid: values.invalid ? num(values.invalid, "invalid") : undefined,
      onProgress: (n) => progress.update(n, n),
    });
  } else {
    const count = num(values.count, "count");
    stats = await generateExport({ ...common, count, onProgress: (n) => progress.update(n, count) });
  }
  progress.stop();
  console.log(
    `wrote ${stats.records} records (${(stats.bytes / 1e6).toFixed(1)} MB) to ${stats.files.join(", ")}` +
      (values["next-day"]
        ? `\n  unchanged ${stats.unchanged}, changed ${stats.changed}, removed ${stats.removed}, added ${stats.added}, invalid ${stats.invalid}`
        : ""),
  );
}

main().catch((e: unknown) => {
  console.error(`generate failed: ${(e as Error).message}\n\n${usage}`);
  process.exit(1);
});
