import { isUtf8 } from "node:buffer";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** A field as COPY receives it: text, a number, UTF-8 bytes (a record's JSON, sent as they are) or null. */
export type CopyValue = string | number | Buffer | null;

const BACKSLASH = 0x5c;
const SPECIAL_BYTES = [BACKSLASH, 0x0a, 0x0d, 0x09] as const;
const ESCAPED_BYTES = new Map<number, Buffer>([
  [BACKSLASH, Buffer.from("\\\\")],
  [0x0a, Buffer.from("\\n")],
  [0x0d, Buffer.from("\\r")],
  [0x09, Buffer.from("\\t")],
]);
const ESCAPED_CHARS: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
const SPECIAL_CHARS = /[\\\n\r\t]/g;

/**
 * COPY's text format (PostgreSQL docs, "COPY", File Formats): fields separated by tabs, rows ended by newlines, null
 * as \N, and in a field's text a backslash, newline, carriage return or tab written as \\, \n, \r, \t. Every other
 * character goes as it is, in UTF-8 (the connection's encoding), so a record's JSON arrives byte for byte. Bytes
 * that are not valid UTF-8 (which PostgreSQL's text refuses) are decoded with replacement characters first, as
 * storing them as text always did.
 */
export function copyText(rows: readonly (readonly CopyValue[])[]): Buffer {
  const parts: Buffer[] = [];
  let text = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i) text += "\t";
      const v = row[i];
      if (v === null || v === undefined) text += "\\N";
      else if (typeof v === "number") text += String(v);
      else if (typeof v === "string") text += v.replace(SPECIAL_CHARS, (c) => ESCAPED_CHARS[c]!);
      else {
        if (text) parts.push(Buffer.from(text));
        text = "";
        escapeBytes(isUtf8(v) ? v : Buffer.from(v.toString("utf8")), parts);
      }
    }
    text += "\n";
  }
  if (text) parts.push(Buffer.from(text));
  return Buffer.concat(parts);
}

/** Appends the bytes with COPY's escapes: the stretches between special bytes as views, not copies. */
function escapeBytes(bytes: Buffer, parts: Buffer[]): void {
  const next = SPECIAL_BYTES.map((b) => bytes.indexOf(b));
  let start = 0;
  for (;;) {
    let at = -1;
    let which = -1;
    for (let k = 0; k < next.length; k++) {
      const n = next[k]!;
      if (n >= 0 && (at < 0 || n < at)) {
        at = n;
        which = k;
      }
    }
    if (at < 0) break;
    if (at > start) parts.push(bytes.subarray(start, at));
    parts.push(ESCAPED_BYTES.get(SPECIAL_BYTES[which]!)!);
    start = at + 1;
    next[which] = bytes.indexOf(SPECIAL_BYTES[which]!, start);
  }
  if (start < bytes.length) parts.push(bytes.subarray(start));
}

const copyStatement = (table: string, columns: readonly string[]) =>
  copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`);

/** Streams rows into a table with one COPY … FROM STDIN on this client (in the caller's transaction, if any). */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly CopyValue[])[],
): Promise<void> {
  if (!rows.length) return;
  const stream = client.query(copyStatement(table, columns));
  stream.end(copyText(rows));
  await finished(stream);
}

/** A COPY … FROM STDIN kept open while rows arrive in parts: one statement, stored all together when it ends. */
export interface CopyStream {
  /**
   * Sends rows: their COPY text is built (the values copied) before this returns; resolves once the connection can
   * take more (the server's pace), rejects with the COPY's failure.
   */
  write(rows: readonly (readonly CopyValue[])[]): Promise<void>;
  /** Ends the COPY: resolves once the server has stored every row sent, rejects with its failure. */
  end(): Promise<void>;
  /** Fails the COPY (CopyFail): the server stores none of its rows. */
  destroy(): void;
}

export function openCopy(client: pg.ClientBase, table: string, columns: readonly string[]): CopyStream {
  const stream = client.query(copyStatement(table, columns));
  let failure: Error | undefined;
  stream.on("error", (e: Error) => (failure ??= e));
  const done = finished(stream);
  done.catch(() => undefined); // its failure is the one kept above, thrown by the next call
  const failed = () => {
    if (failure) throw failure;
  };
  return {
    async write(rows) {
      failed();
      if (!rows.length || stream.write(copyText(rows))) return;
      await Promise.race([once(stream, "drain"), done]).catch(() => undefined);
      failed();
    },
    async end() {
      failed();
      stream.end();
      await done.catch(() => undefined);
      failed();
    },
    destroy() {
      failure ??= new Error("the COPY was abandoned");
      stream.destroy();
    },
  };
}
