import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** COPY's binary format (PostgreSQL docs, "COPY", Binary Format): the signature, flags and header extension length. */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

/** Pulls exact byte counts from a stream of chunks. */
class ChunkReader {
  private chunk: Buffer = Buffer.alloc(0);
  private at = 0;

  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async more(): Promise<void> {
    const next = await this.chunks.next();
    if (next.done) throw new Error("COPY output ended early");
    this.chunk = next.value;
    this.at = 0;
  }

  /** Reads to the stream's end: the connection is free for its next query only once COPY has finished. */
  async drain(): Promise<void> {
    if (this.at < this.chunk.length) throw new Error("COPY: bytes after the trailer");
    for (let next = await this.chunks.next(); !next.done; next = await this.chunks.next())
      if (next.value.length > 0) throw new Error("COPY: bytes after the trailer");
  }

  /** The next n bytes (a few: header fields), copied. */
  async bytes(n: number): Promise<Buffer> {
    const out = Buffer.alloc(n);
    await this.into(out, 0, n);
    return out;
  }

  /** Copies the next n bytes into target at offset. */
  async into(target: Uint8Array, offset: number, n: number): Promise<void> {
    while (n > 0) {
      if (this.at === this.chunk.length) await this.more();
      const take = Math.min(n, this.chunk.length - this.at);
      target.set(this.chunk.subarray(this.at, this.at + take), offset);
      this.at += take;
      offset += take;
      n -= take;
    }
  }
}

/**
 * The one bytea column a SELECT returns, row after row, copied into `target` (which the caller sized from the values'
 * lengths): COPY in binary, so the values arrive as bytes in the stream's chunks, where a query would send them as
 * hex text that becomes strings twice their size. Returns the bytes written; throws when a value would not fit.
 */
export async function copyByteaInto(pool: pg.Pool, select: string, target: Uint8Array): Promise<number> {
  const client = await pool.connect();
  try {
    const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
    const reader = new ChunkReader(stream[Symbol.asyncIterator]());
    const header = await reader.bytes(SIGNATURE.length + 8);
    if (!header.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("not COPY's binary format");
    await reader.bytes(header.readUInt32BE(SIGNATURE.length + 4)); // the header extension, unused
    let written = 0;
    for (;;) {
      const fields = (await reader.bytes(2)).readInt16BE(0);
      if (fields === -1) break;
      if (fields !== 1) throw new Error(`COPY: ${fields} columns where one was selected`);
      const length = (await reader.bytes(4)).readInt32BE(0);
      if (length < 0) throw new Error("COPY: a null value");
      if (written + length > target.length) throw new Error("COPY: more bytes than the target holds");
      await reader.into(target, written, length);
      written += length;
    }
    await reader.drain();
    client.release();
    return written;
  } catch (e) {
    // A COPY left half read holds its connection: the pool closes it rather than hand it out again.
    client.release(e as Error);
    throw e;
  }
}
