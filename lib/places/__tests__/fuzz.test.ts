import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AURORA_KEY, SAKURA_KEY, startNearbyServer, type NearbyServer } from "./http-fixture";
import { requestBodies } from "./arbitraries";
import { documentedStatuses, validateError, validateRequest, validateResponse } from "./openapi";

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
  headers: Record<string, string>;
  /** JSON text of a generated body, or raw text that may not be JSON at all. */
  body: string;
  json?: unknown;
}

const header = (values: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...values) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
const cases: fc.Arbitrary<Case> = fc
  .record({
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
    acceptEncoding: fc.option(header(["gzip", "br", "deflate", "gzip, deflate, br", "br;q=0", "*", "identity;q=0"]), {
      nil: undefined,
    }),
    body: fc.oneof(
      { weight: 14, arbitrary: requestBodies.map((json) => ({ json, text: JSON.stringify(json) })) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ json: undefined, text })) },
      {
        weight: 1,
        arbitrary: requestBodies.map((json) => ({ json: undefined, text: JSON.stringify(json).slice(0, -1) })),
      },
      {
        // Deep nesting in any field, up to the body limit: describing a wrong value must not recurse without bound.
        weight: 1,
        arbitrary: fc
          .record({
            body: requestBodies,
            field: fc.constantFrom("placeCategories", "radius", "rooms", "country", "label", "extra"),
            depth: fc.integer({ min: 50, max: 30_000 }),
            open: fc.constantFrom("[", '{"a":'),
          })
          .map(({ body, field, depth, open }) => {
            const close = open === "[" ? "]" : "}";
            const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
            const rest = Object.fromEntries(Object.entries((body ?? {}) as object).filter(([k]) => k !== field));
            const text = `{${JSON.stringify(field)}:${inner},${JSON.stringify(rest).slice(1)}`;
            return { json: undefined, text: text.endsWith(",}") ? `${text.slice(0, -2)}}` : text };
          }),
      },
    ),
  })
  .map(({ key, contentType, acceptEncoding, body }) => {
    const headers: Record<string, string> = {};
    if (key !== undefined) headers["x-partner-key"] = key;
    if (contentType !== undefined) headers["content-type"] = contentType;
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    return { headers, body: body.text ?? "", json: body.json };
  });

describe(`fuzzing POST /v1/nearby-places with ${CASES} random bodies and headers`, () => {
  it("never answers 5xx, and every answer is a documented status with a well-formed body", async () => {
    const samples = fc.sample(cases, { numRuns: CASES, seed: 4242 });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const c = samples[next++]!;
        const res = await fetch(`${server.url}/v1/nearby-places`, { method: "POST", headers: c.headers, body: c.body });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = check(c, res.status, text);
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
    for (const status of [200, 400, 401, 404, 415])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(20);
    expect(server.logs()).not.toMatch(/"level":50/);
  }, 600_000);
});

/** What is wrong with an answer, or undefined. */
function check(c: Case, status: number, text: string): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (!documentedStatuses.includes(status)) return `undocumented status ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the answer is not JSON";
  }
  if (status === 200) {
    if (!validateResponse(body))
      return `200 body breaks the response schema: ${JSON.stringify(validateResponse.errors)}`;
    if (c.json === undefined || !validateRequest(c.json))
      return "a request outside the request schema was answered 200";
    return undefined;
  }
  if (!validateError(body)) return `error body breaks the Error schema: ${JSON.stringify(validateError.errors)}`;
  // HTTP drops whitespace around a header value (RFC 9110 §5.5), so "key " is the key.
  const key = c.headers["x-partner-key"]?.trim();
  const authorised = key === AURORA_KEY || key === SAKURA_KEY;
  if (!authorised && status !== 401) return "a request without a valid key was not answered 401";
  if (authorised && status === 401) return "a valid key was refused";
  if (status === 404 && (c.json === undefined || !validateRequest(c.json)))
    return "an invalid request got 404 instead of 400";
  if (
    status === 400 &&
    c.json !== undefined &&
    validateRequest(c.json) &&
    (body as { error: { code: string } }).error.code.startsWith("INVALID_J")
  )
    return "valid JSON was called invalid JSON";
  return undefined;
}
