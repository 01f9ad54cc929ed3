import { cache } from "react";
import type { Brand } from "@/lib/brands";
import { localizedText } from "@/lib/hotels/html";
import { getHotel } from "@/lib/hotels/queries";
import type { HotelExportRecord } from "@/lib/hotels/record-types";
import type { Language } from "@/lib/locale";
import { pageUrls } from "@/lib/seo";
import { store } from "@/lib/store";

/** The record, read once per request (the metadata and the page both need it). */
export const loadHotel = cache(async (id: string) => {
  const { db } = await store();
  return getHotel(db, id);
});

export const hotelUrls = (brand: Brand, id: string, language: Language) =>
  pageUrls(brand, `/hotels/${encodeURIComponent(id)}`, language);

/** The name: the visitor's language, English, then any language, then the id (a property needs a title). */
export function hotelName(r: HotelExportRecord, language: Language): string {
  return (
    localizedText(r.name, language) ??
    Object.values(r.name ?? {}).find((v): v is string => typeof v === "string" && v.trim() !== "") ??
    r.id
  );
}
