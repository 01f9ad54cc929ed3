import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { readJsonBody } from "../body";

/** A POST whose body arrives in the given pieces, with or without a declared Content-Length. */
function post(pieces: string[], contentLength?: number): Request {
  const bytes = pieces.map((p) => new TextEncoder().encode(p));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const b of bytes) controller.enqueue(b);
      controller.close();
    },
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (contentLength !== undefined) headers["content-length"] = String(contentLength);
  return new Request("http://127.0.0.1/v1/nearby-places", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
}

const error = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
};

describe("readJsonBody", () => {
  it("reads a declared-length body that arrives in several pieces, up to its length", async () => {
    const text = '{"placeName":"Zürich","hits":3}';
    const length = Buffer.byteLength(text);
    const cut = [text.slice(0, 5), text.slice(5, 17), text.slice(17)];
    expect(await readJsonBody(post(cut, length))).toEqual({ placeName: "Zürich", hits: 3 });
  });

  it("reads a body without a declared length (chunked) to its end", async () => {
    expect(await readJsonBody(post(['{"a":', "[1,2", "]}"]))).toEqual({ a: [1, 2] });
  });

  it("refuses more than the limit, declared or not, and a body cut short", async () => {
    expect((await error(readJsonBody(post(["{}"], 100_000)))).code).toBe("PAYLOAD_TOO_LARGE");
    expect((await error(readJsonBody(post(['{"a":"', "x".repeat(40), '"}']), 32))).code).toBe("PAYLOAD_TOO_LARGE");
    const short = await error(readJsonBody(post(['{"a":'], 30)));
    expect([short.status, short.code]).toEqual([400, "INVALID_JSON"]);
  });
});
