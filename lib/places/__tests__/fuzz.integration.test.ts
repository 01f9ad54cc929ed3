import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AURORA_KEY, SAKURA_KEY, startNearbyServer, validBody, type NearbyServer } from "@/lib/testing";
import { requestBodies } from "./arbitraries";
import { isUtf8 } from "node:buffer";
import { MAX_JSON_BODY_BYTES } from "@/lib/http/node";
import {
  documentedStatuses,
  refusedOnlyBeyondSchema,
  validateError,
  validateRequest,
  validateResponse,
} from "./openapi";

const CASES = 10_000;
const CONCURRENCY = 16;

let server: NearbyServer;
beforeAll(async () => {
  server = await startNearbyServer(300);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

interface Case {
  method: string;
  headers: Record<string, string>;
  /** The body as sent: JSON text of a generated body, raw text, or raw bytes that may not even be UTF-8. */
  body: string | Uint8Array;
}

const METHODS = ["GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

const header = (values: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );

/** Raw JSON text with what JSON.stringify never writes: duplicate keys, prototype keys, lone surrogates. */
const oddJson = fc
  .record({
    body: requestBodies.filter(
      (b): b is Record<string, unknown> => Boolean(b) && typeof b === "object" && !Array.isArray(b),
    ),
    twist: fc.constantFrom("duplicate", "__proto__", "constructor", "prototype", "surrogate", "nested-proto"),
    value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom("Paris", 1, null)),
  })
  .map(({ body, twist, value }) => {
    const inner = JSON.stringify(body).slice(1, -1);
    const comma = inner ? "," : "";
    const v = JSON.stringify(value) ?? "null";
    switch (twist) {
      case "duplicate":
        return `{"placeName":${v}${comma}${inner}}`.replace(/^\{/, `{"currency":${v},`);
      case "surrogate":
        return `{"placeName":"\\ud800x"${comma}${inner}}`;
      case "nested-proto":
        return `{"placeCategories":{"__proto__":["city"]}${comma}${inner}}`;
      default:
        return `{"${twist}":${v}${comma}${inner}}`;
    }
  });

const cases: fc.Arbitrary<Case> = fc
  .record({
    method: fc.oneof(
      { weight: 30, arbitrary: fc.constant("POST") },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    key: fc.oneof(
      { weight: 12, arbitrary: fc.constant(AURORA_KEY) },
      { weight: 2, arbitrary: fc.constant(SAKURA_KEY) },
      { weight: 1, arbitrary: fc.constantFrom("", "demo-aurora-partner-key-000", `${AURORA_KEY} `, "x".repeat(300)) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant("application/json") },
      {
        weight: 2,
        arbitrary: header([
          "application/json; charset=utf-8",
          "text/plain",
          "application/json; charset=latin1",
          "multipart/form-data",
          "",
        ]),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    contentEncoding: fc.oneof(
      { weight: 30, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom("gzip", "br", "deflate", "identity", "x-unknown") },
    ),
    acceptEncoding: fc.option(header(["gzip", "br", "deflate", "gzip, deflate, br", "br;q=0", "*", "identity;q=0"]), {
      nil: undefined,
    }),
    body: fc.oneof(
      { weight: 14, arbitrary: requestBodies.map((json): string | Uint8Array => JSON.stringify(json) ?? "") },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
      { weight: 1, arbitrary: requestBodies.map((json) => (JSON.stringify(json) ?? "").slice(0, -1)) },
      { weight: 2, arbitrary: oddJson },
      // Raw bytes: invalid UTF-8, an encoded lone surrogate, NUL bytes, around or inside a valid body.
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            requestBodies,
            fc.uint8Array({ maxLength: 64 }),
            fc.constantFrom([0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0], [0xef, 0xbb, 0xbf]),
          )
          .map(([json, noise, odd]) => {
            const text = Buffer.from(JSON.stringify(json) ?? "");
            const at = Math.min(text.length, noise.length % (text.length + 1));
            return new Uint8Array(
              Buffer.concat([text.subarray(0, at), Buffer.from(odd), Buffer.from(noise), text.subarray(at)]),
            );
          }),
      },
      // Past the 64 KiB limit.
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: MAX_JSON_BODY_BYTES - 200, max: MAX_JSON_BODY_BYTES * 3 })
          .map((n) => JSON.stringify({ ...validBody, label: "x".repeat(n) })),
      },
      // Deep nesting in any field, up to the body limit: describing a wrong value must not recurse without bound.
      {
        weight: 1,
        arbitrary: fc
          .record({
            body: requestBodies,
            field: fc.constantFrom("placeCategories", "radius", "rooms", "country", "label", "extra"),
            depth: fc.integer({ min: 50, max: 32_000 }),
            open: fc.constantFrom("[", '{"a":'),
          })
          .map(({ body, field, depth, open }) => {
            const close = open === "[" ? "]" : "}";
            const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
            const rest = Object.fromEntries(Object.entries((body ?? {}) as object).filter(([k]) => k !== field));
            const text = `{${JSON.stringify(field)}:${inner},${JSON.stringify(rest).slice(1)}`;
            return text.endsWith(",}") ? `${text.slice(0, -2)}}` : text;
          }),
      },
    ),
  })
  .map(({ method, key, contentType, contentEncoding, acceptEncoding, body }) => {
    const headers: Record<string, string> = {};
    if (key !== undefined) headers["x-partner-key"] = key;
    if (contentType !== undefined) headers["content-type"] = contentType;
    if (contentEncoding !== undefined) headers["content-encoding"] = contentEncoding;
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    return { method, headers, body };
  });

/** The JSON value a body holds, when it is UTF-8 JSON at all (what the server would see). */
function jsonOf(body: string | Uint8Array): unknown {
  const bytes = Buffer.from(body);
  if (!isUtf8(bytes)) return undefined;
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

describe(`fuzzing POST /v1/nearby-places with ${CASES} random bodies and headers`, () => {
  it("never answers 5xx, and every answer is a documented status with a well-formed body", async () => {
    // A fresh seed each run (printed; FUZZ_SEED=… replays one).
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);
    const samples = fc.sample(cases, { numRuns: CASES, seed });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const c = samples[next++]!;
        const bodyless = c.method === "GET" || c.method === "HEAD";
        const res = await fetch(`${server.url}/v1/nearby-places`, {
          method: c.method,
          headers: c.headers,
          body: bodyless ? undefined : typeof c.body === "string" ? c.body : new Blob([new Uint8Array(c.body)]),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = check(c, res, text);
        if (problem && failures.length < 10)
          failures.push(`${problem}\n  request ${JSON.stringify(c)}\n  answer ${res.status} ${text.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${CASES} requests in ${seconds.toFixed(1)} s (${Math.round(CASES / seconds)}/s); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures).toEqual([]);
    // Every kind of answer was reached, so the checks above had something to check.
    for (const status of [200, 400, 401, 404, 405, 413, 415])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(20);
    expect(server.logs()).not.toMatch(/"level":50/);
  }, 600_000);
});

/** What is wrong with an answer, or undefined. */
function check(c: Case, res: Response, text: string): string | undefined {
  const status = res.status;
  if (status >= 500) return `server error ${status}`;
  if (c.method !== "POST") {
    if (c.method === "OPTIONS" && status === 204)
      return res.headers.get("allow")?.includes("POST") ? undefined : "OPTIONS without Allow: POST";
    if (status !== 405) return `${c.method} answered ${status}, not 405`;
    if (!res.headers.get("allow")?.includes("POST")) return "405 without Allow: POST";
    if (c.method === "HEAD") return text === "" ? undefined : "HEAD answered with a body";
  } else if (!documentedStatuses.includes(status)) return `undocumented status ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the answer is not JSON";
  }
  const json = jsonOf(c.body);
  const schemaValid = json !== undefined && validateRequest(json);
  if (status === 200) {
    if (!validateResponse(body))
      return `200 body breaks the response schema: ${JSON.stringify(validateResponse.errors)}`;
    if (!schemaValid) return "a request outside the request schema was answered 200";
    return undefined;
  }
  if (!validateError(body)) return `error body breaks the Error schema: ${JSON.stringify(validateError.errors)}`;
  if (c.method !== "POST") return undefined;
  // HTTP drops whitespace around a header value (RFC 9110 §5.5), so "key " is the key.
  const key = c.headers["x-partner-key"]?.trim();
  const authorised = key === AURORA_KEY || key === SAKURA_KEY;
  if (!authorised) return status === 401 ? undefined : "a request without a valid key was not answered 401";
  if (status === 401) return "a valid key was refused";
  const type = c.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  const encoding = c.headers["content-encoding"]?.trim().toLowerCase();
  const typeOk = type === "application/json" && !/charset=(?!"?utf-?8)/i.test(c.headers["content-type"] ?? "");
  // The order of the checks (README): 415 (Content-Type, Content-Encoding), then 413, then the JSON.
  if (!typeOk || (encoding && encoding !== "identity"))
    return status === 415 ? undefined : `an unsupported Content-Type or Content-Encoding got ${status}, not 415`;
  if (Buffer.from(c.body).length > MAX_JSON_BODY_BYTES)
    return status === 413 ? undefined : `a body over ${MAX_JSON_BODY_BYTES} bytes got ${status}, not 413`;
  if (status === 413 || status === 415) return `a small application/json body got ${status}`;
  const error = (body as { error: { code: string; details?: unknown } }).error;
  if (status === 400 && json !== undefined && error.code.startsWith("INVALID_J"))
    return "valid JSON was called invalid JSON";
  if (status === 400 && json === undefined && error.code !== "INVALID_JSON")
    return "invalid JSON was not called INVALID_JSON";
  if (status === 404 && !schemaValid) return "an invalid request got 404 instead of 400";
  // A schema-valid body is refused only for the rules the schema cannot express.
  if (status === 400 && schemaValid && !refusedOnlyBeyondSchema(error.details ?? [error]))
    return `a schema-valid body was refused: ${JSON.stringify(error.details ?? error)}`;
  return undefined;
}
