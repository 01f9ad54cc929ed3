import { imageUrlProblem } from "./image-url";
import { SAMPLE_IMAGE_BASE } from "./sample-images";

/** A sample image's file name in public/sample-images ("room-1.svg"): nothing else of this server is an image. */
export const SAMPLE_FILE_NAME = /^[a-z0-9-]{1,60}\.svg$/;

/**
 * The URL a page may put in <img src>, or undefined: the sample generator's reserved image host mapped onto the
 * images this app serves itself, and any other URL only when the sync's image rule accepts it (https to a public
 * host: lib/hotels/image-url.ts). The sync notes the others, but records stored before it did are held to the same
 * rule here, so no page or tool result makes a visitor's browser request its own machine or network.
 */
export function imageSrc(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith(SAMPLE_IMAGE_BASE)) {
    const file = href.slice(SAMPLE_IMAGE_BASE.length);
    return SAMPLE_FILE_NAME.test(file) ? `/sample-images/${file}` : undefined;
  }
  return imageUrlProblem(href) ? undefined : new URL(href).href;
}
