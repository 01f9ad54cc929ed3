import { seeOther } from "@/lib/http/redirect";
import { isOpsToken, opsToken, OPS_COOKIE, OPS_PATH, sessionValue } from "@/lib/ops/auth";
import { log } from "@/lib/log";

/** The status page's sign-in form posts the token here; a session cookie (HMAC of the token) is set when it matches. */
export async function POST(request: Request) {
  // A token form is a few hundred bytes; anything much larger is not read at all.
  const length = Number(request.headers.get("content-length") ?? "0");
  const form = length > 0 && length <= 4096 ? await request.formData().catch(() => undefined) : undefined;
  const presented = form?.get("token");
  if (!isOpsToken(typeof presented === "string" ? presented : undefined)) {
    log.warn({ configured: !!opsToken() }, "operators' sign-in refused");
    return seeOther(`${OPS_PATH}?error=1`);
  }
  const response = seeOther(OPS_PATH);
  response.cookies.set(OPS_COOKIE, sessionValue(opsToken()!), {
    httpOnly: true,
    sameSite: "strict",
    path: OPS_PATH,
    secure: new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
    maxAge: 8 * 3600,
  });
  return response;
}
