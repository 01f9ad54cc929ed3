import type { Language } from "@/lib/locale";
import { localizedText, type Translation } from "./html";
import { imageSrc } from "./text";

/** Seed §2.1 image item. */
export interface RecordImage {
  method?: string;
  href?: string;
  caption?: Translation;
  hero_image?: boolean;
  category?: { id: string; name?: string }[];
  allow_cache?: boolean;
}

export interface ShownImage {
  src: string;
  caption?: string;
  categories: string[];
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
          src,
          caption: localizedText(img.caption, language),
          categories: (img.category ?? []).map((c) => c.name ?? c.id).filter(Boolean),
        },
      ];
    });
}
