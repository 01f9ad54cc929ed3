import { requestOrigin } from "./origin";
import { AppError } from "./errors";

/**
 * Refuses a browser's form post from another site (403): its Origin must be the request's own origin, or, where a
 * browser sends no Origin, Sec-Fetch-Site must say same-origin. A request with neither (a script, curl) is no
 * browser's cross-site form and passes; what it may do is the route's own authentication.
 */
export function assertSameOrigin(request: { headers: Headers; nextUrl: URL }): void {
  const from = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (from ? from !== requestOrigin(request) : site !== null && site !== "same-origin")
    throw new AppError({
      code: "CROSS_SITE_FORM",
      field: "Origin",
      message: "Forms of other sites are refused",
    });
}
