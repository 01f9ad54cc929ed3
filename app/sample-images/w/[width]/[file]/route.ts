import { AppError, handled } from "@/lib/http/errors";
import { sampleImageRendition } from "@/lib/content/images";

/** The sample images at the gallery's rendition widths (lib/content/images.ts RENDITION_WIDTHS). */
export const GET = handled(
  async (_request: Request, { params }: { params: Promise<{ width: string; file: string }> }) => {
    const { width, file } = await params;
    const svg = await sampleImageRendition(width, file);
    if (!svg) throw new AppError({ status: 404, code: "NOT_FOUND", message: "No such image" });
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
    });
  },
);
