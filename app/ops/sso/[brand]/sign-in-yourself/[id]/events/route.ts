import { NdjsonStream } from "@/lib/http";
import { operatorRoute } from "@/lib/ops";
import { brandById, followRun } from "@/lib/onboarding";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";

/**
 * GET /ops/sso/{brand}/sign-in-yourself/{id}/events: a run as it goes, in JSON lines (the command follows it): the
 * items found so far, each new one as the partner's browser brings it, then the stored report.
 */
export const GET = operatorRoute<{ brand: string; id: string }>(async (request, { params }) => {
  const brand = brandById(params.brand);
  const { db } = await store();
  const stream = new NdjsonStream();
  return stream.respond(followRun(db, brand, params.id, stream.write, request.signal));
});
