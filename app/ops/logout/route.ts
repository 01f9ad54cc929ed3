import { seeOther } from "@/lib/http/redirect";
import { route } from "@/lib/http/route";
import { endOpsSession, OPS_COOKIE, OPS_PATH } from "@/lib/ops/auth";

/** Sign-out: the session ends in the store (refused everywhere from now on) and the cookie is cleared. */
export const POST = route(async (request) => {
  await endOpsSession(request.cookies.get(OPS_COOKIE)?.value);
  const response = seeOther(OPS_PATH);
  response.cookies.set(OPS_COOKIE, "", { httpOnly: true, sameSite: "strict", path: OPS_PATH, maxAge: 0 });
  return response;
});
