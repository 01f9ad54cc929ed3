import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

export const OPENAPI_PATH = "schemas/nearby-places.openapi.json";
export const openapi = JSON.parse(fs.readFileSync(OPENAPI_PATH, "utf8")) as {
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
