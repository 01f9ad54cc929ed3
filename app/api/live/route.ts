import { readJsonBody, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** A probe's body is a few bytes; anything larger is refused (413). */
const LIVE_BODY_MAX_BYTES = 1024;

/** Liveness: the process answers (no store access). Also the trivial GET of the benchmarks, kept for reference. */
export function GET() {
  return Response.json({ status: "ok" });
}

/**
 * Liveness for probes that POST (some load balancers' checks send a small JSON body). The body is optional; when
 * sent it is read through the API's body reader (JSON, UTF-8, at most 1 KB) and otherwise unused. Also the baseline
 * of bench:nearby: the same server, body reader and compression layer as POST /v1/nearby-places, none of its work.
 */
export const POST = route(async (request) => {
  const length = request.headers.get("content-length");
  const bodySent = (length !== null && length !== "0") || request.headers.has("transfer-encoding");
  if (bodySent) await readJsonBody(request, LIVE_BODY_MAX_BYTES);
  return Response.json({ status: "ok" });
});
