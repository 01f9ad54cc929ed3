import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextDayExport } from "@/lib/content";
import {
  syncDir,
  tempDir,
  AURORA_KEY,
  SAKURA_KEY,
  post,
  startNearbyServer,
  validBody,
  type NearbyServer,
} from "@/lib/testing";
import { openapi, validateError, validateResponse } from "./openapi";
import { demoBrands } from "@/lib/brands/node";
import { loopbackFetch } from "@/lib/http/node";

let server: NearbyServer;
beforeAll(async () => {
  server = await startNearbyServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Place = {
  placeName: string;
  placeId: string;
  placeCategory: string;
  distanceKM: number;
  hotelsCnt: number;
  url: string;
};

async function expectError(res: Response, status: number, code: string, field?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; field?: string; message: string } };
  expect(validateError(body), JSON.stringify(validateError.errors)).toBe(true);
  expect(body.error.code).toBe(code);
  if (field !== undefined) expect(body.error.field).toBe(field);
  expect(body.error.message.length).toBeGreaterThan(5);
  return body.error;
}

/**
 * A raw request (no transparent decompression), to see the bytes and the Content-Encoding the server chose. One part
 * goes with a Content-Length; several go chunked, one chunk each.
 */
function raw(
  parts: string[],
  acceptEncoding?: string,
): Promise<{ status: number; encoding?: string; vary?: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/v1/nearby-places`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-partner-key": AURORA_KEY,
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            encoding: res.headers["content-encoding"],
            vary: res.headers.vary,
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    for (const part of parts.slice(0, -1)) req.write(part);
    req.end(parts.at(-1));
  });
}

describe("POST /v1/nearby-places over HTTP (the built app)", () => {
  it("answers 200 with the places of spec §2.3, nearest first, links on the partner's brand domain", async () => {
    const res = await post(server, { ...validBody, hits: 20, radius: 500, label: "widget", anonymousId: "visitor-7" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-anonymous-id")).toBe("visitor-7");
    const body = (await res.json()) as { places: Place[] };
    expect(validateResponse(body), JSON.stringify(validateResponse.errors)).toBe(true);
    expect(body.places).toHaveLength(20);
    const distances = body.places.map((p) => p.distanceKM);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(500);
    expect(body.places.map((p) => p.placeName)).not.toContain("Paris");
    expect(new Set(body.places.map((p) => p.placeCategory)).size).toBeGreaterThan(3);
    expect(body.places.every((p) => p.hotelsCnt >= 1)).toBe(true);
    const url = new URL(body.places[0]!.url);
    expect(url.host).toBe(`brand-a.localhost:${server.port}`);
    expect(url.pathname).toBe("/search");
    expect(url.searchParams.get("source")).toBe("aurora-partner");
    expect(url.searchParams.get("label")).toBe("widget");
    expect(url.searchParams.get("anonymousId")).toBe("visitor-7");
    for (const p of ["curr", "forceCurrencyChange", "forceLanguageChange", "lang", "placeId", "rooms"])
      expect(url.searchParams.has(p), p).toBe(true);
  });

  it("generates an anonymousId when none is sent, and a partner's key selects its brand", async () => {
    const res = await post(server, { ...validBody, hits: 1 }, { "x-partner-key": SAKURA_KEY });
    expect(res.headers.get("x-anonymous-id")).toMatch(/^[0-9a-f-]{36}$/);
    const { places } = (await res.json()) as { places: Place[] };
    const url = new URL(places[0]!.url);
    expect(url.host).toBe(`brand-b.localhost:${server.port}`);
    expect(url.searchParams.get("source")).toBe("sakura-partner");
    expect(url.searchParams.get("anonymousId")).toBe(res.headers.get("x-anonymous-id"));
  });

  it("compresses the response with br, gzip or deflate as Accept-Encoding asks", async () => {
    // A few KB (compressed on the event loop) and over 64 KB (on the thread pool).
    for (const [body, min, max] of [
      [{ ...validBody, hits: 10, anonymousId: "same" }, 1024, 64 * 1024],
      [
        { ...validBody, hits: 1000, radius: 1000, anonymousId: "same", label: "campaign-".repeat(20) },
        64 * 1024,
        Infinity,
      ],
    ] as const) {
      const plain = await raw([JSON.stringify(body)]);
      expect(plain.encoding).toBeUndefined();
      expect(plain.bytes.length).toBeGreaterThan(min);
      expect(plain.bytes.length).toBeLessThan(max);
      const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
      for (const [header, expected] of [
        ["br", "br"],
        ["gzip", "gzip"],
        ["deflate", "deflate"],
        ["gzip, deflate, br", "br"],
        ["gzip;q=1, br;q=0.5", "gzip"],
        ["br;q=0, deflate", "deflate"],
        ["identity", undefined],
      ] as const) {
        const r = await raw([JSON.stringify(body)], header);
        expect(r.status, header).toBe(200);
        expect(r.encoding, header).toBe(expected);
        expect(r.vary).toMatch(/Accept-Encoding/i);
        const text = expected ? decoders[expected](r.bytes) : r.bytes;
        expect(text.equals(plain.bytes), header).toBe(true);
        if (expected) expect(r.bytes.length).toBeLessThan(plain.bytes.length / 3);
      }
    }
  });

  it("401 for a missing or unknown X-Partner-Key, before anything else is looked at", async () => {
    await expectError(await post(server, validBody, { "x-partner-key": "" }), 401, "UNAUTHORIZED", "X-Partner-Key");
    await expectError(await post(server, validBody, { "x-partner-key": "guess-guess-guess-1" }), 401, "UNAUTHORIZED");
    const res = await fetch(`${server.url}/v1/nearby-places`, { method: "POST", body: "not json" });
    await expectError(res, 401, "UNAUTHORIZED", "X-Partner-Key");
  });

  it("415 for a body that is not application/json", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin1",
      "application/jsonx",
    ]) {
      await expectError(
        await post(server, validBody, { "content-type": type }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "Content-Type",
      );
    }
    const ok = await post(server, validBody, { "content-type": "Application/JSON; charset=UTF-8" });
    expect(ok.status).toBe(200);
    await expectError(
      await post(server, validBody, { "content-encoding": "gzip" }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Content-Encoding",
    );
  });

  it("400 for malformed bodies, naming the problem and the field", async () => {
    await expectError(await post(server, "{"), 400, "INVALID_JSON");
    await expectError(await post(server, ""), 400, "INVALID_JSON");
    await expectError(await post(server, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400, "INVALID_JSON");
    await expectError(await post(server, [validBody]), 400, "INVALID_BODY");
    await expectError(await post(server, { ...validBody, radius: -5 }), 400, "INVALID_FIELD", "radius");
    await expectError(await post(server, { ...validBody, hits: 5000 }), 400, "INVALID_FIELD", "hits");
    await expectError(
      await post(server, { ...validBody, placeCategories: ["beach"] }),
      400,
      "INVALID_FIELD",
      "placeCategories",
    );
    await expectError(await post(server, { ...validBody, currency: undefined }), 400, "MISSING_FIELD", "currency");
    const error = await expectError(await post(server, {}), 400, "MISSING_FIELD", "placeName");
    expect(error).toHaveProperty("details");
  });

  it("413 for a body over 64 KiB, 404 for an unknown place, 405 for other methods", async () => {
    await expectError(await post(server, { ...validBody, label: "x".repeat(70_000) }), 413, "PAYLOAD_TOO_LARGE");
    await expectError(
      await post(server, { ...validBody, placeName: "Xyzzyville" }),
      404,
      "PLACE_NOT_FOUND",
      "placeName",
    );
    await expectError(
      await post(server, { ...validBody, placeId: "aaaaaaaaaaaaa" }),
      404,
      "PLACE_NOT_FOUND",
      "placeId",
    );
    await expectError(await post(server, { ...validBody, country: "Japan" }), 404, "PLACE_NOT_FOUND", "country");
    const get = await fetch(`${server.url}/v1/nearby-places`);
    await expectError(get, 405, "METHOD_NOT_ALLOWED");
  });

  it("reads chunked bodies (no Content-Length) too, and stops at the limit", async () => {
    const chunked = async (parts: string[]) => {
      const r = await raw(parts);
      return { status: r.status, body: r.bytes.toString() };
    };
    const text = JSON.stringify({ ...validBody, hits: 2 });
    const ok = await chunked([text.slice(0, 10), text.slice(10, 40), text.slice(40)]);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).places).toHaveLength(2);
    const big = await chunked([
      text.slice(0, -1),
      `,"label":"`,
      ..."x"
        .repeat(70)
        .split("")
        .map(() => "y".repeat(1000)),
      `"}`,
    ]);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers a JSON 404 for any method on a path no API route serves (never the brand's HTML page)", async () => {
    for (const [method, path] of [
      ["GET", "/v1/nearby-place"],
      ["POST", "/v1/nearby-places/extra"],
      ["DELETE", "/v1/x/y/z"],
      ["GET", "/api/nope"],
      ["PUT", "/api/hotels/h1"],
      ["GET", `/v1/${"a".repeat(5000)}`],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method, headers: { "x-partner-key": AURORA_KEY } });
      const error = await expectError(res, 404, "NOT_FOUND");
      expect(error.message).toContain(path.slice(0, 50));
      expect(error.message.length).toBeLessThan(300);
    }
    // A route that exists still says what is wrong with its query, in the same vocabulary.
    await expectError(await fetch(`${server.url}/api/maps/land?w=x`), 400, "INVALID_MAP_VIEW", "w");
  });

  it("serves its OpenAPI 3.1 document, the one generated from the zod schema", async () => {
    const res = await fetch(`${server.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(openapi);
  });

  it("shows new hotel counts once a sync elsewhere has recounted them", async () => {
    const ask = async () => {
      const res = await post(server, { ...validBody, placeName: "Nice", placeCategories: ["country"], radius: 1000 });
      const { places } = (await res.json()) as { places: Place[] };
      return places.find((p) => p.placeName === "France")?.hotelsCnt;
    };
    const before = await ask();
    expect(before).toBeGreaterThan(0);
    const nextDay = tempDir("nearby-next-day-");
    await nextDayExport({
      from: server.exportDir,
      out: nextDay,
      seed: 8,
      changed: 0,
      removed: 0.15,
      added: 0,
      invalid: 0,
    });
    const summary = await syncDir(server.store, nextDay);
    expect(summary.removed).toBeGreaterThan(10);
    const deadline = Date.now() + 15_000;
    let after = before;
    while (after === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      after = await ask();
    }
    expect(after).toBeLessThan(before!);
  });

  it("shows a published run's hotels even when its recount never ran (a crash between publish and recount)", async () => {
    const brandUrl = (id: string) =>
      `${demoBrands.brands[0]!.canonicalUrl.replace(/:\d+$/, `:${new URL(server.url).port}`)}/api/hotels/${encodeURIComponent(id)}/nearby`;
    const before = await server.store.db.selectFrom("hotels").select("id").where("removed_at", "is", null).execute();
    expect(before.length).toBeGreaterThan(100);
    const nextDay = tempDir("nearby-no-recount-");
    await nextDayExport({
      from: server.exportDir,
      out: nextDay,
      seed: 9,
      changed: 0,
      removed: 0.1,
      added: 0,
      invalid: 0,
    });
    const summary = await syncDir(server.store, nextDay, { recountPlaces: false });
    expect(summary).toMatchObject({ status: "published" });
    expect(summary.placesRecount).toBeUndefined();
    const gone = await server.store.db
      .selectFrom("hotels")
      .select("id")
      .where("run_id", "=", summary.runId)
      .where("removed_at", "is not", null)
      .executeTakeFirstOrThrow();
    const status = async () => (await loopbackFetch(brandUrl(gone.id))).status;
    const deadline = Date.now() + 15_000;
    let seen = await status();
    while (seen === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      seen = await status();
    }
    // Removed from the brand sites though no recount followed; a hotel still published is still there.
    expect(seen).toBe(404);
    const kept = await server.store.db
      .selectFrom("hotels")
      .select("id")
      .where("removed_at", "is", null)
      .executeTakeFirstOrThrow();
    expect((await loopbackFetch(brandUrl(kept.id))).status).toBe(200);
  });

  it("logged no server error while answering all of the above", () => {
    expect(server.logs()).not.toMatch(/"level":50/);
  });
});
