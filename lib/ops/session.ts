import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { isAppError, requestFacts } from "@/lib/http/node";
import { isOpsAuthorized, isOpsHost, OPS_COOKIE, opsToken } from "./auth";

export type OpsAccess = "off" | "signed-out" | "signed-in";

/**
 * Whether the page request comes from a signed-in operator (live session or bearer token); "off" when the pages are
 * off. On a host that is not the operators' the page is not found: it shows nothing of itself. A wrong bearer token
 * counts against the client's network like a wrong sign-in; a throttled network's bearer token is refused by the
 * proxy first (429: a page cannot answer one), and here, should its window close in between, it is signed out.
 */
export async function opsAccess(): Promise<OpsAccess> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  if (!isOpsHost(h.get("host"))) notFound();
  if (!opsToken()) return "off";
  try {
    return (await isOpsAuthorized({
      cookie: c.get(OPS_COOKIE)?.value,
      authorization: h.get("authorization"),
      host: h.get("host"),
      address: requestFacts(h).address,
    }))
      ? "signed-in"
      : "signed-out";
  } catch (e) {
    if (isAppError(e) && e.code === "RATE_LIMITED") return "signed-out";
    throw e;
  }
}
