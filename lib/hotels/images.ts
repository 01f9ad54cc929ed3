import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Language } from "@/lib/locale";
import { fallbackLanguage, localizedText, oneLine, type Translation } from "./html";
import { imageSrc, SAMPLE_FILE_NAME } from "./image-src";

/** Spec §2.1 image item. */
export interface RecordImage {
  method?: string;
  href?: string;
  caption?: Translation;
  hero_image?: boolean;
  category?: { id: string; name?: string }[];
  allow_cache?: boolean;
}

export interface ShownImage {
  /** The record's URL (same-site for the sample images). */
  src: string;
  /** Width-described renditions ("… 480w, … 960w, … 1600w") when the image's host serves sizes, else undefined. */
  srcSet?: string;
  /** The largest version (what the no-script gallery link opens). */
  large: string;
  caption?: string;
  /** "en" when the caption is the English one standing in for the visitor's language (html.ts fallbackLanguage). */
  captionLanguage?: "en";
  categories: string[];
}

/**
 * Rendition widths of images whose host serves sizes. The export record gives one href per image and no sizes
 * (spec §2.1 image item), so a supplier's image is shown as its one URL; the platform's own sample images (served by
 * app/sample-images/w/[width]/[file]) come in these widths, so a phone picks 480 and a desktop 960 or 1600.
 */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export const isSampleImageFile = (file: string) => SAMPLE_FILE_NAME.test(file);

const rendition = (file: string, w: number) => `/sample-images/w/${w}/${file}`;

function withRenditions(src: string): Pick<ShownImage, "src" | "srcSet" | "large"> {
  const file = src.startsWith("/sample-images/") ? src.slice("/sample-images/".length) : undefined;
  if (!file || !isSampleImageFile(file)) return { src, large: src };
  return {
    src,
    srcSet: RENDITION_WIDTHS.map((w) => `${rendition(file, w)} ${w}w`).join(", "),
    large: rendition(file, 1600),
  };
}

/**
 * The images a page can show, hero image first (then in the record's order): only those a browser can fetch, i.e.
 * retrieved with GET (or no method given) from an http(s) URL; captions in the visitor's language.
 */
export function shownImages(images: unknown, language: Language): ShownImage[] {
  if (!Array.isArray(images)) return [];
  return (images as RecordImage[])
    .map((img, i) => ({ img, i }))
    .filter(({ img }) => img && (img.method === undefined || img.method === "GET"))
    .sort((a, b) => Number(!!b.img.hero_image) - Number(!!a.img.hero_image) || a.i - b.i)
    .flatMap(({ img }) => {
      const src = imageSrc(img.href);
      if (!src) return [];
      return [
        {
          ...withRenditions(src),
          caption: localizedText(img.caption, language),
          captionLanguage: fallbackLanguage(img.caption, language),
          categories: (img.category ?? []).flatMap((c) => oneLine(c.name ?? c.id) ?? []),
        },
      ];
    });
}

/**
 * A sample image at a rendition width (an SVG: the same drawing, its width and height attributes scaled), or
 * undefined for a width or file that does not exist.
 */
export async function sampleImageRendition(width: string, file: string): Promise<string | undefined> {
  const w = Number(width);
  if (!RENDITION_WIDTHS.includes(w as RenditionWidth) || String(w) !== width || !isSampleImageFile(file))
    return undefined;
  let svg: string;
  try {
    svg = await readFile(path.join(process.cwd(), "public", "sample-images", file), "utf8");
  } catch {
    return undefined;
  }
  return svg.replace(/<svg([^>]*?) width="(\d+)" height="(\d+)"/, (_m, before: string, ow: string, oh: string) => {
    const h = Math.round((w * Number(oh)) / Number(ow));
    return `<svg${before} width="${w}" height="${h}"`;
  });
}
