import { z } from "zod";
import type { Brand } from "@/lib/brands/node";
import { localizedParagraphs, oneLine, type Translation, shownImages, type HotelExportRecord } from "@/lib/hotels";
import type { Language } from "@/lib/locale";

/**
 * How much of each hotel record a tool returns (`include`): the summary always, these blocks on request. Text is
 * plain (supplier HTML reduced to text) in the visitor's language, else English; absent parts are left out rather
 * than sent empty, so a model reads only what the record says.
 */
export const INCLUDE_BLOCKS = [
  "location",
  "media",
  "descriptions",
  "policies",
  "checkInOut",
  "payment",
  "vacationRental",
] as const;
export type IncludeBlock = (typeof INCLUDE_BLOCKS)[number];

export const includeSchema = z
  .array(z.enum(INCLUDE_BLOCKS))
  .max(INCLUDE_BLOCKS.length)
  .optional()
  .describe(
    "Extra parts of each hotel record to return: location (address, coordinates), media (images), descriptions, " +
      "policies, checkInOut (times, instructions, key collection), payment (cards, fees, deposit), vacationRental " +
      "(bedrooms, house rules). Ask only for what you need: each block makes the answer longer.",
  );

/** At most this many images per hotel (the hero image first). */
export const MAX_IMAGES = 10;

const text = z.string();
export const blocksSchema = {
  location: z
    .object({
      address: text.optional(),
      city: text.optional(),
      stateProvince: text.optional(),
      countryCode: text,
      latitude: z.number(),
      longitude: z.number(),
    })
    .optional(),
  media: z
    .object({
      images: z
        .array(z.object({ url: text, caption: text.optional(), categories: z.array(text).optional() }))
        .optional(),
      total: z.number().int(),
    })
    .optional(),
  descriptions: z.record(text, text).optional(),
  policies: z
    .object({
      knowBeforeYouGo: text.optional(),
      nationalityRestrictions: text.optional(),
      healthAndSafety: z.array(text).optional(),
    })
    .optional(),
  checkInOut: z
    .object({
      checkIn: z
        .object({
          beginTime: text.optional(),
          endTime: text.optional(),
          allDay: z.boolean().optional(),
          minAge: z.number().optional(),
          instructions: text.optional(),
          specialInstructions: text.optional(),
        })
        .optional(),
      checkOut: z.object({ beginTime: text.optional(), endTime: text.optional(), policy: text.optional() }).optional(),
      keyCollection: z.object({ keyLocation: text.optional(), howToCollect: text.optional() }).optional(),
    })
    .optional(),
  payment: z
    .object({
      currency: text.optional(),
      creditCardRequired: z.boolean().optional(),
      acceptedCards: z.array(text).optional(),
      mandatoryFees: text.optional(),
      optionalFees: text.optional(),
      deposit: z
        .object({ amount: z.number().optional(), currency: text.optional(), description: text.optional() })
        .optional(),
      onsitePayment: z.object({ currency: text.optional(), types: z.array(text).optional() }).optional(),
    })
    .optional(),
  vacationRental: z
    .object({
      bedrooms: z.number().optional(),
      bedTypes: z.array(text).optional(),
      bathrooms: z.number().optional(),
      maxOccupancy: z.number().optional(),
      propertySize: z.object({ measurement: z.number().optional(), units: text.optional() }).optional(),
      houseRules: z
        .object({
          childrenAllowed: z.boolean().optional(),
          partiesAllowed: z.boolean().optional(),
          petsAllowed: z.boolean().optional(),
          smokingAllowed: z.boolean().optional(),
          notes: z.array(text).optional(),
        })
        .optional(),
      propertyManager: text.optional(),
    })
    .optional(),
};

type Blocks = { [K in IncludeBlock]?: z.infer<(typeof blocksSchema)[K]> };

/** Drops undefined values and empty objects/arrays, so a block says only what the record has. */
function compact<T>(value: T): T | undefined {
  if (Array.isArray(value)) return value.length ? value : undefined;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length ? (out as T) : undefined;
  }
  return value ?? undefined;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const bool = (v: unknown) => (typeof v === "boolean" ? v : undefined);
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The blocks asked for of one record. */
export function recordBlocks(
  record: HotelExportRecord,
  include: readonly IncludeBlock[],
  language: Language,
  brand: Brand,
): Blocks {
  const t = (v: Translation) => localizedParagraphs(v, language);
  const out: Blocks = {};
  for (const block of new Set(include)) {
    switch (block) {
      case "location": {
        const l = record.location;
        out.location = {
          address: t(l.address),
          city: oneLine(l.city),
          stateProvince: oneLine(l.state_province),
          countryCode: l.country_code,
          latitude: l.coordinates.latitude,
          longitude: l.coordinates.longitude,
        };
        break;
      }
      case "media": {
        const images = shownImages(record.images, language);
        out.media = {
          images: images.slice(0, MAX_IMAGES).map((img) => ({
            // Sample images are served by the brand itself: absolute, so the link works outside the site.
            url: img.src.startsWith("/") ? `${brand.canonicalUrl}${img.src}` : img.src,
            caption: img.caption,
            categories: img.categories,
          })),
          total: images.length,
        };
        break;
      }
      case "descriptions": {
        const d: Record<string, string> = {};
        for (const [name, value] of Object.entries(record.descriptions ?? {})) {
          const v = t(value);
          if (v) d[name] = v;
        }
        out.descriptions = d;
        break;
      }
      case "policies": {
        const p = record.policies;
        out.policies = {
          knowBeforeYouGo: t(p?.know_before_you_go),
          nationalityRestrictions: t(p?.nationality_restrictions),
          healthAndSafety: Object.entries(p?.health_and_safety ?? {})
            .filter(([, v]) => v === true)
            .map(([k]) => k),
        };
        break;
      }
      case "checkInOut": {
        const ci = record.check_in;
        const co = record.check_out;
        const k = record.key_collection_info;
        out.checkInOut = {
          checkIn: {
            beginTime: str(ci?.begin_time),
            endTime: str(ci?.end_time),
            allDay: bool(ci?.["24_hour"]),
            minAge: num(ci?.min_age),
            instructions: t(ci?.instructions),
            specialInstructions: t(ci?.special_instructions),
          },
          checkOut: { beginTime: str(co?.begin_time), endTime: str(co?.end_time), policy: t(co?.policy) },
          keyCollection: { keyLocation: t(k?.key_location), howToCollect: t(k?.how_to_collect) },
        };
        break;
      }
      case "payment": {
        const p = record.payment_information;
        out.payment = {
          currency: str(p?.currency),
          creditCardRequired: bool(p?.creditcard_required),
          acceptedCards: (p?.accepted_credit_cards ?? []).map((c) => c.card_name).filter((n) => typeof n === "string"),
          mandatoryFees: t(p?.fees?.mandatory),
          optionalFees: t(p?.fees?.optional),
          deposit: {
            amount: num(p?.fees?.deposit?.amount),
            currency: str(p?.fees?.deposit?.currency),
            description: t(p?.fees?.deposit?.description),
          },
          onsitePayment: { currency: str(p?.onsite_payments?.currency), types: p?.onsite_payments?.types },
        };
        break;
      }
      case "vacationRental": {
        const v = record.vr_details;
        const rules = v?.house_rules;
        out.vacationRental = {
          bedrooms: num(v?.bedrooms?.count),
          bedTypes: v?.bedrooms?.bed_types,
          bathrooms: num(v?.bathrooms?.count),
          maxOccupancy: num(v?.max_occupancy),
          propertySize: { measurement: num(v?.property_size?.measurement), units: str(v?.property_size?.units) },
          houseRules: {
            childrenAllowed: bool(rules?.child_rules?.children_permitted),
            partiesAllowed: bool(rules?.party_or_event_rules?.parties_or_events_permitted),
            petsAllowed: bool(rules?.pet_rules?.pets_permitted),
            smokingAllowed: bool(rules?.smoking_rules?.smoking_permitted),
            notes: [
              t(rules?.child_rules?.owner_children_free_text),
              t(rules?.party_or_event_rules?.owner_party_free_text),
              t(rules?.pet_rules?.owner_pets_free_text),
              t(rules?.smoking_rules?.owner_smoking_free_text),
            ].filter((n): n is string => !!n),
          },
          propertyManager: str(v?.property_manager?.name),
        };
        break;
      }
    }
    // A block asked for and empty in the record is an empty object: the model learns the record has nothing there.
    (out as Record<string, unknown>)[block] = compact(out[block]) ?? {};
  }
  return out;
}
