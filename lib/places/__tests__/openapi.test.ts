import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET } from "@/app/v1/openapi.json/route";
import { AppError } from "@/lib/http/node";
import {
  BEYOND_JSON_SCHEMA,
  HITS_MAX,
  RADIUS_MAX_KM,
  USER_DEVICES,
  nearbyPlacesBody,
  parseNearbyPlacesRequest,
} from "../request";
import { PLACE_CATEGORIES } from "../types";
import { openapi, refusedOnlyBeyondSchema, validateRequest } from "./openapi";
import { TEXT_LIMITS, nearLimit, requestBodies } from "./arbitraries";

const request = openapi.components.schemas.NearbyPlacesRequest!;

/** The handler's verdict: undefined when it accepts the body, else the problems it names. */
function handlerRefusal(body: unknown): unknown[] | undefined {
  try {
    parseNearbyPlacesRequest(body);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return ((e as AppError).details as unknown[] | undefined) ?? [(e as AppError).message];
  }
}

/**
 * The zod schema's verdict on what JSON Schema can state: true when it accepts the body or refuses it only for the
 * rules marked beyond JSON Schema (a real code, a real date, check-out after check-in).
 */
function zodStructural(body: unknown): boolean {
  const result = nearbyPlacesBody.safeParse(body);
  return (
    result.success ||
    result.error.issues.every(
      (i) => i.code === "custom" && i.params?.beyondJsonSchema === BEYOND_JSON_SCHEMA.beyondJsonSchema,
    )
  );
}

describe("the served OpenAPI document", () => {
  it("is the one generated from the zod schema, its request schema z.toJSONSchema's", async () => {
    const res = GET();
    expect(res.status).toBe(200);
    const served = (await res.json()) as typeof openapi;
    expect(served).toEqual(openapi);
    const generated: Record<string, unknown> = z.toJSONSchema(nearbyPlacesBody, {
      io: "input",
      target: "draft-2020-12",
    });
    delete generated.$schema;
    expect(served.components.schemas.NearbyPlacesRequest).toEqual(generated);
  });
});

describe("the OpenAPI document against the handler", () => {
  it("is OpenAPI 3.1 and describes POST /v1/nearby-places with the partner key", () => {
    expect((openapi as unknown as { openapi: string }).openapi).toBe("3.1.0");
    const op = openapi.paths["/v1/nearby-places"]!.post!;
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "404", "413", "415"]);
    expect(JSON.stringify(openapi)).toContain('"name":"X-Partner-Key"');
  });

  it("names exactly the handler's fields, categories, devices and limits", () => {
    const props = request.properties!;
    expect(Object.keys(props).sort()).toEqual(
      [
        "anonymousId",
        "checkIn",
        "checkOut",
        "country",
        "currency",
        "hits",
        "label",
        "language",
        "placeCategories",
        "placeId",
        "placeName",
        "radius",
        "rooms",
        "userCountry",
        "userDevice",
      ].sort(),
    );
    expect((props.placeCategories as { items: { enum: string[] } }).items.enum).toEqual(
      [...PLACE_CATEGORIES].sort((a, b) => PLACE_CATEGORIES.indexOf(a) - PLACE_CATEGORIES.indexOf(b)),
    );
    expect(props.userDevice!.enum).toEqual([...USER_DEVICES]);
    expect(props.radius!.maximum).toBe(RADIUS_MAX_KM);
    expect(props.hits!.maximum).toBe(HITS_MAX);
  });

  it("agrees with the handler on 20 000 generated bodies, both ways", () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`openapi agreement: seed ${seed} (replay with FUZZ_SEED=${seed})`);
    let acceptedValid = 0;
    let refusedBySchema = 0;
    let refusedBeyondSchema = 0;
    fc.assert(
      fc.property(requestBodies, (body) => {
        const valid = validateRequest(body);
        const refusal = handlerRefusal(body);
        // Accepted ⇒ valid (equivalently: invalid ⇒ refused).
        if (!refusal)
          expect(valid, `${JSON.stringify(body)} accepted but invalid: ${JSON.stringify(validateRequest.errors)}`).toBe(
            true,
          );
        if (!valid) refusedBySchema++;
        // Valid ⇒ accepted, except for the rules the schema cannot express.
        if (valid && refusal) {
          expect(
            refusedOnlyBeyondSchema(refusal),
            `${JSON.stringify(body)} is valid but refused: ${JSON.stringify(refusal)}`,
          ).toBe(true);
          refusedBeyondSchema++;
        }
        if (valid && !refusal) acceptedValid++;
      }),
      { numRuns: 20_000, seed },
    );
    // Every side of both properties was exercised.
    expect(acceptedValid).toBeGreaterThan(2000);
    expect(refusedBySchema).toBeGreaterThan(2000);
    expect(refusedBeyondSchema).toBeGreaterThan(100);
  });

  it("states what the zod schema checks: ajv and zod agree on every body, texts around their limits included", () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`zod and JSON Schema: seed ${seed} (replay with FUZZ_SEED=${seed})`);
    const valid = { placeName: "Paris", currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop" };
    // Half the bodies valid but for one text around its limit: most of them decided by its length alone.
    const bodies = fc.oneof(
      requestBodies,
      nearLimit.map(([field, text]) => ({ ...valid, [field]: text }) as unknown),
    );
    const near = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(bodies, (body) => {
        const agreed = validateRequest(body);
        expect(
          zodStructural(body),
          `${JSON.stringify(body)}: ajv says ${agreed} ${JSON.stringify(validateRequest.errors)}`,
        ).toBe(agreed);
        const fields = body && typeof body === "object" ? Object.entries(body) : [];
        const text = fields.find(([k, v]) => typeof v === "string" && v.length > (TEXT_LIMITS[k] ?? Infinity));
        if (text) near[agreed ? "accepted" : "refused"]++;
      }),
      { numRuns: 20_000, seed },
    );
    // Texts longer than their limit in UTF-16 units were both taken (astral characters) and refused.
    expect(near.accepted).toBeGreaterThan(200);
    expect(near.refused).toBeGreaterThan(200);
  });

  it("counts a text's length in code points, as JSON Schema does", () => {
    const valid = { placeName: "Paris", currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop" };
    for (const [field, text] of [
      ["placeName", "😀".repeat(200)],
      ["label", "𝒳".repeat(200)],
    ] as const) {
      const body = { ...valid, [field]: text };
      expect(validateRequest(body)).toBe(true);
      expect(parseNearbyPlacesRequest(body)[field]).toHaveLength(400);
      const over = { ...body, [field]: `${text}a` };
      expect(validateRequest(over)).toBe(false);
      expect(() => parseNearbyPlacesRequest(over)).toThrow(`${field} must be at most 200 characters`);
    }
  });
});
