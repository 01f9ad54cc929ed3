import type { HotelColumns } from "@/lib/store";

/** A validated export record (spec §2.1); only the fields the store indexes are typed here. */
export interface HotelRecord {
  id: string;
  name: Record<string, string | undefined>;
  location: {
    address: Record<string, string | undefined>;
    coordinates: { latitude: number; longitude: number };
    country_code: string;
    city?: string;
    state_province?: string;
  };
  property_type?: string;
  is_pet_friendly?: boolean;
  is_vr?: boolean;
  updated_at?: string;
  [field: string]: unknown;
}

function flag(v: boolean | undefined): number | null {
  return v === undefined ? null : v ? 1 : 0;
}

/** The English name, else any non-empty translation, else null. */
export function translationText(t: Record<string, string | undefined> | undefined): string | null {
  if (!t) return null;
  if (t.en) return t.en;
  for (const v of Object.values(t)) if (typeof v === "string" && v) return v;
  return null;
}

/** Columns pages and search read without parsing the record. */
export function hotelColumns(r: HotelRecord, contentHash: string): HotelColumns {
  return {
    name: translationText(r.name),
    country_code: r.location.country_code,
    city: r.location.city ?? null,
    state_province: r.location.state_province ?? null,
    latitude: r.location.coordinates.latitude,
    longitude: r.location.coordinates.longitude,
    property_type: r.property_type ?? null,
    is_pet_friendly: flag(r.is_pet_friendly),
    is_vr: flag(r.is_vr),
    updated_at: r.updated_at ?? null,
    content_hash: contentHash,
  };
}
