import { handled } from "@/lib/http/errors";
import { brandById, CRAWLER_CACHE, sitemap, storeSitemapSource } from "@/lib/seo";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";

const XML = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_CACHE };

/** The brand's sitemap: every hotel and place page, or the index of the parts when they do not fit one file. */
export const GET = handled(async (_request: Request, { params }: { params: Promise<{ brand: string }> }) => {
  const brand = brandById((await params).brand);
  const answer = await sitemap(brand, storeSitemapSource((await store()).db));
  return new Response(answer.kind === "index" ? answer.xml : answer.body, { headers: XML });
});
