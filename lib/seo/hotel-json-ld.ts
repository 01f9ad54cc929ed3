import { type HotelExportRecord, localizedText, oneLine } from "@/lib/hotels";
import type { Language } from "@/lib/locale";

/** A time of day as schema.org's Time wants it ("15:00"); the export's pattern T is looser (spec §2.1), so re-checked. */
const TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const time = (t: string | undefined) => (t && TIME.test(t) ? t : undefined);

export interface HotelJsonLdInput {
  record: HotelExportRecord;
  language: Language;
  name: string;
  /** The page's canonical URL. */
  url: string;
  /** Absolute http(s) image URLs, hero first. */
  images: readonly string[];
}

/**
 * schema.org Hotel structured data of a hotel page, from what the export record holds (spec §2.1): name, address
 * (PostalAddress), geo (GeoCoordinates), images, check-in/out times, pets allowed, the headline as description and
 * the languages spoken. The record has no telephone or star rating, so neither is given.
 */
export function hotelJsonLd({ record: r, language, name, url, images }: HotelJsonLdInput): Record<string, unknown> {
  const address = {
    "@type": "PostalAddress",
    streetAddress: localizedText(r.location.address, language),
    addressLocality: oneLine(r.location.city),
    addressRegion: oneLine(r.location.state_province),
    addressCountry: r.location.country_code,
  };
  return prune({
    "@context": "https://schema.org",
    "@type": "Hotel",
    name,
    url,
    description: localizedText(r.descriptions?.headline, language),
    address,
    geo: {
      "@type": "GeoCoordinates",
      latitude: r.location.coordinates.latitude,
      longitude: r.location.coordinates.longitude,
    },
    image: images.length > 0 ? [...images] : undefined,
    // The earliest check-in and the latest check-out.
    checkinTime: time(r.check_in?.begin_time),
    checkoutTime: time(r.check_out?.end_time) ?? time(r.check_out?.begin_time),
    petsAllowed: typeof r.is_pet_friendly === "boolean" ? r.is_pet_friendly : undefined,
    availableLanguage: r.spoken_languages?.length ? [...r.spoken_languages] : undefined,
  });
}

/** Leaves out undefined members (JSON.stringify would too; this keeps the object what is emitted). */
function prune<T extends Record<string, unknown>>(o: T): T {
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) delete o[k];
    else if (v && typeof v === "object" && !Array.isArray(v)) prune(v as Record<string, unknown>);
  }
  return o;
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` escaped as \u003c… (still the same JSON
 * values) so no text in a record can close the element ("</script>") or open a comment; U+2028/2029 escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
