import { isUtf8 } from "node:buffer";
import { AppError } from "./errors";

/** Request bodies larger than this are refused (413); a nearby-places request is a few hundred bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** application/json, optionally with charset=utf-8; anything else is refused with 415 naming the header. */
export function assertJsonContentType(request: Request): void {
  const header = request.headers.get("content-type");
  const [type, ...params] = (header ?? "").split(";").map((s) => s.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice(8)
    .replace(/"/g, "");
  if (type !== "application/json" || (charset !== undefined && charset !== "utf-8" && charset !== "utf8")) {
    throw new AppError({
      code: "UNSUPPORTED_MEDIA_TYPE",
      field: "Content-Type",
      message: header
        ? `Content-Type must be application/json (UTF-8), not "${header.slice(0, 100)}"`
        : "Content-Type: application/json is required",
    });
  }
  const encoding = request.headers.get("content-encoding");
  if (encoding && encoding.trim().toLowerCase() !== "identity") {
    throw new AppError({
      code: "UNSUPPORTED_MEDIA_TYPE",
      field: "Content-Encoding",
      message: "Request bodies must not be compressed",
    });
  }
}

function tooLarge(maxBytes: number): AppError {
  return new AppError({
    code: "PAYLOAD_TOO_LARGE",
    message: `The body must be at most ${maxBytes} bytes`,
  });
}

/** A request body's bytes, at most `maxBytes` (413 beyond, whether or not a length was declared). */
async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const length = request.headers.get("content-length");
  const declared = Number(length ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    // Piece by piece, stopping at the limit (chunked bodies declare no length). HTTP framing holds a body to its
    // declared length, so once that much has come the body is complete: no further read waits for its end.
    const reader = request.body.getReader();
    while (length === null || size < declared) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
    reader.releaseLock();
  }
  return chunks.length === 1
    ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength)
    : Buffer.concat(chunks);
}

/** Reads a JSON body (content type checked, size bounded, strict UTF-8); malformed JSON is a 400 naming the problem. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  assertJsonContentType(request);
  const bytes = await readBodyBytes(request, maxBytes);
  if (!isUtf8(bytes)) throw new AppError({ code: "INVALID_JSON", message: "The body is not valid UTF-8" });
  const text = bytes.toString("utf8");
  if (text.trim() === "") throw new AppError({ code: "INVALID_JSON", message: "The body is empty" });
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError({
      code: "INVALID_JSON",
      message: `The body is not valid JSON: ${(e as Error).message.slice(0, 200)}`,
    });
  }
}

/** Reads a small HTML form (application/x-www-form-urlencoded), at most `maxBytes`; another type is a 415. */
export async function readFormBody(request: Request, maxBytes: number): Promise<URLSearchParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    throw new AppError({
      code: "UNSUPPORTED_MEDIA_TYPE",
      field: "Content-Type",
      message: "Content-Type must be application/x-www-form-urlencoded",
    });
  return new URLSearchParams((await readBodyBytes(request, maxBytes)).toString("utf8"));
}
