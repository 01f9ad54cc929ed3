import { brandForPartnerKey } from "@/lib/brands/partner";
import { readJsonBody } from "@/lib/http/body";
import { AppError, errorResponse } from "@/lib/http/errors";
import { nearbyPlacesJson } from "@/lib/places/nearby-json";
import { parseNearbyPlacesRequest } from "@/lib/places/request";
import { placesView } from "@/lib/places/service";

export const dynamic = "force-dynamic";

/** Seed §4.1: POST /v1/nearby-places. */
export async function POST(request: Request) {
  try {
    const brand = brandForPartnerKey(request.headers.get("x-partner-key"));
    const req = parseNearbyPlacesRequest(await readJsonBody(request));
    const json = nearbyPlacesJson(await placesView(), brand, req);
    // Compressed (br, gzip, deflate) by lib/server as Accept-Encoding asks.
    return new Response(oneChunk(json), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Anonymous-Id": req.anonymousId },
    });
  } catch (e) {
    return errorResponse(e);
  }
}

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

function methodNotAllowed() {
  return errorResponse(
    new AppError({ status: 405, code: "METHOD_NOT_ALLOWED", message: "Use POST for /v1/nearby-places" }),
    { Allow: "POST" },
  );
}
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
