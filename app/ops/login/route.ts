import { seeOther, requestFacts, requestOrigin, route, assertSameOrigin } from "@/lib/http";
import { log } from "@/lib/log";
import { isOpsHost, isOpsToken, opsToken, OPS_COOKIE, OPS_PATH, startOpsSession, tokenTry } from "@/lib/ops";

/**
 * The status page's sign-in form posts the token here. A match starts a session (lib/ops/auth.ts); a failure is
 * counted against the client's network, and past OPS_SIGN_IN_LIMIT in a window attempts are refused unread. Only the
 * page's own form is taken (403 for another site's): a page elsewhere could otherwise post wrong tokens from the
 * operator's browser and lock the operator's network out.
 */
export const POST = route(async (request) => {
  if (!isOpsHost(request.headers.get("host"))) return new Response("Not found", { status: 404 });
  assertSameOrigin(request);
  const { address } = requestFacts(request.headers);
  const attempt = await tokenTry(address);
  if (!attempt) {
    log.warn("operators' sign-in throttled");
    return seeOther(`${OPS_PATH}?error=throttled`);
  }
  // A token form is a few hundred bytes; anything much larger is not read at all.
  const length = Number(request.headers.get("content-length") ?? "0");
  const form = length > 0 && length <= 4096 ? await request.formData().catch(() => undefined) : undefined;
  const presented = form?.get("token");
  if (!isOpsToken(typeof presented === "string" ? presented : undefined)) {
    log.warn({ configured: !!opsToken() }, "operators' sign-in refused");
    return seeOther(`${OPS_PATH}?error=1`);
  }
  await attempt.succeeded();
  const session = await startOpsSession();
  const response = seeOther(OPS_PATH);
  response.cookies.set(OPS_COOKIE, session.value, {
    httpOnly: true,
    sameSite: "strict",
    path: OPS_PATH,
    secure: requestOrigin(request).startsWith("https:"),
    maxAge: session.maxAge,
  });
  return response;
});
