import { cookies, headers } from "next/headers";
import { isOpsAuthorized, OPS_COOKIE, opsToken } from "./auth";

export type OpsAccess = "off" | "signed-out" | "signed-in";

/** Whether the page request comes from a signed-in operator (session cookie or bearer token). */
export async function opsAccess(): Promise<OpsAccess> {
  if (!opsToken()) return "off";
  const [c, h] = await Promise.all([cookies(), headers()]);
  return isOpsAuthorized({ cookie: c.get(OPS_COOKIE)?.value, authorization: h.get("authorization") })
    ? "signed-in"
    : "signed-out";
}
