import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";
import { config } from "@/lib/config";
import { SyncError } from "../errors";

/** One record's raw JSON with where it came from. */
export interface RawRecord {
  /** The record's UTF-8 bytes (what the content hash is computed over); decode with recordText(). */
  bytes: Buffer;
  file: string;
  /** 1-based line where the record starts. */
  line: number;
  /**
   * Set when the record is larger than the per-record limit: its size in bytes. Its bytes are then only its first
   * few KB (enough to read the id), never the whole: a record of hundreds of MB is skipped, not held.
   */
  oversize?: number;
}

/** What is kept of an oversized record: its start, where exporters write the id. */
const OVERSIZE_HEAD_BYTES = 4096;

export type ExportFormat = "json-array" | "json-lines";

const NEWLINE = 0x0a;

/** A record's JSON text. Decoded only where needed: unchanged records are recognised from their bytes alone. */
export function recordText(r: RawRecord): string {
  return r.bytes.toString("utf8");
}

/** File names the pipeline reads: JSON arrays or JSON Lines, each optionally gzipped. */
export function isExportFile(name: string): boolean {
  return /\.(json|jsonl|ndjson)(\.gz)?$/i.test(name);
}

export function isGzip(name: string): boolean {
  return /\.gz$/i.test(name);
}

export function truncated(file: string, message: string, cause?: unknown): SyncError {
  return new SyncError({ code: "TRUNCATED_INPUT", message: `${file}: ${message}`, field: file, cause });
}

/** Gunzips a byte stream when the file is gzipped; a truncated or corrupt gzip fails with TRUNCATED_INPUT. */
export async function* decode(file: string, bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  if (!isGzip(file)) {
    yield* bytes;
    return;
  }
  // 1 MB output chunks: the default 16 KB makes the splitter copy and iterate 64 times as often.
  const gunzip = Readable.from(bytes).pipe(createGunzip({ chunkSize: 1 << 20 }));
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof SyncError) throw e;
    throw truncated(file, `gzip stream is truncated or corrupt (${(e as Error).message})`, e);
  }
}

/**
 * Splits a decoded byte stream into records, streaming: a JSON array ('[' first) is split into its elements, anything
 * else is read as JSON Lines. Memory holds one chunk plus one partial record at a time.
 */
export async function* splitRecords(
  file: string,
  chunks: AsyncIterable<Buffer>,
  maxRecordBytes = config().SYNC_MAX_RECORD_BYTES,
): AsyncGenerator<RawRecord> {
  let format: ExportFormat | undefined;
  const it = chunks[Symbol.asyncIterator]();
  let first: Buffer | undefined;
  // Sniff the format from the first non-whitespace byte.
  const pending: Buffer[] = [];
  for (;;) {
    const next = await it.next();
    if (next.done) break;
    pending.push(next.value);
    const i = firstNonSpace(next.value);
    if (i >= 0) {
      format = next.value[i] === 0x5b ? "json-array" : "json-lines";
      break;
    }
  }
  if (!format) return; // empty file: no records
  first = Buffer.concat(pending);
  async function* rest(): AsyncGenerator<Buffer> {
    if (first) yield first;
    first = undefined;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  yield* format === "json-array" ? splitArray(file, rest(), maxRecordBytes) : splitLines(file, rest(), maxRecordBytes);
}

function firstNonSpace(b: Buffer): number {
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xef && c !== 0xbb && c !== 0xbf) return i;
  }
  return -1;
}

async function* splitLines(file: string, chunks: AsyncIterable<Buffer>, max: number): AsyncGenerator<RawRecord> {
  let carry: Buffer | null = null;
  let line = 0;
  // An oversized line being skipped: its start and how many bytes it has had so far.
  let skipping = null as { head: Buffer; size: number } | null;
  for await (let chunk of chunks) {
    if (skipping) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) {
        skipping.size += chunk.length;
        continue;
      }
      line++;
      yield { bytes: skipping.head, file, line, oversize: skipping.size + nl };
      skipping = null;
      carry = null;
      yield* linesOf(chunk.subarray(nl + 1));
      continue;
    }
    if (carry) {
      // Only the line that straddles the two chunks is joined; the rest of the chunk is split where it lies.
      const nl = chunk.indexOf(NEWLINE);
      yield* linesOf(Buffer.concat([carry, nl < 0 ? chunk : chunk.subarray(0, nl + 1)]));
      if (nl < 0) continue;
      chunk = chunk.subarray(nl + 1);
    }
    yield* linesOf(chunk);
  }
  if (skipping) {
    line++;
    yield { bytes: skipping.head, file, line, oversize: skipping.size };
    return;
  }
  if (carry) {
    line++;
    const bytes = trimBytes(carry);
    if (!bytes.length) return;
    // A last line without a newline that does not parse is a cut-off file, not a bad record.
    try {
      JSON.parse(bytes.toString("utf8"));
    } catch {
      throw truncated(file, `the last line (${line}) is incomplete: the file looks truncated`);
    }
    yield { bytes, file, line };
  }

  /** The complete lines of a buffer; what follows the last newline is carried (or skipped when over the limit). */
  function* linesOf(buf: Buffer): Generator<RawRecord> {
    let start = 0;
    for (let nl = buf.indexOf(NEWLINE, start); nl >= 0; nl = buf.indexOf(NEWLINE, start)) {
      line++;
      const bytes = trimBytes(buf.subarray(start, nl));
      if (bytes.length > max) {
        yield { bytes: Buffer.from(bytes.subarray(0, OVERSIZE_HEAD_BYTES)), file, line, oversize: bytes.length };
      } else if (bytes.length) yield { bytes, file, line };
      start = nl + 1;
    }
    const rest = buf.subarray(start);
    if (rest.length > max) {
      skipping = { head: Buffer.from(trimBytes(rest).subarray(0, OVERSIZE_HEAD_BYTES)), size: rest.length };
      carry = null;
    } else carry = rest.length ? Buffer.from(rest) : null;
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The bytes without leading and trailing JSON white space. */
function trimBytes(b: Buffer): Buffer {
  let s = 0;
  let e = b.length;
  while (s < e && isSpace(b[s]!)) s++;
  while (e > s && isSpace(b[e - 1]!)) e--;
  return b.subarray(s, e);
}

/** Byte-level scanner for the elements of a top-level JSON array. */
async function* splitArray(file: string, chunks: AsyncIterable<Buffer>, max: number): AsyncGenerator<RawRecord> {
  let depth = 0;
  // Bytes of the element being read; past the limit only its head is kept (parts then holds just that).
  let size = 0;
  let head: Buffer | null = null;
  let inString = false;
  let escape = false;
  let closed = false;
  let line = 1;
  let elementLine = 0;
  let parts: Buffer[] = [];

  for await (const chunk of chunks) {
    // Where the open element starts in this chunk (0 when it began in an earlier one).
    let start = elementLine ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === NEWLINE) line++;
      if (inString) {
        if (escape) escape = false;
        else if (c === 0x5c) escape = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (closed) {
        if (c > 0x20) throw invalidArray(file, line, "data after the closing ']'");
        continue;
      }
      if (depth === 1 && (c === 0x2c || c === 0x5d)) {
        // ',' or ']' at depth 1 ends the element being read.
        if (elementLine) {
          if (head) {
            yield { bytes: head, file, line: elementLine, oversize: size + (i - start) };
          } else {
            parts.push(chunk.subarray(start, i));
            const bytes = trimBytes(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
            if (bytes.length > max) {
              yield {
                bytes: Buffer.from(bytes.subarray(0, OVERSIZE_HEAD_BYTES)),
                file,
                line: elementLine,
                oversize: bytes.length,
              };
            } else yield { bytes, file, line: elementLine };
          }
          parts = [];
          size = 0;
          head = null;
          elementLine = 0;
          start = -1;
        } else if (c === 0x2c) {
          throw invalidArray(file, line, "an empty element");
        }
        if (c === 0x5d) {
          depth = 0;
          closed = true;
        }
        continue;
      }
      if (depth === 0) {
        if (c === 0x5b) depth = 1;
        else if (c > 0x20 && c !== 0xef && c !== 0xbb && c !== 0xbf) throw invalidArray(file, line, "expected '['");
        continue;
      }
      if (depth === 1 && !elementLine && c > 0x20) {
        elementLine = line;
        start = i;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) depth--;
    }
    if (elementLine) {
      size += chunk.length - start;
      if (head) continue;
      parts.push(Buffer.from(chunk.subarray(start)));
      if (size > max) {
        head = Buffer.concat(parts).subarray(0, OVERSIZE_HEAD_BYTES);
        parts = [];
      }
    }
  }
  if (!closed) throw truncated(file, `the JSON array is not closed (ended at line ${line}): the file looks truncated`);
}

function invalidArray(file: string, line: number, what: string): SyncError {
  return new SyncError({
    code: "INVALID_EXPORT_FILE",
    message: `${file}:${line}: not a valid JSON array of records (${what})`,
    field: file,
  });
}
