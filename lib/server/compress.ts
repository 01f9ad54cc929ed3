import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import compression from "compression";
import Negotiator from "negotiator";

export type ContentCoding = "br" | "gzip" | "deflate";

/** Bodies above this are compressed on libuv's thread pool instead of the event loop (measured below). */
const SYNC_LIMIT = 1024 * 1024;
/** gzip and deflate cost about three times brotli's quality 0 (~0.44 ms for 256 KB): synchronous up to 256 KB. */
const ZLIB_SYNC_LIMIT = 256 * 1024;

/** negotiator's second argument (the server's order when weights are equal), which its type declarations lack. */
type Encoding = (available: readonly string[], preferred: readonly string[]) => string | undefined;
const CODINGS = ["br", "gzip", "deflate", "identity"] as const;

/**
 * The coding to answer with for a request's Accept-Encoding (RFC 9110 §12.5.3), undefined meaning identity: the same
 * choice as the `compression` package's for pages (negotiator, preferring br then gzip when weights are equal).
 */
function negotiateEncoding(req: IncomingMessage): ContentCoding | undefined {
  const negotiator = new Negotiator(req);
  const coding = (negotiator.encoding.bind(negotiator) as Encoding)(CODINGS, ["br", "gzip"]);
  return coding === "identity" ? undefined : (coding as ContentCoding | undefined);
}

function brotliOptions(size: number): zlib.BrotliOptions {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  // Quality 0 whatever the size, measured on nearby-places answers: 3.9 KB (hits 10) → 795 bytes in 13 µs (quality 1:
  // 735 in 19 µs); 256 KB (hits 1000) → 27.6 KB in 0.15 ms (quality 1: 24.1 KB in 0.28 ms; gzip level 1: 24.9 KB in
  // 0.44 ms). An API answer is a few KB either way; on two shared cores the CPU is what queues requests. An 18-bit
  // window (256 KB) is cheap to set up. The output buffer is sized to hold the whole output of a large body in one.
  return {
    params: { [BROTLI_PARAM_QUALITY]: 0, [BROTLI_PARAM_LGWIN]: 18, [BROTLI_PARAM_SIZE_HINT]: size },
    chunkSize: outputChunk(size),
  };
}

/** zlib's output chunk for a body: 16 KB (its default) up to a quarter of the body (compressed JSON is smaller). */
const outputChunk = (size: number) => Math.max(16 * 1024, Math.min(SYNC_LIMIT, size >> 2));

/** gzip and deflate at level 1 for the same reason: 10 % larger than level 6 at less than half its cost. */
const zlibOptions = (size: number): zlib.ZlibOptions => ({ level: 1, chunkSize: outputChunk(size) });

/** Per coding: the largest body compressed synchronously, the synchronous and the thread-pool call. */
const CODERS: Record<
  ContentCoding,
  {
    syncLimit: number;
    sync: (body: Buffer) => Buffer;
    async: (body: Buffer, done: (err: Error | null, out: Buffer) => void) => void;
  }
> = {
  br: {
    syncLimit: SYNC_LIMIT,
    sync: (body) => zlib.brotliCompressSync(body, brotliOptions(body.length)),
    async: (body, done) => zlib.brotliCompress(body, brotliOptions(body.length), done),
  },
  gzip: {
    syncLimit: ZLIB_SYNC_LIMIT,
    sync: (body) => zlib.gzipSync(body, zlibOptions(body.length)),
    async: (body, done) => zlib.gzip(body, zlibOptions(body.length), done),
  },
  deflate: {
    syncLimit: ZLIB_SYNC_LIMIT,
    sync: (body) => zlib.deflateSync(body, zlibOptions(body.length)),
    async: (body, done) => zlib.deflate(body, zlibOptions(body.length), done),
  },
};

function compress(body: Buffer, coding: ContentCoding, done: (err: Error | null, out: Buffer) => void): void {
  const coder = CODERS[coding];
  if (body.length > coder.syncLimit) return coder.async(body, done);
  let out: Buffer;
  try {
    out = coder.sync(body);
  } catch (e) {
    return done(e as Error, body);
  }
  done(null, out);
}

/**
 * Compression for complete bodies (the JSON route handlers): the response is collected, then compressed in one
 * synchronous call (on the thread pool above 1 MB for brotli, 256 KB for gzip and deflate) and sent with its
 * Content-Length. For a few-KB API answer this costs a fraction of a zlib stream's set-up and event-loop round trips:
 * the `compression` package at the same settings took 220–265 µs of server CPU per 2.2 KB answer against 138–168 µs,
 * and 1.1 ms per 220 KB answer against 0.38–0.50 ms (docs/decisions.md, "The server in front of Next"). Streamed
 * pages do not come here, and negotiation, the compressible types and Vary follow the package's rules. Bodies under `minBytes` (COMPRESS_MIN_BYTES) are sent as they are.
 */
export function compressWhole(req: IncomingMessage, res: ServerResponse, minBytes: number): void {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res);
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");

  // Headers wait until the body is complete: the coding and the length are known only then.
  res.flushHeaders = () => undefined;
  const writeHead = res.writeHead.bind(res);
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((r) => typeof r === "object" && r !== null);
    if (Array.isArray(headers))
      for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v as string);
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") process.nextTick(callback as () => void);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const callback = [chunk, encoding, cb].find((a) => typeof a === "function") as (() => void) | undefined;
    // One chunk (a route handler's body usually comes whole) is used as it is: no copy of a few hundred KB.
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const send = (payload: Buffer, coding?: ContentCoding) => {
      if (coding) res.setHeader("Content-Encoding", coding);
      res.removeHeader("Transfer-Encoding");
      res.setHeader("Content-Length", payload.length);
      writeHead(res.statusCode);
      end(payload, callback);
    };
    // The `compression` package's own test of the Content-Type (mime-db's compressible types), as for pages.
    const compressible = compression.filter(req as never, res as never);
    if (compressible) vary(res);
    const coding =
      req.method !== "HEAD" &&
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      body.length >= minBytes &&
      !res.getHeader("Content-Encoding") &&
      !/no-transform/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
      compressible
        ? negotiateEncoding(req)
        : undefined;
    if (!coding) send(body);
    else compress(body, coding, (err, out) => (err ? send(body) : send(out, coding)));
    return res;
  }) as typeof res.end;
}

/** Vary: Accept-Encoding added to what the response has (nothing added past a "*"). */
function vary(res: ServerResponse): void {
  const current = String(res.getHeader("Vary") ?? "");
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  res.setHeader("Vary", current ? `${current}, Accept-Encoding` : "Accept-Encoding");
}
