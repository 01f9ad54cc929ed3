import { store } from "@/lib/store";
import { countHotels, recentRuns } from "@/lib/content/queries";
import { errorResponse } from "@/lib/http/errors";
import { hotelCatalog } from "@/lib/search/service";

export const dynamic = "force-dynamic";

/**
 * Readiness: the store answers (how many properties are published, the last sync run) and the places and the brand sites' hotel catalog are loaded
 * (the server calls this once before it reports ready, so the first partner request does not pay for the load).
 */
export async function GET() {
  try {
    const { db, kind } = await store();
    const [hotels, [lastRun], catalog] = await Promise.all([countHotels(db), recentRuns(db, 1), hotelCatalog()]);
    const places = catalog.view;
    return Response.json({
      status: "ok",
      store: kind,
      hotels,
      lastRun: lastRun ? { id: lastRun.id, status: lastRun.status, finishedAt: lastRun.finished_at } : null,
      catalog: { hotels: catalog.size },
      places: { total: places.gazetteer.size, withHotels: places.listed.length, recountId: places.recountId },
    });
  } catch (e) {
    return errorResponse(e);
  }
}
