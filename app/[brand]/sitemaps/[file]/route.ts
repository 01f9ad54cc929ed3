import { AppError, handled } from "@/lib/http/errors";
import { brandById, CRAWLER_CACHE, sitemapPart, storeSitemapSource } from "@/lib/seo";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";

/** One part of a split sitemap (/sitemaps/hotels-2.xml), as named by the index at /sitemap.xml. */
export const GET = handled(
  async (_request: Request, { params }: { params: Promise<{ brand: string; file: string }> }) => {
    const { brand: id, file } = await params;
    const brand = brandById(id);
    const body = await sitemapPart(brand, storeSitemapSource((await store()).db), file);
    if (!body) throw new AppError({ status: 404, code: "NOT_FOUND", message: "No such sitemap" });
    return new Response(body, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_CACHE },
    });
  },
);
