import { route } from "@/lib/http/route";
import { health } from "@/lib/ops/status";
import { isOpsAuthorized, OPS_COOKIE } from "@/lib/ops/auth";

export const dynamic = "force-dynamic";

/**
 * Readiness: 200 once the store answers and the places and the brand sites' hotel catalog are loaded (the server
 * calls this before it reports ready, so the first partner request does not pay for the load). Anyone gets the
 * status; operators (their session or bearer token) also get the details: store kind, hotels, last run, catalog,
 * places. The figures are reused for a few seconds, so polling costs the store nothing.
 */
export const GET = route(async (request) => {
  const report = await health();
  const operator = await isOpsAuthorized({
    cookie: request.cookies.get(OPS_COOKIE)?.value,
    authorization: request.headers.get("authorization"),
    host: request.headers.get("host"),
  });
  return Response.json(operator ? report : { status: report.status });
});
