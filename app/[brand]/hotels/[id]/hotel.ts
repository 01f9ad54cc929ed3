import { cache } from "react";
import type { Brand } from "@/lib/brands";
import { fallbackLanguage, localizedText, oneLine, getHotel, type HotelExportRecord } from "@/lib/hotels";
import type { Language } from "@/lib/locale";
import { pageUrls } from "@/lib/seo";
import { store } from "@/lib/store";
import { hotelIdFromPath, hotelPath } from "@/lib/hotels";

/**
 * The record, read once per request (the metadata and the page both need it), by the path's segment: the same id
 * rule as the sync and the links (lib/hotels/hotel-id.ts), so every hotel listed has its page.
 */
export const loadHotel = cache(async (segment: string) => {
  const id = hotelIdFromPath(segment);
  if (id === undefined) return undefined;
  const { db } = await store();
  return getHotel(db, id);
});

export const hotelUrls = (brand: Brand, id: string, language: Language) => pageUrls(brand, hotelPath(id), language);

/** The language of hotelName's text when it is not the visitor's ("en", or whichever the record had), else undefined. */
export function hotelNameLanguage(r: HotelExportRecord, language: Language): string | undefined {
  if (localizedText(r.name, language) === undefined) {
    const other = Object.entries(r.name ?? {}).find(([, v]) => oneLine(v) !== undefined);
    return other?.[0] === language ? undefined : other?.[0];
  }
  return fallbackLanguage(r.name, language);
}

/** The name as plain text: the visitor's language, English, any language, then the id (a property needs a title). */
export function hotelName(r: HotelExportRecord, language: Language): string {
  return (
    localizedText(r.name, language) ??
    Object.values(r.name ?? {})
      .map((v) => oneLine(v))
      .find((v) => v !== undefined) ??
    r.id
  );
}
