import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { createGzip } from "node:zlib";
import type { Writable } from "node:stream";
import { LocalSource } from "../sync/sources/local";
import { decode, recordText, splitRecords } from "../sync/records";
import { SCHEMA_PATH } from "../validate";
import { SAMPLE_IMAGE_BASE } from "@/lib/hotels";
import { Random } from "./random";
import { SAMPLE_CITIES } from "./cities";
import { breakRecord, changeRecord, generateRecord, hotelNumber, noteName, type GenerateContext } from "./record";

export interface WriteOptions {
  out: string;
  /** Split the export over this many files (hotels-1.jsonl, hotels-2.jsonl, …); 1 gives hotels.jsonl. */
  files?: number;
  format?: "jsonl" | "json";
  gzip?: boolean;
  onProgress?: (written: number) => void;
}

export interface GenerateOptions extends WriteOptions {
  count: number;
  seed: number;
  /** Records were last updated up to 30 days before this day. */
  date?: string;
  imageBase?: string;
  /** Only around the sample cities of these countries (ISO codes); all of them unless given. */
  countries?: readonly string[];
}

export interface NextDayOptions extends WriteOptions {
  from: string;
  seed: number;
  /** The day of the new export. */
  date?: string;
  imageBase?: string;
  changed?: number;
  removed?: number;
  added?: number;
  /** How many records come out invalid. */
  invalid?: number;
}

export interface ExportStats {
  files: string[];
  records: number;
  bytes: number;
  changed: number;
  removed: number;
  added: number;
  invalid: number;
  unchanged: number;
}

const DEFAULT_DATE = "2026-01-15";

/** Writes records into one or more export files, streaming, with the schema beside them as the server offers it. */
class ExportWriter {
  private outputs: { file: string; stream: Writable; sink: fs.WriteStream; first: boolean }[] = [];
  private n = 0;
  constructor(private readonly opts: WriteOptions) {
    fs.mkdirSync(path.join(opts.out, "schemas"), { recursive: true });
    fs.copyFileSync(SCHEMA_PATH, path.join(opts.out, "schemas", "HotelFtpExport.json"));
    const count = Math.max(1, opts.files ?? 1);
    const ext = `.${opts.format ?? "jsonl"}${opts.gzip ? ".gz" : ""}`;
    for (let i = 1; i <= count; i++) {
      const file = path.join(opts.out, count === 1 ? `hotels${ext}` : `hotels-${i}${ext}`);
      const sink = fs.createWriteStream(file);
      let stream: Writable = sink;
      if (opts.gzip) {
        const gzip = createGzip({ level: 6 });
        gzip.pipe(sink);
        stream = gzip;
      }
      this.outputs.push({ file, stream, sink, first: true });
    }
  }
  async write(record: unknown): Promise<void> {
    const out = this.outputs[this.n++ % this.outputs.length]!;
    const json = JSON.stringify(record);
    let text: string;
    if (this.opts.format === "json") {
      text = `${out.first ? "[\n" : ",\n"}${json}`;
    } else {
      text = `${json}\n`;
    }
    out.first = false;
    if (!out.stream.write(text)) await once(out.stream, "drain");
    if (this.n % 1000 === 0) this.opts.onProgress?.(this.n);
  }
  async close(): Promise<{ files: string[]; bytes: number }> {
    for (const out of this.outputs) {
      if (this.opts.format === "json") out.stream.write(out.first ? "[]\n" : "\n]\n");
      const closed = once(out.sink, "close");
      out.stream.end();
      await closed;
    }
    const files = this.outputs.map((o) => o.file);
    return { files, bytes: files.reduce((a, f) => a + fs.statSync(f).size, 0) };
  }
}

export async function generateExport(opts: GenerateOptions): Promise<ExportStats> {
  const r = new Random(opts.seed);
  const ctx: GenerateContext = {
    r,
    date: new Date(`${opts.date ?? DEFAULT_DATE}T12:00:00Z`),
    imageBase: opts.imageBase ?? SAMPLE_IMAGE_BASE,
    ...(opts.countries ? { cities: SAMPLE_CITIES.filter((c) => opts.countries!.includes(c.country)) } : {}),
  };
  if (ctx.cities?.length === 0) throw new Error(`no sample city in ${opts.countries!.join(", ")}`);
  const writer = new ExportWriter(opts);
  for (let i = 1; i <= opts.count; i++) await writer.write(generateRecord(i, ctx));
  const { files, bytes } = await writer.close();
  return { files, records: opts.count, bytes, changed: 0, removed: 0, added: opts.count, invalid: 0, unchanged: 0 };
}

/** Derives the next day's export from a previous one: some records changed, some removed, some new, a few invalid. */
export async function nextDayExport(opts: NextDayOptions): Promise<ExportStats> {
  const r = new Random(opts.seed);
  const ctx: GenerateContext = {
    r,
    date: new Date(`${opts.date ?? "2026-01-16"}T00:00:00Z`),
    imageBase: opts.imageBase ?? SAMPLE_IMAGE_BASE,
  };
  const changedShare = opts.changed ?? 0.1;
  const removedShare = opts.removed ?? 0.02;
  const addedShare = opts.added ?? 0.03;
  const source = new LocalSource(opts.from);
  const writer = new ExportWriter(opts);
  const stats: ExportStats = {
    files: [],
    records: 0,
    bytes: 0,
    changed: 0,
    removed: 0,
    added: 0,
    invalid: 0,
    unchanged: 0,
  };
  let maxNumber = 0;
  let invalidLeft = opts.invalid ?? 5;
  for (const file of await source.listFiles()) {
    for await (const raw of splitRecords(file.name, decode(file.name, source.read(file)))) {
      const record = JSON.parse(recordText(raw)) as Record<string, unknown>;
      maxNumber = Math.max(maxNumber, hotelNumber(String(record.id)));
      // New properties must not take a name already used in their city (removed ones' included: a day apart).
      const named = record as { name?: { en?: unknown }; location?: { city?: unknown } };
      if (typeof named.name?.en === "string" && typeof named.location?.city === "string")
        noteName(ctx, named.location.city, named.name.en);
      const roll = r.next();
      if (roll < removedShare) {
        stats.removed++;
        continue;
      }
      if (roll < removedShare + changedShare) {
        if (invalidLeft > 0 && r.chance(0.2)) {
          invalidLeft--;
          stats.invalid++;
          await writer.write(breakRecord(record, r));
        } else {
          stats.changed++;
          await writer.write(changeRecord(record, ctx));
        }
      } else {
        stats.unchanged++;
        await writer.write(record);
      }
      stats.records++;
    }
  }
  const toAdd = Math.round((stats.records + stats.removed) * addedShare);
  for (let i = 1; i <= toAdd; i++) {
    const record = generateRecord(maxNumber + i, ctx);
    if (invalidLeft > 0 && i % 7 === 0) {
      invalidLeft--;
      stats.invalid++;
      await writer.write(breakRecord(record, r));
    } else {
      stats.added++;
      await writer.write(record);
    }
    stats.records++;
  }
  const { files, bytes } = await writer.close();
  return { ...stats, files, bytes };
}
