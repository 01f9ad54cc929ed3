import { seeOther } from "@/lib/http";
import { operatorRoute } from "@/lib/ops";
import { acknowledgeAlert } from "@/lib/content";
import { store } from "@/lib/store";

/** POST /ops/alerts/{id}/ack: an operator has seen the sync worker's alert; it leaves the banner on every instance. */
export const POST = operatorRoute<{ id: string }>(async (_request, { params }) => {
  const id = Number(params.id);
  if (Number.isSafeInteger(id) && id > 0) await acknowledgeAlert((await store()).db, id);
  return seeOther("/ops#alerts");
});
