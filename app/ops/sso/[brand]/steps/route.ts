import type { NextRequest } from "next/server";
import { readFormBody } from "@/lib/http/body";
import { AppError, handled } from "@/lib/http/errors";
import { seeOther } from "@/lib/http/redirect";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { requireOperator } from "@/lib/ops/auth";
import { markStep } from "@/lib/sso-check/onboarding";
import { brandById } from "@/lib/sso-check/operators";
import { store } from "@/lib/store";

type Context = { params: Promise<{ brand: string }> };

/** POST /ops/sso/{brand}/steps: an operator marks an onboarding step done (step, note) or undoes it (undo=1). */
export const POST = handled(async (request: NextRequest, { params }: Context) => {
  await requireOperator(request);
  assertSameOrigin(request);
  const brand = brandById((await params).brand);
  const form = await readFormBody(request, 4096);
  const note = form.get("note")?.trim() ?? "";
  if (note.length > 500)
    throw new AppError({ status: 400, code: "INVALID_FIELD", field: "note", message: "note: at most 500 characters" });
  const step = form.get("step") ?? "";
  await markStep((await store()).db, brand, step, form.get("undo") === "1" ? { done: false } : { done: true, note });
  return seeOther(`/ops/sso/${brand.id}#onboarding`);
});
