import type { NextRequest } from "next/server";
import { route, type Answer, type NoParams, type RouteOptions } from "@/lib/http/node";
import { brandForHost } from "./context";
import { brandForPartnerKey } from "./partner";
import type { Brand } from "./registry";

/** A route of a brand's site: the brand the request's Host names (404 UNKNOWN_HOST for a host no brand owns). */
export function brandRoute<P = NoParams>(
  handler: (request: NextRequest, context: { params: P; brand: Brand }) => Answer,
  opts?: RouteOptions,
) {
  return route<P>(
    (request, { params }) => handler(request, { params, brand: brandForHost(request.headers.get("host")) }),
    opts,
  );
}

/** A partner API route (spec §5): the brand whose key X-Partner-Key carries (401 UNAUTHORIZED without one). */
export function partnerRoute<P = NoParams>(
  handler: (request: NextRequest, context: { params: P; brand: Brand }) => Answer,
  opts?: RouteOptions,
) {
  return route<P>(
    (request, { params }) =>
      handler(request, { params, brand: brandForPartnerKey(request.headers.get("x-partner-key")) }),
    opts,
  );
}
