import { format, type Message } from "./format";

/**
 * Spellings suppliers use for the same code ("Bed and breakfast", "Guest house"), folded onto the one key each
 * catalog's select message has (lib/i18n/messages.ts).
 */
const ALIASES: Record<string, string> = {
  guest_house: "guesthouse",
  bed_and_breakfast: "bed_breakfast",
  b_b: "bed_breakfast",
  holiday_home: "vacation_home",
  private_vacation_home: "vacation_home",
  vacation_rental: "vacation_home",
  apartments: "apartment",
  condominium: "condo",
  apart_hotel: "aparthotel",
  room: "guestroom",
  guest_room: "guestroom",
  bedroom: "guestroom",
  swimming_pool: "pool",
  outdoor_pool: "pool",
  indoor_pool: "pool",
  gym: "fitness",
  fitness_centre: "fitness",
  fitness_center: "fitness",
  fitness_facility: "fitness",
  breakfast_room: "breakfast_area",
  living_room: "living_area",
  twin_bed: "twin_beds",
  debit_card: "debit_cards",
  credit_card: "credit_cards",
  square_metres: "square_meters",
  square_meter: "square_meters",
  square_metre: "square_meters",
  sqm: "square_meters",
  m2: "square_meters",
  square_foot: "square_feet",
  sq_ft: "square_feet",
  sqft: "square_feet",
  ft2: "square_feet",
};

/**
 * The select key of a code as a record writes it: letters and digits, lower case, words joined by "_" ("Bed &
 * breakfast" → "bed_breakfast"); ICU select keys cannot hold spaces or punctuation.
 */
export function codeKey(code: string): string {
  const key = code
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/²/g, "2")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return ALIASES[key] ?? (key || "unknown");
}

/**
 * A code's name in the message's language (a property type, a bed type, a photo category…), or the record's own text
 * when the catalog has no name for it.
 */
export function codeLabel<A extends { type: string; label: string | number }>(
  message: Message<A>,
  code: string,
  values?: Omit<A, "type" | "label">,
): string {
  return format(message, { ...values, type: codeKey(code), label: code } as A);
}
