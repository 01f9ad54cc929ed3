import { NextResponse } from "next/server";

/**
 * 303 to a path on the same site, as a relative Location: the browser stays on the host it asked (a brand's host),
 * whatever origin the server believes it has behind a proxy.
 */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path } });
}
