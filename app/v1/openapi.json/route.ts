import openapi from "@/schemas/nearby-places.openapi.json";

/** The OpenAPI 3.1 document of the nearby-places operation (kept in schemas/, checked against the handler). */
export function GET() {
  return Response.json(openapi, { headers: { "Cache-Control": "public, max-age=300" } });
}
