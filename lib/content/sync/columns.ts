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

/**
 * Text for a column: NUL characters dropped. JSON may carry them (as \u0000) and the record keeps them, but
 * PostgreSQL text cannot hold them, and a column is for display and search anyway.
 */
function columnText(v: string | null | undefined): string | null {
  return v == null ? null : v.replace(/\u0000/g, "");
}

/** Columns pages and search read without parsing the record. */
export function hotelColumns(r: HotelRecord, contentHash: string): HotelColumns {
  return {
    name: columnText(translationText(r.name)),
    country_code: r.location.country_code,
    city: columnText(r.location.city),
    state_province: columnText(r.location.state_province),
    latitude: r.location.coordinates.latitude,
    longitude: r.location.coordinates.longitude,
    property_type: columnText(r.property_type),
    is_pet_friendly: flag(r.is_pet_friendly),
    is_vr: flag(r.is_vr),
    updated_at: columnText(r.updated_at),
    content_hash: contentHash,
  };
}
