import { AppError, route } from "@/lib/http";
import { sampleImageRendition } from "@/lib/hotels";

/** The sample images at the gallery's rendition widths (lib/hotels/images.ts RENDITION_WIDTHS). */
export const GET = route<{ width: string; file: string }>(
  async (_request, { params }) => {
    const svg = await sampleImageRendition(params.width, params.file);
    if (!svg) throw new AppError({ code: "NOT_FOUND", message: "No such image" });
    return new Response(svg, { headers: { "Content-Type": "image/svg+xml" } });
  },
  { cache: "public, max-age=86400" },
);
