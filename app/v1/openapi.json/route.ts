import { nearbyPlacesOpenApi } from "@/lib/places";

/** The OpenAPI 3.1 document of the nearby-places operation (its request schema generated from the zod schema). */
export function GET() {
  return Response.json(nearbyPlacesOpenApi, { headers: { "Cache-Control": "public, max-age=300" } });
}
