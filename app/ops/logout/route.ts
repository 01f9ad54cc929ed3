import { seeOther, route, assertSameOrigin } from "@/lib/http";
import { endOpsSession, OPS_COOKIE, OPS_PATH } from "@/lib/ops";

/**
 * Sign-out: the session ends in the store (refused everywhere from now on) and the cookie is cleared. Only the page's
 * own form is taken (403 for another site's, which could otherwise sign the operator out).
 */
export const POST = route(async (request) => {
  assertSameOrigin(request);
  await endOpsSession(request.cookies.get(OPS_COOKIE)?.value);
  const response = seeOther(OPS_PATH);
  response.cookies.set(OPS_COOKIE, "", { httpOnly: true, sameSite: "strict", path: OPS_PATH, maxAge: 0 });
  return response;
});
