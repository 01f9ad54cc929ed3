import { apiNotFound } from "@/lib/http";

export const dynamic = "force-dynamic";

/** An unknown path under this API prefix: a JSON 404 for every method (a client of the API never gets a page). */
export {
  apiNotFound as GET,
  apiNotFound as HEAD,
  apiNotFound as POST,
  apiNotFound as PUT,
  apiNotFound as PATCH,
  apiNotFound as DELETE,
  apiNotFound as OPTIONS,
};
