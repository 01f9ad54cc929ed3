import { route } from "@/lib/http";
import { brandById, CRAWLER_CACHE, sitemap, storeSitemapSource } from "@/lib/seo";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";

/** The brand's sitemap: every hotel and place page, or the index of the parts when they do not fit one file. */
export const GET = route<{ brand: string }>(
  async (_request, { params }) => {
    const answer = await sitemap(brandById(params.brand), storeSitemapSource((await store()).db));
    return new Response(answer.kind === "index" ? answer.xml : answer.body, {
      headers: { "Content-Type": "application/xml; charset=utf-8" },
    });
  },
  { cache: CRAWLER_CACHE },
);
