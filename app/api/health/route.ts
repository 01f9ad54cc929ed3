import { requestFacts, route } from "@/lib/http";
import { health, isOpsAuthorized, OPS_COOKIE } from "@/lib/ops";

export const dynamic = "force-dynamic";

/**
 * Readiness: 200 once the store answers and the places and the brand sites' hotel catalog are loaded (the server
 * calls this before it reports ready, so the first partner request does not pay for the load). Anyone gets the
 * status; operators (their session or bearer token) also get the details: store kind, hotels, last run, catalog,
 * places. The figures are reused for a few seconds, so polling costs the store nothing. A wrong bearer token counts
 * against the client's network like a wrong sign-in; past the limit a bearer token is refused (429), a request
 * without one still gets the status.
 */
export const GET = route(async (request) => {
  const operator = await isOpsAuthorized({
    cookie: request.cookies.get(OPS_COOKIE)?.value,
    authorization: request.headers.get("authorization"),
    host: request.headers.get("host"),
    address: requestFacts(request.headers).address,
  });
  const report = await health();
  return Response.json(operator ? report : { status: report.status });
});
