import type { NextRequest } from "next/server";
import { route, type Answer, type NoParams, type RouteOptions, assertSameOrigin } from "@/lib/http/node";
import { requireOperator } from "./auth";

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
