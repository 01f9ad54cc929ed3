import { handled } from "@/lib/http/errors";
import { brandById, CRAWLER_CACHE, robotsTxt } from "@/lib/seo";

export const dynamic = "force-dynamic";

/** The brand host's robots.txt (proxy.ts rewrites /robots.txt here by Host). */
export const GET = handled(async (_request: Request, { params }: { params: Promise<{ brand: string }> }) => {
  const brand = brandById((await params).brand);
  return new Response(robotsTxt(brand), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CRAWLER_CACHE },
  });
});
