import { SAMPLE_IMAGE_BASE } from "./sample-images";

/**
 * The URL a page may put in <img src>: http(s) only (a feed's javascript: or data: URL is dropped), and the sample
 * generator's reserved image host mapped onto the images this app serves itself.
 */
export function imageSrc(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith(SAMPLE_IMAGE_BASE)) return `/sample-images/${href.slice(SAMPLE_IMAGE_BASE.length)}`;
  return /^https?:\/\//i.test(href) ? href : undefined;
}
