import { SAMPLE_IMAGE_BASE } from "../content/sample-images";

/** A sample image's file name in public/sample-images ("room-1.svg"): nothing else of this server is an image. */
export const SAMPLE_FILE_NAME = /^[a-z0-9-]{1,60}\.svg$/;

/**
 * The URL a page may put in <img src>: http(s) only (a feed's javascript: or data: URL is dropped), and the sample
 * generator's reserved image host mapped onto the images this app serves itself.
 */
export function imageSrc(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith(SAMPLE_IMAGE_BASE)) {
    const file = href.slice(SAMPLE_IMAGE_BASE.length);
    return SAMPLE_FILE_NAME.test(file) ? `/sample-images/${file}` : undefined;
  }
  return /^https?:\/\//i.test(href) ? href : undefined;
}
