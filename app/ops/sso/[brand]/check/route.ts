import { readFormBody, NdjsonStream, seeOther } from "@/lib/http";
import { operatorRoute } from "@/lib/ops";
import { beginOperatorsRun, brandById, checkFromForm, MAX_CHECK_FORM_BYTES } from "@/lib/onboarding";
import { store } from "@/lib/store";

/**
 * POST /ops/sso/{brand}/check: runs the sign-on validator with the operators' form. Asked for application/x-ndjson
 * (the page's script), the items stream as they run; a plain form post waits and lands on the stored report.
 */
export const POST = operatorRoute<{ brand: string }>(async (request, { params }) => {
  const brand = brandById(params.brand);
  const check = await checkFromForm(brand, await readFormBody(request, MAX_CHECK_FORM_BYTES));
  const { db } = await store();
  // Another run going (on any instance) is refused here, before the stream starts: a plain 409.
  const run = await beginOperatorsRun(db, check);
  if (!(request.headers.get("accept") ?? "").includes("application/x-ndjson")) {
    const { reportId } = await run();
    return seeOther(`/ops/sso/${brand.id}/reports/${reportId}`);
  }
  const stream = new NdjsonStream();
  return stream.respond(run(stream.write));
});
