import { route } from "@/lib/http";
import { brandById, CRAWLER_CACHE, robotsTxt } from "@/lib/seo";

export const dynamic = "force-dynamic";

/** The brand host's robots.txt (proxy.ts rewrites /robots.txt here by Host). */
export const GET = route<{ brand: string }>(
  (_request, { params }) =>
    new Response(robotsTxt(brandById(params.brand)), { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
  { cache: CRAWLER_CACHE },
);
