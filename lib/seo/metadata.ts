import type { Metadata } from "next";
import type { Brand } from "@/lib/brands/node";
import type { Language } from "@/lib/locale";
import { canonicalPath, indexable, pageUrls } from "./urls";

/**
 * The metadata every brand page carries (the brand layout): its canonical URL, hreflang alternates for the brand's
 * languages plus x-default, and OpenGraph / Twitter card basics. A page with more to say (the hotel page: its hero
 * image) replaces openGraph and twitter with socialMetadata().
 */
export function brandPageMetadata(brand: Brand, pathAndQuery: string, language: Language): Metadata {
  const urls = pageUrls(brand, pathAndQuery, language);
  return {
    metadataBase: new URL(`${brand.canonicalUrl}/`),
    alternates: { canonical: urls.canonical, languages: urls.languages },
    ...(indexable(canonicalPath(pathAndQuery)) ? {} : { robots: { index: false, follow: true } }),
    ...socialMetadata(brand, { url: urls.canonical, language }),
  };
}

export interface SocialInput {
  url: string;
  language: Language;
  title?: string;
  description?: string;
  /** An absolute http(s) image URL (absoluteHttpUrl()). */
  image?: string;
  imageAlt?: string;
}

export function socialMetadata(brand: Brand, s: SocialInput): Pick<Metadata, "openGraph" | "twitter"> {
  const images = s.image ? [{ url: s.image, ...(s.imageAlt ? { alt: s.imageAlt } : {}) }] : undefined;
  return {
    openGraph: {
      type: "website",
      siteName: brand.displayName,
      url: s.url,
      locale: s.language,
      ...(s.title ? { title: s.title } : {}),
      ...(s.description ? { description: s.description } : {}),
      ...(images ? { images } : {}),
    },
    twitter: {
      card: images ? "summary_large_image" : "summary",
      ...(s.title ? { title: s.title } : {}),
      ...(s.description ? { description: s.description } : {}),
      ...(images ? { images } : {}),
    },
  };
}
