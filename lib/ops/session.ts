import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { isOpsAuthorized, isOpsHost, OPS_COOKIE, opsToken } from "./auth";

export type OpsAccess = "off" | "signed-out" | "signed-in";

/**
 * Whether the page request comes from a signed-in operator (live session or bearer token); "off" when the pages are
 * off. On a host that is not the operators' the page is not found: it shows nothing of itself.
 */
export async function opsAccess(): Promise<OpsAccess> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  if (!isOpsHost(h.get("host"))) notFound();
  if (!opsToken()) return "off";
  return (await isOpsAuthorized({
    cookie: c.get(OPS_COOKIE)?.value,
    authorization: h.get("authorization"),
    host: h.get("host"),
  }))
    ? "signed-in"
    : "signed-out";
}
