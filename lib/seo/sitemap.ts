import type { Brand } from "@/lib/brands/node";

/**
 * sitemap.xml of a brand host: the published hotels' pages and the places' result pages. The sitemaps
 * protocol allows 50 000 URLs (and 50 MB) per file; past that /sitemap.xml is a sitemap index naming
 * /sitemaps/hotels-N.xml and /sitemaps/places-N.xml. Files are streamed a batch of rows at a time, so a catalog of a
 * million hotels never sits in memory.
 */
export const SITEMAP_URL_LIMIT = 50_000;

export const SITEMAP_KINDS = ["hotels", "places"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapEntry {
  /** The page's path and query on the brand's origin, e.g. "/hotels/H-1". */
  path: string;
  /** When the page's content last changed (ISO 8601), if known. */
  lastmod?: string;
}

/** Where the entries come from (the store in production; a generated catalog in tests). */
export interface SitemapSource {
  count(kind: SitemapKind): Promise<number>;
  /** Up to `limit` entries of a kind from `offset`, always in the same order. */
  entries(kind: SitemapKind, offset: number, limit: number): AsyncIterable<SitemapEntry>;
}

export interface SitemapPart {
  kind: SitemapKind;
  /** 1-based number in its file name (/sitemaps/hotels-1.xml). */
  number: number;
  offset: number;
  count: number;
}

export interface SitemapPlan {
  /** Whether /sitemap.xml is an index (more URLs than one file may hold). */
  split: boolean;
  parts: SitemapPart[];
}

export function sitemapPlan(counts: Record<SitemapKind, number>, limit = SITEMAP_URL_LIMIT): SitemapPlan {
  const total = SITEMAP_KINDS.reduce((n, k) => n + counts[k], 0);
  if (total <= limit) {
    return {
      split: false,
      parts: SITEMAP_KINDS.filter((k) => counts[k] > 0).map((kind) => ({
        kind,
        number: 1,
        offset: 0,
        count: counts[kind],
      })),
    };
  }
  const parts: SitemapPart[] = [];
  for (const kind of SITEMAP_KINDS) {
    for (let offset = 0, number = 1; offset < counts[kind]; offset += limit, number++)
      parts.push({ kind, number, offset, count: Math.min(limit, counts[kind] - offset) });
  }
  return { split: true, parts };
}

export async function planFor(source: SitemapSource, limit = SITEMAP_URL_LIMIT): Promise<SitemapPlan> {
  const [hotels, places] = await Promise.all([source.count("hotels"), source.count("places")]);
  return sitemapPlan({ hotels, places }, limit);
}

/** The file name of a part in an index ("hotels-2.xml"), and back. */
export const partFileName = (p: Pick<SitemapPart, "kind" | "number">) => `${p.kind}-${p.number}.xml`;

export function partByFileName(plan: SitemapPlan, file: string): SitemapPart | undefined {
  if (!plan.split) return undefined;
  const m = /^(hotels|places)-([1-9][0-9]{0,6})\.xml$/.exec(file);
  return m ? plan.parts.find((p) => p.kind === m[1] && p.number === Number(m[2])) : undefined;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A W3C datetime lastmod, or nothing for a value that is not a date. */
function lastmod(value: string | undefined): string {
  if (!value) return "";
  const t = Date.parse(value);
  return Number.isNaN(t) ? "" : `<lastmod>${new Date(t).toISOString()}</lastmod>`;
}

export function sitemapIndexXml(brand: Brand, plan: SitemapPlan): string {
  const items = plan.parts.map(
    (p) => `<sitemap><loc>${xmlEscape(`${brand.canonicalUrl}/sitemaps/${partFileName(p)}`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${items.join("")}</sitemapindex>\n`;
}

/** A urlset of the given parts, streamed: one chunk per batch of entries. */
export function urlsetStream(
  brand: Brand,
  source: SitemapSource,
  parts: readonly SitemapPart[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const origin = brand.canonicalUrl;
  async function* chunks(): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset ${NS}>\n`;
    for (const part of parts) {
      let text = "";
      for await (const e of source.entries(part.kind, part.offset, part.count)) {
        text += `<url><loc>${xmlEscape(origin + e.path)}</loc>${lastmod(e.lastmod)}</url>\n`;
        if (text.length >= 64 * 1024) {
          yield text;
          text = "";
        }
      }
      if (text) yield text;
    }
    yield "</urlset>\n";
  }
  const it = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}

export type SitemapAnswer = { kind: "index"; xml: string } | { kind: "urlset"; body: ReadableStream<Uint8Array> };

/** What /sitemap.xml answers: every URL, or the index when they do not fit one file. */
export async function sitemap(brand: Brand, source: SitemapSource, limit = SITEMAP_URL_LIMIT): Promise<SitemapAnswer> {
  const plan = await planFor(source, limit);
  return plan.split
    ? { kind: "index", xml: sitemapIndexXml(brand, plan) }
    : { kind: "urlset", body: urlsetStream(brand, source, plan.parts) };
}

/** What /sitemaps/<file> answers: one part of a split sitemap, or undefined (not found). */
export async function sitemapPart(
  brand: Brand,
  source: SitemapSource,
  file: string,
  limit = SITEMAP_URL_LIMIT,
): Promise<ReadableStream<Uint8Array> | undefined> {
  const part = partByFileName(await planFor(source, limit), file);
  return part && urlsetStream(brand, source, [part]);
}
