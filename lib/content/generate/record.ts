import type { Random } from "./random";
import { SAMPLE_CITIES, type SampleCity } from "./cities";

const ADJECTIVES = [
  "Grand",
  "Royal",
  "Little",
  "Blue",
  "Golden",
  "Old Town",
  "Riverside",
  "Garden",
  "Harbour",
  "Central",
  "Silver",
  "Park",
  "Sunset",
  "Lighthouse",
  "Olive",
  "Cedar",
];
const NOUNS = [
  "Hotel",
  "Suites",
  "Inn",
  "House",
  "Residences",
  "Lodge",
  "Palace",
  "Boutique Hotel",
  "Apartments",
  "Retreat",
];
const STREETS = [
  "Main Street",
  "Harbour Road",
  "Market Square",
  "Station Avenue",
  "Church Lane",
  "Park Boulevard",
  "River Walk",
  "Castle Hill",
  "Ocean Drive",
  "Garden Row",
];
export const PROPERTY_TYPES = [
  "Hotel",
  "Apartment",
  "Guesthouse",
  "Hostel",
  "Resort",
  "Villa",
  "Bed & breakfast",
  "Aparthotel",
  "Motel",
  "Vacation home",
];
const AMENITIES = [
  "free WiFi",
  "a 24-hour front desk",
  "an outdoor pool",
  "a fitness centre",
  "a spa with sauna",
  "airport shuttle (surcharge)",
  "a rooftop terrace",
  "bicycle rental",
  "a children's playground",
  "EV charging",
  "a business centre",
  "laundry service",
  "valet parking",
];
const ROOM_FEATURES = [
  "air conditioning",
  "a flat-screen TV",
  "a minibar",
  "a coffee machine",
  "a safe",
  "blackout curtains",
  "a rain shower",
  "a balcony",
  "a kitchenette",
  "soundproofed windows",
];
const DINING = [
  "a breakfast buffet",
  "an à la carte restaurant serving local cuisine",
  "a lobby bar",
  "a poolside snack bar",
  "room service until midnight",
  "a wine cellar",
];
const IMAGE_KINDS = [
  { kind: "exterior", id: "1", name: "Exterior" },
  { kind: "lobby", id: "2", name: "Lobby" },
  { kind: "room", id: "3", name: "Guestroom" },
  { kind: "pool", id: "4", name: "Pool" },
  { kind: "restaurant", id: "5", name: "Restaurant" },
  { kind: "bathroom", id: "6", name: "Bathroom" },
];
const CARDS = [
  { card_name: "Visa", card_type: "credit" },
  { card_name: "Mastercard", card_type: "credit" },
  { card_name: "American Express", card_type: "credit" },
  { card_name: "Maestro", card_type: "debit" },
  { card_name: "JCB", card_type: null },
];
const BED_TYPES = ["Double bed", "Queen bed", "King bed", "Twin beds", "Sofa bed", "Bunk bed"];

const pad = (n: number) => String(n).padStart(2, "0");

/** The export's timestamp format (spec §2.1): "YYYY-MM-DD hh:mm:ss.mmm Z". */
export function exportTimestamp(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, "0")} Z`;
}

export function hotelId(n: number): string {
  return `HTL-${String(n).padStart(7, "0")}`;
}

export function hotelNumber(id: string): number {
  return Number(/^HTL-(\d+)$/.exec(id)?.[1] ?? 0);
}

function list(r: Random, items: readonly string[], n: number): string {
  const chosen = r.sample(items, n);
  return chosen.length > 1 ? `${chosen.slice(0, -1).join(", ")} and ${chosen.at(-1)}` : (chosen[0] ?? "");
}

/** Supplier-style HTML: paragraphs, lists, line breaks and emphasis, sometimes left unbalanced as real feeds do. */
function html(r: Random, paragraphs: string[]): string {
  let out = paragraphs.map((p) => `<p>${p}</p>`).join("");
  if (r.chance(0.15)) out = out.replace(/<\/p>$/, ""); // unclosed last paragraph
  if (r.chance(0.1)) out += "<br>";
  return out;
}

export interface GenerateContext {
  r: Random;
  /** When the record was last updated. */
  date: Date;
  /** Base URL of sample images (they ship in public/sample-images so the demo needs no internet). */
  imageBase: string;
  /** The cities hotels are placed around (all the sample cities unless narrowed). */
  cities?: readonly SampleCity[];
  /**
   * Names already given, per city: a new property never takes one (two hotels of one name in one city confuse a
   * traveller and the search). Filled as records are generated; a next-day export adds the previous day's names.
   */
  names?: Map<string, Set<string>>;
}

/** Who and where the property is: drawn first, every other part of the record is written around it. */
interface Property {
  n: number;
  city: SampleCity;
  type: string;
  isVr: boolean;
  name: string;
  /** The official rating, named in the headline and the national ratings. */
  stars: number;
  /** Whether pets are welcome: is_pet_friendly, a rental's pet rule and the pet fee all follow it. */
  petFriendly: boolean;
  /** A rental's bedrooms (its description and details agree); 0 for a hotel. */
  bedrooms: number;
}

/** One realistic, schema-valid record (about 4 KB) placed around a real city. */
export function generateRecord(n: number, ctx: GenerateContext): Record<string, unknown> {
  const { r } = ctx;
  // The parts are drawn in this order from the one generator: reordering them changes every record of a seed.
  const identity = identityOf(r, ctx.cities ?? SAMPLE_CITIES);
  const location = locationOf(r, identity.city);
  const stars = r.int(2, 5);
  const petFriendly = r.chance(0.3);
  const bedrooms = identity.isVr ? r.int(1, 5) : 0;
  const name = uniqueName(ctx, identity.city.name, identity.name, location.street);
  const p: Property = { n, ...identity, name, stars, petFriendly, bedrooms };
  const updated = new Date(ctx.date.getTime() - r.int(0, 86_400_000 * 30));
  const images = imagesOf(r, p, ctx.imageBase);

  const record: Record<string, unknown> = {
    id: hotelId(n),
    name: { en: p.name },
    location: location.location,
    images,
    check_in: checkInOf(r, p),
    check_out: checkOutOf(r),
    policies: policiesOf(r),
    payment_information: paymentOf(r, p),
    ...languagesOf(r, p),
    descriptions: descriptionsOf(r, p),
    property_type: p.type,
    is_pet_friendly: p.petFriendly,
    is_vr: p.isVr,
    mappings: mappingsOf(r),
    updated_at: exportTimestamp(updated),
  };
  if (r.chance(0.7)) record.legal = legalOf(r, p);
  if (p.isVr) Object.assign(record, rentalOf(r, p));
  return record;
}

/**
 * The property's name, unique in its city: the drawn name ("Grand Hotel Paris"), else with its street ("Grand Hotel
 * Paris Market Square"), else numbered ("Grand Hotel Paris Market Square 2"). No draw of its own, so the rest of
 * the record is the same whichever it takes.
 */
function uniqueName(ctx: GenerateContext, city: string, drawn: string, street: string): string {
  ctx.names ??= new Map();
  let taken = ctx.names.get(city);
  if (!taken) ctx.names.set(city, (taken = new Set()));
  let name = drawn;
  if (taken.has(name)) name = `${drawn} ${street}`;
  for (let k = 2; taken.has(name); k++) name = `${drawn} ${street} ${k}`;
  taken.add(name);
  return name;
}

/** Notes a name already in use (a previous export's), so that new properties do not take it. */
export function noteName(ctx: GenerateContext, city: string, name: string): void {
  ctx.names ??= new Map();
  let taken = ctx.names.get(city);
  if (!taken) ctx.names.set(city, (taken = new Set()));
  taken.add(name);
}

/** The city the property is around, its type (a rental or not) and its name as drawn. */
function identityOf(r: Random, cities: readonly SampleCity[]) {
  const city: SampleCity = r.pick(cities);
  const type = r.chance(0.6) ? "Hotel" : r.pick(PROPERTY_TYPES);
  const isVr = ["Apartment", "Villa", "Vacation home"].includes(type) || r.chance(0.05);
  const name = `${r.pick(ADJECTIVES)} ${isVr ? r.pick(["Apartments", "Residences", "House"]) : r.pick(NOUNS)} ${city.name}`;
  return { city, type, isVr, name };
}

/** The address and coordinates, within roughly 8 km of the city centre. */
function locationOf(r: Random, city: SampleCity) {
  const lat = +(city.lat + (r.next() - 0.5) * 0.14).toFixed(6);
  const lon = +(city.lon + ((r.next() - 0.5) * 0.14) / Math.max(Math.cos((city.lat * Math.PI) / 180), 0.2)).toFixed(6);
  const street = r.pick(STREETS);
  const address = `${r.int(1, 240)} ${street}, ${city.name}`;
  return {
    street,
    location: {
      address: { en: address },
      coordinates: { latitude: lat, longitude: lon },
      country_code: city.country,
      city: city.name,
      ...(city.state ? { state_province: city.state } : {}),
    },
  };
}

/** Three to six of the sample images, the first one the hero. */
function imagesOf(r: Random, p: Property, imageBase: string) {
  return r.sample(IMAGE_KINDS, r.int(3, 6)).map((k, i) => ({
    method: "GET",
    href: `${imageBase}${k.kind}-${r.int(1, 3)}.svg`,
    caption: { en: `${k.name} at ${p.name}` },
    hero_image: i === 0,
    category: [{ id: k.id, name: k.name }],
    allow_cache: r.chance(0.9),
  }));
}

function checkInOf(r: Random, p: Property) {
  return {
    begin_time: `${pad(r.int(12, 16))}:00`,
    end_time: r.chance(0.5) ? "23:00" : `${pad(r.int(18, 22))}:30`,
    instructions: {
      en: html(r, [
        `Guests must show a government-issued photo ID and a credit card at check-in.`,
        `${p.isVr ? "The property manager will send check-in details before arrival." : "Front desk staff will greet guests on arrival."}${r.chance(0.5) ? " <strong>Late arrivals must contact the property in advance.</strong>" : ""}`,
      ]),
    },
    special_instructions: {
      en: html(r, [
        `Please inform ${p.name} of your expected arrival time. You can use the special requests box when booking.`,
      ]),
    },
    min_age: r.pick([16, 18, 18, 21]),
    "24_hour": r.chance(0.4),
  };
}

function checkOutOf(r: Random) {
  return {
    begin_time: "07:00",
    end_time: `${pad(r.int(10, 12))}:00`,
    policy: { en: html(r, ["Late check-out is subject to availability and may incur a fee."]) },
  };
}

function policiesOf(r: Random) {
  return {
    know_before_you_go: {
      en: `<ul><li>Only registered guests are allowed in the guestrooms.</li><li>Quiet hours are between 10 PM and 7 AM.</li>${
        r.chance(0.5) ? "<li>This property does not have elevators.</li>" : ""
      }<li>Charges for extra guests may apply.</li></ul>`,
    },
    ...(r.chance(0.2)
      ? { nationality_restrictions: { en: "<p>Local residents may be asked to pay a city tax on arrival.</p>" } }
      : {}),
    health_and_safety: {
      enhanced_cleaning_practices: r.pick([true, true, false, null]),
      cleaned_with_disinfectant: r.pick([true, false, null]),
      self_check_in_and_check_out: r.pick([true, false, null]),
      gap_between_stays: r.pick([true, false, null]),
    },
  };
}

function paymentOf(r: Random, { city, petFriendly }: Property) {
  return {
    currency: city.currency,
    payment_registration_recommended: r.chance(0.3),
    creditcard_required: r.chance(0.7),
    book_domestic_without_cc_details: r.chance(0.2),
    accepted_credit_cards: r.sample(CARDS, r.int(2, 5)),
    fees: {
      mandatory: {
        en: html(r, [
          `A city tax of ${city.currency} ${inCurrency(r.int(1, 7) + r.int(0, 99) / 100, city.currency)} per person per night is collected at the property.`,
        ]),
      },
      optional: { en: optionalFees(r, city.currency, petFriendly) },
      ...(r.chance(0.5)
        ? {
            deposit: {
              amount: Number(inCurrency(r.int(50, 500), city.currency)),
              currency: city.currency,
              description: { en: "<p>Refundable damage deposit, collected at check-in.</p>" },
            },
          }
        : {}),
    },
    onsite_payments: {
      currency: city.currency,
      types: r.sample(["Visa", "Mastercard", "Cash", "Debit cards", "Apple Pay"], r.int(1, 4)),
    },
  };
}

/**
 * Rough units of each sample city's currency per euro (orders of magnitude, not rates), so that a city tax in Bangkok
 * is tens of baht rather than two: amounts are drawn in euros' worth and written in the city's currency.
 */
const UNITS_PER_EURO: Record<string, number> = {
  AED: 4,
  ARS: 1000,
  AUD: 1.7,
  BRL: 6,
  CAD: 1.5,
  CHF: 1,
  CZK: 25,
  DKK: 7.5,
  GBP: 0.85,
  HUF: 400,
  IDR: 18000,
  ISK: 150,
  JPY: 160,
  KRW: 1500,
  MAD: 11,
  MXN: 20,
  NOK: 11.5,
  NZD: 1.9,
  PLN: 4.3,
  SEK: 11,
  SGD: 1.5,
  THB: 38,
  TRY: 40,
  USD: 1.1,
  ZAR: 20,
};

/** An amount drawn in euros' worth, in a currency's units: cents kept below 20 units, else rounded to 2 figures. */
function inCurrency(euros: number, currency: string): string {
  const amount = euros * (UNITS_PER_EURO[currency] ?? 1);
  if (amount < 20) return amount.toFixed(Number.isInteger(euros) ? 0 : 2);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(amount)) - 1);
  return String(Math.round(amount / step) * step);
}

/** Breakfast and parking, and a pet fee only where pets are welcome (some such places charge one). */
function optionalFees(r: Random, currency: string, petFriendly: boolean): string {
  const items = [
    `Buffet breakfast: ${currency} ${inCurrency(r.int(9, 35), currency)} per person`,
    `Parking: ${currency} ${inCurrency(r.int(10, 45), currency)} per day`,
    ...(petFriendly && r.chance(0.5) ? [`Pet fee: ${currency} ${inCurrency(r.int(10, 30), currency)} per stay`] : []),
  ];
  return `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
}

function languagesOf(r: Random, { city }: Property) {
  return {
    default_language: city.language,
    spoken_languages: [
      ...new Set(["en", city.language, ...r.sample(["fr", "de", "es", "it", "nl", "pt"], r.int(0, 2))]),
    ],
  };
}

function descriptionsOf(r: Random, { city, name, stars, type, isVr, bedrooms }: Property) {
  const units = r.int(8, 320);
  return {
    headline: { en: `${stars}-star ${type.toLowerCase()} near ${city.name} centre` },
    overall: {
      en: html(r, [
        `${name} offers ${list(r, AMENITIES, 3)}. It is ${r.int(2, 25) * 100} metres from the centre of ${city.name}.`,
        `Guests rate the ${r.pick(["location", "breakfast", "staff", "cleanliness"])} highly. ${r.chance(0.5) ? "<strong>Recently renovated.</strong>" : ""}`,
      ]),
    },
    rooms: {
      en: html(r, [
        isVr
          ? `The ${bedrooms === 1 ? "one-bedroom" : `${bedrooms}-bedroom`} ${type.toLowerCase()} comes with ${list(r, ROOM_FEATURES, 4)}.`
          : `All ${units} rooms come with ${list(r, ROOM_FEATURES, 4)}.`,
        "Some units feature a seating area.<br>Bed linen and towels are provided.",
      ]),
    },
    amenities: {
      en: `<ul>${r
        .sample(AMENITIES, r.int(3, 6))
        .map((a) => `<li>${a[0]!.toUpperCase()}${a.slice(1)}</li>`)
        .join("")}</ul>`,
    },
    dining: { en: html(r, [`On site you will find ${list(r, DINING, 2)}.`]) },
    location: {
      en: html(r, [
        `Located in ${city.name}${city.state ? `, ${city.state}` : ""}, the property is close to shops, museums and public transport.`,
      ]),
    },
    attractions: {
      en: `<p>Distances are displayed to the nearest 0.1 mile and kilometre.<br>${city.name} Cathedral - ${r.int(1, 30) / 10} km<br>Central Station - ${r.int(2, 50) / 10} km</p>`,
    },
    ...(r.chance(0.4)
      ? {
          business_amenities: { en: "<p>Meeting rooms for up to 40 people and a business centre with printing.</p>" },
        }
      : {}),
    ...(r.chance(0.2) ? { renovations: { en: `<p>The property was renovated in ${2015 + r.int(0, 10)}.</p>` } } : {}),
    national_ratings: { en: `<p>This property has been officially rated ${stars} stars.</p>` },
  };
}

function mappingsOf(r: Random) {
  return {
    EXP: String(r.int(100000, 99999999)),
    ...(r.chance(0.6) ? { BKG: String(r.int(100000, 9999999)) } : {}),
  };
}

function legalOf(r: Random, { city }: Property) {
  return {
    license: `LIC-${r.int(10000, 99999)}`,
    registry_number: `${city.country}-${r.int(100000, 999999)}`,
    ...(r.chance(0.5) ? { tax_id: `TAX${r.int(1000000, 9999999)}` } : {}),
  };
}

/** A vacation rental's key collection and details (house rules, manager); the pet rule follows is_pet_friendly. */
function rentalOf(r: Random, { n, city, petFriendly, bedrooms }: Property) {
  return {
    key_collection_info: {
      key_location: { en: "<p>Keys are in a lockbox next to the entrance.</p>" },
      how_to_collect: { en: "<p>The property manager will send the lockbox code 24 hours before arrival.</p>" },
      alternative_key_location: {
        city: city.name,
        zip: String(r.int(1000, 99999)),
        address: { en: `${r.int(1, 99)} ${r.pick(STREETS)}, ${city.name}` },
      },
    },
    vr_details: {
      bathrooms: { count: r.int(1, 3) },
      bedrooms: { count: bedrooms, bed_types: r.sample(BED_TYPES, Math.min(bedrooms, 3)) },
      house_rules: {
        child_rules: {
          owner_children_free_text: { en: "Children of all ages are welcome." },
          children_permitted: true,
        },
        party_or_event_rules: r.chance(0.3)
          ? null
          : { owner_party_free_text: { en: "No parties or events." }, parties_or_events_permitted: false },
        pet_rules: petRules(petFriendly),
        smoking_rules: r.chance(0.2)
          ? null
          : { owner_smoking_free_text: { en: "Smoking is not permitted." }, smoking_permitted: false },
      },
      max_occupancy: r.chance(0.1) ? null : bedrooms * 2 + r.int(0, 2),
      property_size: { measurement: r.int(35, 260), units: "square meters" },
      property_manager: {
        name: `${r.pick(["Sunny", "Coastal", "Urban", "Alpine"])} Stays`,
        method: "GET",
        href: `https://manager.sample.invalid/${hotelId(n)}`,
      },
    },
  };
}

const petRules = (petFriendly: boolean) => ({
  owner_pets_free_text: { en: petFriendly ? "Pets are allowed on request." : "Pets are not allowed." },
  pets_permitted: petFriendly,
});

/** The "next day" edit of a record: new headline and fees, and a later updated_at. */
export function changeRecord(record: Record<string, unknown>, ctx: GenerateContext): Record<string, unknown> {
  const copy = structuredClone(record) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const { r } = ctx;
  copy.descriptions = {
    ...copy.descriptions,
    headline: {
      en: `${r.pick(["Newly refurbished", "Family-run", "Quiet", "Central"])} ${String(copy.property_type ?? "hotel").toLowerCase()} in ${copy.location.city}`,
    },
  };
  if (copy.check_in) copy.check_in.begin_time = `${pad(r.int(12, 16))}:00`;
  // The pet policy may change: the rental's pet rule and the fees change with it.
  const petFriendly = r.chance(0.3);
  copy.is_pet_friendly = petFriendly;
  if (copy.vr_details?.house_rules) copy.vr_details.house_rules.pet_rules = petRules(petFriendly);
  const pay = copy.payment_information;
  if (pay?.fees) pay.fees.optional = { en: optionalFees(r, String(pay.currency), petFriendly) };
  copy.updated_at = exportTimestamp(new Date(ctx.date.getTime() + r.int(0, 86_399_000)));
  return copy;
}

/** A record a supplier got wrong, in one of the ways the schema refuses. */
export function breakRecord(record: Record<string, unknown>, r: Random): Record<string, unknown> {
  const copy = structuredClone(record) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  switch (r.int(0, 4)) {
    case 0:
      copy.location.country_code = String(copy.location.country_code).toLowerCase();
      break;
    case 1:
      delete copy.name;
      break;
    case 2:
      copy.images = [];
      break;
    case 3:
      copy.updated_at = "yesterday";
      break;
    default:
      copy.mappings = { ...copy.mappings, expedia: "123" };
  }
  return copy;
}
