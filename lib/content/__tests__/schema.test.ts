/* eslint-disable @typescript-eslint/no-explicit-any -- these tests mutate arbitrary nested JSON records */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { generateRecord } from "../generate/record";
import { Random } from "../generate/random";

// The published file, checked with a plain Ajv draft-07 + ajv-formats instance, exactly as a partner would use it.
const schema = JSON.parse(fs.readFileSync(path.join(process.cwd(), "schemas", "HotelFtpExport.json"), "utf8"));
const ajv = new Ajv();
addFormats(ajv);
const validate = ajv.compile(schema);

const minimal = () => ({
  id: "H1",
  name: { en: "Hotel One" },
  location: { address: { en: "1 Main Street" }, coordinates: { latitude: 48.85, longitude: 2.35 }, country_code: "FR" },
});

/** A record carrying every field of spec §2.1, including vacation-rental details. */
function full(): Record<string, any> {
  const r = new Random(3);
  for (let n = 1; ; n++) {
    const rec = generateRecord(n, {
      r,
      date: new Date("2026-01-15T12:00:00Z"),
      imageBase: "http://localhost:3000/sample-images/",
    });
    if (rec.vr_details && rec.legal) return rec as Record<string, any>;
  }
}

type Case = [string, (rec: Record<string, any>) => void, string?];

function errorsOf(rec: unknown): string[] {
  validate(rec);
  return (validate.errors ?? []).map(
    (e) => e.instancePath + (e.keyword === "required" ? `/${e.params.missingProperty}` : ""),
  );
}

function check(base: () => Record<string, any>, cases: Case[], valid: boolean) {
  for (const [name, mutate, pointer] of cases) {
    it(`${valid ? "accepts" : "rejects"} ${name}`, () => {
      const rec = base();
      mutate(rec);
      if (valid) expect(errorsOf(rec)).toEqual([]);
      else {
        expect(validate(rec)).toBe(false);
        if (pointer) expect(errorsOf(rec)).toContain(pointer);
      }
    });
  }
}

describe("HotelFtpExport.json is a draft-07 schema that compiles as published", () => {
  it("declares draft-07", () => expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#"));
  it("accepts the minimal record (id, name, location)", () => expect(errorsOf(minimal())).toEqual([]));
  it("accepts a record with every field", () => expect(errorsOf(full())).toEqual([]));
});

describe("top level", () => {
  check(
    minimal,
    [
      ["a record without id", (r) => delete r.id, "/id"],
      ["a record without name", (r) => delete r.name, "/name"],
      ["a record without location", (r) => delete r.location, "/location"],
      ["an empty id", (r) => (r.id = ""), "/id"],
      ["a numeric id", (r) => (r.id = 7), "/id"],
      ["an empty English name", (r) => (r.name.en = ""), "/name/en"],
      ["an empty default_language", (r) => (r.default_language = ""), "/default_language"],
      ["an empty spoken language", (r) => (r.spoken_languages = ["en", ""]), "/spoken_languages/1"],
      ["a non-boolean is_pet_friendly", (r) => (r.is_pet_friendly = "yes"), "/is_pet_friendly"],
      ["a non-boolean is_vr", (r) => (r.is_vr = 1), "/is_vr"],
      ["a non-string property_type", (r) => (r.property_type = 3), "/property_type"],
    ],
    false,
  );
  check(
    minimal,
    [
      ["unknown top-level fields (the spec does not close the record)", (r) => (r.brand_new_field = 1)],
      ["translation keys other than en (not shown: left open)", (r) => (r.name.fr = "Hôtel Un")],
      ["a translation without en", (r) => (r.name = { de: "Hotel Eins" })],
      ["any property_type string (allowed values not shown)", (r) => (r.property_type = "Treehouse")],
      ["an empty spoken_languages array", (r) => (r.spoken_languages = [])],
    ],
    true,
  );
});

describe("location", () => {
  check(
    minimal,
    [
      ["a location without address", (r) => delete r.location.address, "/location/address"],
      ["a location without coordinates", (r) => delete r.location.coordinates, "/location/coordinates"],
      ["a location without country_code", (r) => delete r.location.country_code, "/location/country_code"],
      ["latitude above 90", (r) => (r.location.coordinates.latitude = 90.0001), "/location/coordinates/latitude"],
      ["latitude below -90", (r) => (r.location.coordinates.latitude = -90.5), "/location/coordinates/latitude"],
      ["longitude above 180", (r) => (r.location.coordinates.longitude = 180.1), "/location/coordinates/longitude"],
      ["longitude below -180", (r) => (r.location.coordinates.longitude = -181), "/location/coordinates/longitude"],
      ["missing latitude", (r) => delete r.location.coordinates.latitude, "/location/coordinates/latitude"],
      ["a string latitude", (r) => (r.location.coordinates.latitude = "48.1"), "/location/coordinates/latitude"],
      ["a lower-case country code", (r) => (r.location.country_code = "fr"), "/location/country_code"],
      ["a three-letter country code", (r) => (r.location.country_code = "FRA"), "/location/country_code"],
      ["a numeric city", (r) => (r.location.city = 5), "/location/city"],
    ],
    false,
  );
  check(
    minimal,
    [
      ["the bounds themselves (inclusive)", (r) => (r.location.coordinates = { latitude: -90, longitude: 180 })],
      ["an empty city (no minimum length in the spec)", (r) => (r.location.city = "")],
      ["a state_province", (r) => (r.location.state_province = "Île-de-France")],
    ],
    true,
  );
});

describe("images", () => {
  const img = () => ({
    method: "GET",
    href: "https://img.example.com/a.jpg",
    caption: { en: "Lobby" },
    hero_image: true,
    category: [{ id: "2", name: "Lobby" }],
    allow_cache: true,
  });
  check(
    () => ({ ...minimal(), images: [img()] }),
    [
      ["an empty images array (at least 1 when present)", (r) => (r.images = []), "/images"],
      ["a method outside enum M", (r) => (r.images[0].method = "FETCH"), "/images/0/method"],
      ["a lower-case method", (r) => (r.images[0].method = "get"), "/images/0/method"],
      ["an href that is not a URI", (r) => (r.images[0].href = "not a uri"), "/images/0/href"],
      ["a relative href (format uri needs a scheme)", (r) => (r.images[0].href = "/images/a.jpg"), "/images/0/href"],
      ["a category without id", (r) => (r.images[0].category = [{ name: "Lobby" }]), "/images/0/category/0/id"],
      ["an empty category id", (r) => (r.images[0].category = [{ id: "" }]), "/images/0/category/0/id"],
      ["an empty category name", (r) => (r.images[0].category = [{ id: "1", name: "" }]), "/images/0/category/0/name"],
      ["a non-boolean hero_image", (r) => (r.images[0].hero_image = "true"), "/images/0/hero_image"],
      ["a non-boolean allow_cache", (r) => (r.images[0].allow_cache = 0), "/images/0/allow_cache"],
    ],
    false,
  );
  check(
    () => ({ ...minimal(), images: [img()] }),
    [
      ...["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE"].map((m): Case => [
        `method ${m}`,
        (r) => (r.images[0].method = m),
      ]),
      ["a category with id only", (r) => (r.images[0].category = [{ id: "9" }])],
      ["an empty category array (no minimum in the spec)", (r) => (r.images[0].category = [])],
    ],
    true,
  );
});

describe("check_in and check_out, time pattern T applied exactly as written", () => {
  // T = ^[01][0-9]|2[0-3]:[0-5][0-9]$ : "starts with 00-19" OR "ends with 20:00-23:59".
  check(
    () => ({ ...minimal(), check_in: {}, check_out: {} }),
    [
      ["begin_time 24:00", (r) => (r.check_in.begin_time = "24:00"), "/check_in/begin_time"],
      ["begin_time 2:30", (r) => (r.check_in.begin_time = "2:30"), "/check_in/begin_time"],
      ["end_time 25:61", (r) => (r.check_in.end_time = "25:61"), "/check_in/end_time"],
      ["check_out end_time noon", (r) => (r.check_out.end_time = "noon"), "/check_out/end_time"],
      ["min_age -1", (r) => (r.check_in.min_age = -1), "/check_in/min_age"],
      ["min_age 17.5 (integer)", (r) => (r.check_in.min_age = 17.5), "/check_in/min_age"],
      ["max_age 0 (must be > 0)", (r) => (r.check_in.max_age = 0), "/check_in/max_age"],
      ["a non-boolean 24_hour", (r) => (r.check_in["24_hour"] = "yes"), "/check_in/24_hour"],
      ["an empty instructions text", (r) => (r.check_in.instructions = { en: "" }), "/check_in/instructions/en"],
      ["a string policy", (r) => (r.check_out.policy = "no"), "/check_out/policy"],
    ],
    false,
  );
  check(
    () => ({ ...minimal(), check_in: {}, check_out: {} }),
    [
      ["begin_time 15:00", (r) => (r.check_in.begin_time = "15:00")],
      ["end_time 23:59", (r) => (r.check_in.end_time = "23:59")],
      ["'19:99' (the first alternative only anchors the start)", (r) => (r.check_in.begin_time = "19:99")],
      ["'1' followed by anything, such as '12 noon'", (r) => (r.check_out.end_time = "12 noon")],
      ["'x 21:30' (the second alternative only anchors the end)", (r) => (r.check_out.begin_time = "x 21:30")],
      ["min_age 0 and max_age 1", (r) => Object.assign(r.check_in, { min_age: 0, max_age: 1 })],
    ],
    true,
  );
});

describe("key_collection_info and policies", () => {
  check(
    () => ({
      ...minimal(),
      key_collection_info: { alternative_key_location: {} },
      policies: { health_and_safety: {} },
    }),
    [
      [
        "an empty alternative city",
        (r) => (r.key_collection_info.alternative_key_location.city = ""),
        "/key_collection_info/alternative_key_location/city",
      ],
      [
        "an empty zip",
        (r) => (r.key_collection_info.alternative_key_location.zip = ""),
        "/key_collection_info/alternative_key_location/zip",
      ],
      [
        "a string key_location",
        (r) => (r.key_collection_info.key_location = "lockbox"),
        "/key_collection_info/key_location",
      ],
      [
        "a string health_and_safety member",
        (r) => (r.policies.health_and_safety.gap_between_stays = "yes"),
        "/policies/health_and_safety/gap_between_stays",
      ],
      ["a string know_before_you_go", (r) => (r.policies.know_before_you_go = "x"), "/policies/know_before_you_go"],
    ],
    false,
  );
  check(
    () => ({ ...minimal(), policies: { health_and_safety: {} } }),
    [
      ...[
        "enhanced_cleaning_practices",
        "cleaned_with_disinfectant",
        "self_check_in_and_check_out",
        "gap_between_stays",
      ].flatMap((k): Case[] => [
        [`${k} null`, (r) => (r.policies.health_and_safety[k] = null)],
        [`${k} false`, (r) => (r.policies.health_and_safety[k] = false)],
      ]),
    ],
    true,
  );
});

describe("payment_information", () => {
  const base = () => ({
    ...minimal(),
    payment_information: { fees: { deposit: {} }, onsite_payments: {} } as Record<string, any>,
  });
  check(
    base,
    [
      ["an empty currency", (r) => (r.payment_information.currency = ""), "/payment_information/currency"],
      [
        "an empty accepted_credit_cards array",
        (r) => (r.payment_information.accepted_credit_cards = []),
        "/payment_information/accepted_credit_cards",
      ],
      [
        "an empty card_name",
        (r) => (r.payment_information.accepted_credit_cards = [{ card_name: "" }]),
        "/payment_information/accepted_credit_cards/0/card_name",
      ],
      [
        "an empty card_type string",
        (r) => (r.payment_information.accepted_credit_cards = [{ card_name: "Visa", card_type: "" }]),
        "/payment_information/accepted_credit_cards/0/card_type",
      ],
      [
        "a numeric card_type",
        (r) => (r.payment_information.accepted_credit_cards = [{ card_name: "Visa", card_type: 1 }]),
        "/payment_information/accepted_credit_cards/0/card_type",
      ],
      [
        "a deposit of 0 (must be > 0)",
        (r) => (r.payment_information.fees.deposit.amount = 0),
        "/payment_information/fees/deposit/amount",
      ],
      [
        "a negative deposit",
        (r) => (r.payment_information.fees.deposit.amount = -5),
        "/payment_information/fees/deposit/amount",
      ],
      [
        "a lower-case deposit currency",
        (r) => (r.payment_information.fees.deposit.currency = "eur"),
        "/payment_information/fees/deposit/currency",
      ],
      [
        "an empty onsite currency",
        (r) => (r.payment_information.onsite_payments.currency = ""),
        "/payment_information/onsite_payments/currency",
      ],
      [
        "no onsite payment types",
        (r) => (r.payment_information.onsite_payments.types = []),
        "/payment_information/onsite_payments/types",
      ],
      [
        "a string creditcard_required",
        (r) => (r.payment_information.creditcard_required = "no"),
        "/payment_information/creditcard_required",
      ],
    ],
    false,
  );
  check(
    base,
    [
      [
        "a null card_type",
        (r) => (r.payment_information.accepted_credit_cards = [{ card_name: "JCB", card_type: null }]),
      ],
      [
        "a deposit of 0.01",
        (r) =>
          (r.payment_information.fees.deposit = {
            amount: 0.01,
            currency: "EUR",
            description: { en: "Damage deposit" },
          }),
      ],
      ["a free-text payment currency (only min length in the spec)", (r) => (r.payment_information.currency = "euro")],
    ],
    true,
  );
});

describe("descriptions and legal", () => {
  const members = [
    "overall",
    "business_amenities",
    "rooms",
    "attractions",
    "location",
    "headline",
    "amenities",
    "dining",
    "renovations",
    "national_ratings",
  ];
  check(
    () => ({ ...minimal(), descriptions: {}, legal: {} }),
    [
      ...members.map((m): Case => [
        `an empty descriptions.${m}.en`,
        (r) => (r.descriptions[m] = { en: "" }),
        `/descriptions/${m}/en`,
      ]),
      ...["license", "registry_number", "tax_id"].map((m): Case => [
        `an empty legal.${m}`,
        (r) => (r.legal[m] = ""),
        `/legal/${m}`,
      ]),
    ],
    false,
  );
  check(
    () => ({ ...minimal(), descriptions: {} }),
    [["HTML inside a description", (r) => (r.descriptions.overall = { en: "<p>Pool<br><strong>Spa" })]],
    true,
  );
});

describe("vr_details", () => {
  const base = () => ({
    ...minimal(),
    vr_details: {
      bathrooms: {},
      bedrooms: {},
      house_rules: { child_rules: {} },
      property_size: {},
      property_manager: {},
    } as Record<string, any>,
  });
  check(
    base,
    [
      ["bathrooms.count -1", (r) => (r.vr_details.bathrooms.count = -1), "/vr_details/bathrooms/count"],
      ["bedrooms.count 0 (must be > 0)", (r) => (r.vr_details.bedrooms.count = 0), "/vr_details/bedrooms/count"],
      ["empty bed_types", (r) => (r.vr_details.bedrooms.bed_types = []), "/vr_details/bedrooms/bed_types"],
      ["an empty bed type", (r) => (r.vr_details.bedrooms.bed_types = [""]), "/vr_details/bedrooms/bed_types/0"],
      [
        "a string children_permitted",
        (r) => (r.vr_details.house_rules.child_rules.children_permitted = "yes"),
        "/vr_details/house_rules/child_rules/children_permitted",
      ],
      [
        "child_rules null (only the other rules may be null)",
        (r) => (r.vr_details.house_rules.child_rules = null),
        "/vr_details/house_rules/child_rules",
      ],
      ["max_occupancy 0", (r) => (r.vr_details.max_occupancy = 0), "/vr_details/max_occupancy"],
      ["max_occupancy 2.5", (r) => (r.vr_details.max_occupancy = 2.5), "/vr_details/max_occupancy"],
      ["an empty size unit", (r) => (r.vr_details.property_size.units = ""), "/vr_details/property_size/units"],
      [
        "a string measurement",
        (r) => (r.vr_details.property_size.measurement = "40"),
        "/vr_details/property_size/measurement",
      ],
      ["an empty manager name", (r) => (r.vr_details.property_manager.name = ""), "/vr_details/property_manager/name"],
      [
        "a manager method outside enum M",
        (r) => (r.vr_details.property_manager.method = "SEND"),
        "/vr_details/property_manager/method",
      ],
      [
        "a manager href that is not a URI",
        (r) => (r.vr_details.property_manager.href = "call us"),
        "/vr_details/property_manager/href",
      ],
    ],
    false,
  );
  check(
    base,
    [
      ["bathrooms.count 0", (r) => (r.vr_details.bathrooms.count = 0)],
      ["bedrooms.count 0.5", (r) => (r.vr_details.bedrooms.count = 0.5)],
      [
        "null party, pet and smoking rules",
        (r) =>
          Object.assign(r.vr_details.house_rules, { party_or_event_rules: null, pet_rules: null, smoking_rules: null }),
      ],
      ["max_occupancy null", (r) => (r.vr_details.max_occupancy = null)],
      ["max_occupancy 1", (r) => (r.vr_details.max_occupancy = 1)],
    ],
    true,
  );
});

describe("mappings and updated_at", () => {
  check(
    minimal,
    [
      ["a mapping key that is not three capitals", (r) => (r.mappings = { EXP: "1", Booking: "2" }), "/mappings"],
      ["a four-letter mapping key", (r) => (r.mappings = { EXPE: "1" }), "/mappings"],
      ["an empty mapping value", (r) => (r.mappings = { EXP: "" }), "/mappings/EXP"],
      ["a numeric mapping value", (r) => (r.mappings = { EXP: 12 }), "/mappings/EXP"],
      ["an ISO 8601 updated_at", (r) => (r.updated_at = "2024-01-02T10:11:12.123Z"), "/updated_at"],
      ["updated_at without milliseconds", (r) => (r.updated_at = "2024-01-02 10:11:12 Z"), "/updated_at"],
      ["updated_at without the Z", (r) => (r.updated_at = "2024-01-02 10:11:12.123"), "/updated_at"],
    ],
    false,
  );
  check(
    minimal,
    [
      ["mappings EXP and BKG", (r) => (r.mappings = { EXP: "1", BKG: "2" })],
      ["empty mappings", (r) => (r.mappings = {})],
      ["updated_at as the spec writes it", (r) => (r.updated_at = "2024-01-02 10:11:12.123 Z")],
      ["any character in place of the dot (pattern as written)", (r) => (r.updated_at = "2024-01-02 10:11:12,123 Z")],
    ],
    true,
  );
});
