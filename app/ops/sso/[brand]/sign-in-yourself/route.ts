import { NextResponse } from "next/server";
import { readFormBody, seeOther } from "@/lib/http";
import { operatorRoute } from "@/lib/ops";
import { brandById, MAX_CHECK_FORM_BYTES, createSelfSignRun, selfSignCheckFromForm } from "@/lib/onboarding";
import { store } from "@/lib/store";

/**
 * POST /ops/sso/{brand}/sign-in-yourself: the checks that need no session, then the one-time link for the partner.
 * Asked for JSON (the command), the link and where to follow the run (201), or the report when the run ended at once
 * (200); a plain form post lands on the run's page, or on that report.
 */
export const POST = operatorRoute<{ brand: string }>(async (request, { params }) => {
  const brand = brandById(params.brand);
  const check = await selfSignCheckFromForm(brand, await readFormBody(request, MAX_CHECK_FORM_BYTES));
  const created = await createSelfSignRun((await store()).db, check);
  const page = created.id
    ? `/ops/sso/${brand.id}/sign-in-yourself/${created.id}`
    : `/ops/sso/${brand.id}/reports/${created.reportId}`;
  if ((request.headers.get("accept") ?? "").includes("application/json"))
    return NextResponse.json(
      { ...created, page, ...(created.id && { events: `${page}/events` }) },
      { status: created.id ? 201 : 200 },
    );
  return seeOther(page);
});
