import { landSvg, parseLandQuery, HOTEL_MAP, RESULTS_MAP } from "@/lib/maps";
import { AppError, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * The offline base map's land for one map viewport, as an SVG image (the pages' maps draw it beneath their markers).
 * Its URL names the viewport and the data's version, so it is cached a year: the pages of a place share one image.
 */
export const GET = route(
  (request) => {
    const parsed = parseLandQuery(new URL(request.url).searchParams, [RESULTS_MAP, HOTEL_MAP]);
    if ("error" in parsed) throw new AppError({ code: "INVALID_MAP_VIEW", message: parsed.error, field: parsed.field });
    return new Response(landSvg(parsed.vp, parsed.outline), {
      headers: { "Content-Type": "image/svg+xml; charset=utf-8" },
    });
  },
  { cache: "public, max-age=31536000, immutable" },
);
