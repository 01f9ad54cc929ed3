import { readJsonBody, methodNotAllowed } from "@/lib/http";
import { partnerRoute } from "@/lib/brands";
import { nearbyPlacesJson, parseNearbyPlacesRequest, placesView } from "@/lib/places";
import { searchLinkParts } from "@/lib/tracking";

export const dynamic = "force-dynamic";

/** Spec §4.1: POST /v1/nearby-places. */
export const POST = partnerRoute(async (request, { brand }) => {
  const req = parseNearbyPlacesRequest(await readJsonBody(request));
  const json = nearbyPlacesJson(await placesView(), req, searchLinkParts(brand, req));
  // Compressed (br, gzip, deflate) by lib/server as Accept-Encoding asks.
  return new Response(oneChunk(json), {
    headers: { "Content-Type": "application/json", "X-Anonymous-Id": req.anonymousId },
  });
});

/**
 * The body as a stream of one chunk: given bytes, undici copies them first (a thousand places are a few hundred KB);
 * a stream hands these very bytes to Next.
 */
function oneChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

const usePost = () => methodNotAllowed("POST", "Use POST for /v1/nearby-places");
export { usePost as GET, usePost as PUT, usePost as PATCH, usePost as DELETE };
