import { NextResponse, type NextRequest } from "next/server";

/**
 * Runs before every page (brand resolution from the Host header comes here with the brand sites). The API routes
 * (/v1, /api) are left out: they need nothing from it, and a proxy in front of a POST makes Next copy the body for
 * it. Security headers for every response are set in next.config.ts.
 */
export function proxy(request: NextRequest) {
  return NextResponse.next({ request });
}

export const config = {
  matcher: ["/((?!api/|v1/|_next/static|_next/image|favicon.ico|sample-images/|brands/).*)"],
};
