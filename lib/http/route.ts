import type { NextRequest } from "next/server";
import { errorResponse } from "./errors";

/**
 * The one wrapper of route handlers: the handler parses, calls lib and responds; whatever it throws is mapped once
 * (lib/http/errors.ts: an AppError as its JSON, anything else a generic 500, logged). The folders that know who asks
 * build on it: `brandRoute` and `partnerRoute` (lib/brands), `operatorRoute` (lib/ops).
 */
export interface RouteOptions {
  /** Cache-Control of a successful answer that sets none itself: no-store unless the route says otherwise. */
  cache?: string;
}

/** What Next hands a route handler besides the request: the dynamic segments, still to be awaited. */
export interface NextContext<P> {
  params: Promise<P>;
}

export type Answer = Response | Promise<Response>;
/** A route whose segments the handler does not read (a catch-all's included). */
export type NoParams = object;

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
