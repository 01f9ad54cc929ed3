import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pino from "pino";
import { LocalSource, syncExport, type SyncOptions, SCHEMA_PATH } from "@/lib/content";
import type { Store } from "@/lib/store";

export const quietLog = pino({ level: "silent" });

/** A schema-valid record; `n` picks the id, `extra` overrides fields. */
export function hotel(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `H${n}`,
    name: { en: `Hotel ${n}` },
    location: {
      address: { en: `${n} Main Street` },
      coordinates: { latitude: 48 + n / 1000, longitude: 2 },
      country_code: "FR",
      city: "Paris",
    },
    property_type: "Hotel",
    is_pet_friendly: n % 2 === 0,
    updated_at: "2026-01-10 08:00:00.000 Z",
    ...extra,
  };
}

export function tempDir(prefix = "export-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Writes an export folder: each file is a list of records (JSON Lines or a JSON array by name) or raw text. */
export function writeExport(
  files: Record<string, unknown[] | string | Buffer>,
  opts: { dir?: string; schema?: string | null } = {},
): string {
  const dir = opts.dir ?? tempDir();
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
  for (const [name, content] of Object.entries(files)) {
    let data: string | Buffer;
    if (typeof content === "string" || Buffer.isBuffer(content)) data = content;
    else if (/\.json(\.gz)?$/.test(name)) data = `[\n${content.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`;
    else data = content.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
    fs.writeFileSync(path.join(dir, name), name.endsWith(".gz") && !Buffer.isBuffer(content) ? gzipSync(data) : data);
  }
  if (opts.schema !== null) {
    fs.mkdirSync(path.join(dir, "schemas"), { recursive: true });
    fs.writeFileSync(path.join(dir, "schemas", "HotelFtpExport.json"), opts.schema ?? fs.readFileSync(SCHEMA_PATH));
  }
  return dir;
}

export function syncDir(store: Store, dir: string, opts: Partial<SyncOptions> = {}) {
  return syncExport({
    store,
    source: new LocalSource(dir),
    log: quietLog,
    maxRemovedShare: 0.2,
    maxRejectedShare: 0.1,
    lockStaleSeconds: 30,
    ...opts,
  });
}

export const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
