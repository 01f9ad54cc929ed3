import { store } from "@/lib/store";
import { countHotels, recentRuns } from "@/lib/content/queries";
import { errorResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** Readiness: the store answers, with how many properties are published and the last sync run. */
export async function GET() {
  try {
    const { db, kind } = await store();
    const [hotels, [lastRun]] = await Promise.all([countHotels(db), recentRuns(db, 1)]);
    return Response.json({ status: "ok", store: kind, hotels, lastRun: lastRun ? { id: lastRun.id, status: lastRun.status, finishedAt: lastRun.finished_at } : null });
  } catch (e) {
    return errorResponse(e);
  }
}
