import type { NextRequest } from "next/server";
import type { Brand } from "@/lib/brands";
import { brandForHost } from "@/lib/brands/context";
import { brandForPartnerKey } from "@/lib/brands/partner";
import { requireOperator } from "@/lib/ops/auth";
import { errorResponse } from "./errors";
import { assertSameOrigin } from "./same-origin";

/**
 * The one wrapper of route handlers: the handler parses, calls lib and responds; whatever it throws is mapped once
 * (lib/http/errors.ts: an AppError as its JSON, anything else a generic 500, logged). Variants add how the route
 * knows who asks: `brandRoute` (the Host's brand), `partnerRoute` (the X-Partner-Key's brand, spec §5),
 * `operatorRoute` (an operator's session or token on the operators' host).
 */
export interface RouteOptions {
  /** Cache-Control of a successful answer that sets none itself: no-store unless the route says otherwise. */
  cache?: string;
}

/** What Next hands a route handler besides the request: the dynamic segments, still to be awaited. */
interface NextContext<P> {
  params: Promise<P>;
}

type Answer = Response | Promise<Response>;
/** A route whose segments the handler does not read (a catch-all's included). */
type NoParams = object;

export function route<P = NoParams>(
  handler: (request: NextRequest, context: { params: P }) => Answer,
  opts: RouteOptions = {},
) {
  return async (request: NextRequest, context: NextContext<P>): Promise<Response> => {
    try {
      const response = await handler(request, { params: await context?.params });
      return withCacheControl(response, opts.cache ?? "no-store");
    } catch (e) {
      return errorResponse(e);
    }
  };
}

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

/**
 * A form the operators' pages post: an operator's session or bearer token on the operators' host (404 elsewhere or
 * while the pages are off, 401 without), and the form from the page itself (403 for another site's form).
 */
export function operatorRoute<P = NoParams>(
  handler: (request: NextRequest, context: { params: P }) => Answer,
  opts?: RouteOptions,
) {
  return route<P>(async (request, context) => {
    await requireOperator(request);
    assertSameOrigin(request);
    return handler(request, context);
  }, opts);
}

/** The response with Cache-Control set when it has none (a fetched or redirect Response's headers are immutable). */
function withCacheControl(response: Response, cache: string): Response {
  if (response.headers.has("cache-control")) return response;
  try {
    response.headers.set("Cache-Control", cache);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", cache);
    return copy;
  }
}
