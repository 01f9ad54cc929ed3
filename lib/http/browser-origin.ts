import { NextRequest } from "next/server";
import { requestOrigin } from "./origin";

/** The same request with its URL on the browser's origin (what Auth.js builds its callback and redirect URLs on). */
export function onBrowserOrigin(request: NextRequest): NextRequest {
  const url = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, requestOrigin(request));
  return url.href === request.url ? request : new NextRequest(url, request);
}
