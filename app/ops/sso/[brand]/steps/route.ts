import { readFormBody, AppError, seeOther } from "@/lib/http";
import { operatorRoute } from "@/lib/ops";
import { markStep, brandById } from "@/lib/onboarding";
import { store } from "@/lib/store";

/** POST /ops/sso/{brand}/steps: an operator marks an onboarding step done (step, note) or undoes it (undo=1). */
export const POST = operatorRoute<{ brand: string }>(async (request, { params }) => {
  const brand = brandById(params.brand);
  const form = await readFormBody(request, 4096);
  const note = form.get("note")?.trim() ?? "";
  if (note.length > 500)
    throw new AppError({ code: "INVALID_FIELD", field: "note", message: "note: at most 500 characters" });
  const step = form.get("step") ?? "";
  await markStep((await store()).db, brand, step, form.get("undo") === "1" ? { done: false } : { done: true, note });
  return seeOther(`/ops/sso/${brand.id}#onboarding`);
});
