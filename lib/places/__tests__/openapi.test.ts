import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { HITS_MAX, RADIUS_MAX_KM, USER_DEVICES, parseNearbyPlacesRequest } from "../request";
import { PLACE_CATEGORIES } from "../types";
import { openapi, refusedOnlyBeyondSchema, validateRequest } from "./openapi";
import { requestBodies } from "./arbitraries";

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

describe("the OpenAPI document (schemas/nearby-places.openapi.json) against the handler", () => {
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
});
