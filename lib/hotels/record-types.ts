import type { Translation } from "./html";
import type { RecordImage } from "./images";

/** Spec §2.1 as a type: every optional part of a record (the schema has validated it; pages still check values). */
export interface HotelExportRecord {
  id: string;
  name: Translation;
  location: {
    address: Translation;
    coordinates: { latitude: number; longitude: number };
    country_code: string;
    city?: string;
    state_province?: string;
  };
  images?: RecordImage[];
  check_in?: {
    begin_time?: string;
    end_time?: string;
    instructions?: Translation;
    special_instructions?: Translation;
    min_age?: number;
    max_age?: number;
    "24_hour"?: boolean;
  };
  check_out?: { begin_time?: string; end_time?: string; policy?: Translation };
  key_collection_info?: {
    key_location?: Translation;
    how_to_collect?: Translation;
    alternative_key_location?: { city?: string; zip?: string; address?: Translation };
  };
  policies?: {
    know_before_you_go?: Translation;
    nationality_restrictions?: Translation;
    health_and_safety?: Record<string, boolean | null | undefined>;
  };
  payment_information?: {
    currency?: string;
    payment_registration_recommended?: boolean;
    creditcard_required?: boolean;
    book_domestic_without_cc_details?: boolean;
    accepted_credit_cards?: { card_name: string; card_type?: string | null }[];
    fees?: {
      mandatory?: Translation;
      optional?: Translation;
      deposit?: { amount?: number; currency?: string; description?: Translation };
    };
    onsite_payments?: { currency?: string; types?: string[] };
  };
  default_language?: string;
  spoken_languages?: string[];
  descriptions?: Record<string, Translation>;
  legal?: { license?: string; registry_number?: string; tax_id?: string };
  vr_details?: {
    bathrooms?: { count?: number };
    bedrooms?: { count?: number; bed_types?: string[] };
    house_rules?: {
      child_rules?: { owner_children_free_text?: Translation; children_permitted?: boolean } | null;
      party_or_event_rules?: { owner_party_free_text?: Translation; parties_or_events_permitted?: boolean } | null;
      pet_rules?: { owner_pets_free_text?: Translation; pets_permitted?: boolean } | null;
      smoking_rules?: { owner_smoking_free_text?: Translation; smoking_permitted?: boolean } | null;
    };
    max_occupancy?: number | null;
    property_size?: { measurement?: number; units?: string };
    property_manager?: { name?: string; method?: string; href?: string };
  };
  property_type?: string;
  is_pet_friendly?: boolean;
  is_vr?: boolean;
  mappings?: Record<string, string>;
  updated_at?: string;
}
