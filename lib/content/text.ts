import { translationText } from "./summary";
import { SAMPLE_IMAGE_BASE } from "./sample-images";

/**
 * Plain text of a translated content field: supplier HTML tags dropped and entities left escaped by React.
 * (The brand pages render an allow-listed subset of the HTML instead.)
 */
export function plainText(t: Record<string, string | undefined> | undefined): string {
  const text = translationText(t);
  return text
    ? text
        .replace(/<br\s*\/?>/gi, " ")
        .replace(/<[^>]*>?/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : "";
}

/**
 * The URL a page may put in <img src>: http(s) only (a feed's javascript: or data: URL is dropped), and the sample
 * generator's reserved image host mapped onto the images this app serves itself.
 */
export function imageSrc(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith(SAMPLE_IMAGE_BASE)) return `/sample-images/${href.slice(SAMPLE_IMAGE_BASE.length)}`;
  return /^https?:\/\//i.test(href) ? href : undefined;
}
