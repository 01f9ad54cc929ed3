import { AppError, route } from "@/lib/http";
import { brandById, CRAWLER_CACHE, sitemapPart, storeSitemapSource } from "@/lib/seo";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";

/** One part of a split sitemap (/sitemaps/hotels-2.xml), as named by the index at /sitemap.xml. */
export const GET = route<{ brand: string; file: string }>(
  async (_request, { params }) => {
    const brand = brandById(params.brand);
    const body = await sitemapPart(brand, storeSitemapSource((await store()).db), params.file);
    if (!body) throw new AppError({ code: "NOT_FOUND", message: "No such sitemap" });
    return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
  },
  { cache: CRAWLER_CACHE },
);
