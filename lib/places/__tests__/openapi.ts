import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { nearbyPlacesOpenApi } from "../openapi";

/** The document as a client reads it (JSON), typed for the parts the tests look at. */
export const openapi = JSON.parse(JSON.stringify(nearbyPlacesOpenApi)) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[]; maximum?: number }> }> };
};

/** Validators for the OpenAPI document's schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses). */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...openapi, $id: "openapi.json" });
export const schemaFor = (name: string) => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
export const validateRequest = schemaFor("NearbyPlacesRequest");
export const validateResponse = schemaFor("NearbyPlacesResponse");
export const validateError = schemaFor("Error");
export const documentedStatuses = Object.keys(openapi.paths["/v1/nearby-places"]!.post!.responses).map(Number);

/**
 * The handler's rules that the request schema cannot express (spec §4.1, §8): a real currency, language and country
 * (not just the code's shape), a country the platform knows by name or code, a real calendar date, and a check-out after the check-in. A body valid against the
 * schema may be refused for these and for nothing else. (An unknown place is a 404, not a refusal of the body.)
 */
export const RULES_BEYOND_SCHEMA = [
  { field: "currency", message: /ISO 4217/ },
  { field: "language", message: /^language must be one of/ },
  { field: "userCountry", message: /ISO 3166-1 alpha-2/ },
  { field: "country", message: /is not a country name or ISO 3166-1 code that the platform knows/ },
  { field: "checkIn", message: /real date/ },
  { field: "checkOut", message: /real date|must be after checkIn/ },
] as const;

/** True when every problem a 400 names is one of RULES_BEYOND_SCHEMA. */
export function refusedOnlyBeyondSchema(details: unknown): boolean {
  return (
    Array.isArray(details) &&
    details.length > 0 &&
    details.every((d: { field?: string; message?: string }) =>
      RULES_BEYOND_SCHEMA.some((r) => r.field === d.field && r.message.test(d.message ?? "")),
    )
  );
}
