import { NextResponse, type NextRequest } from "next/server";

/**
 * Runs before every page and route: security headers for now. (Brand resolution from the Host header and the /mcp
 * edge checks come here as those interfaces land.)
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next({ request });
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  response.headers.set("X-Frame-Options", "DENY");
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|sample-images/).*)"],
};
