import { brands } from "@/lib/brands";
import { hotelIdFromPath } from "@/lib/hotels";
import { getHotel } from "@/lib/hotels";
import { AppError, route } from "@/lib/http";
import { store } from "@/lib/store";
import { judgeHandoff, trackHandoff } from "@/lib/tracking";

export const dynamic = "force-dynamic";

/**
 * The hotel page's "See rates at …" (lib/tracking/handoff.ts): a signed link is counted and sent to the brand's
 * booking site, anything else back to the hotel page. The target comes from the brand's template, never the query.
 */
export const GET = route<{ brand: string; id: string }>(async (request, { params }) => {
  const brand = brands().get(params.brand);
  if (!brand || !brands().handoff(brand))
    throw new AppError({ code: "NOT_FOUND", message: "This site has no booking hand-off" });
  const id = hotelIdFromPath(params.id);
  const hotel = id === undefined ? undefined : await getHotel((await store()).db, id);
  const record = hotel?.record as { id: string; mappings?: Record<string, string> } | undefined;
  if (!record) throw new AppError({ code: "HOTEL_NOT_FOUND", field: "id", message: "No such hotel on this site" });
  const { location, verdict } = judgeHandoff(brand, record, request.nextUrl.searchParams);
  trackHandoff(verdict);
  return new Response(null, { status: 303, headers: { Location: location, "X-Robots-Tag": "noindex, nofollow" } });
});
