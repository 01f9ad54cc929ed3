import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/errors";
import { HITS_MAX, RADIUS_MAX_KM, USER_DEVICES, parseNearbyPlacesRequest } from "../request";
import { PLACE_CATEGORIES } from "../types";
import { openapi, validateRequest } from "./openapi";
import { requestBodies } from "./arbitraries";

const request = openapi.components.schemas.NearbyPlacesRequest!;

function handlerAccepts(body: unknown): boolean {
  try {
    parseNearbyPlacesRequest(body);
    return true;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return false;
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

  it("agrees with the handler on 20 000 generated bodies: what the handler accepts is valid, what is invalid is refused", () => {
    let accepted = 0;
    let refusedBySchema = 0;
    fc.assert(
      fc.property(requestBodies, (body) => {
        const valid = validateRequest(body);
        const ok = handlerAccepts(body);
        if (ok) {
          accepted++;
          expect(valid, `${JSON.stringify(body)} accepted but invalid: ${JSON.stringify(validateRequest.errors)}`).toBe(
            true,
          );
        }
        if (!valid) {
          refusedBySchema++;
          expect(ok, `${JSON.stringify(body)} is invalid but was accepted`).toBe(false);
        }
      }),
      { numRuns: 20_000, seed: 20261122 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(2000);
    expect(refusedBySchema).toBeGreaterThan(2000);
  });
});
