import { describe, expect, it } from "vitest";
import { BrandRegistry, demoBrands } from "@/lib/brands/node";
import type { HotelExportRecord } from "@/lib/hotels";
import { hotelJsonLd, scriptSafeJson } from "../hotel-json-ld";
import { absoluteHttpUrl, canonicalPath, indexable, pageUrls } from "../urls";
import { brandPageMetadata } from "../metadata";
import { loadVocabulary, validateNode } from "./schema-org";

const brand = BrandRegistry.parse(JSON.stringify(demoBrands), "demo").get("aurora")!;
const vocabulary = loadVocabulary();

const record: HotelExportRecord = {
  id: "H-1",
  name: { en: "Harbour </script><script>alert(1)</script> Inn" },
  location: {
    address: { en: "1 Quay Street" },
    coordinates: { latitude: 53.35, longitude: -6.26 },
    country_code: "IE",
    city: "Dublin",
    state_province: "Leinster",
  },
  check_in: { begin_time: "15:00", end_time: "23:00" },
  check_out: { end_time: "11:00" },
  is_pet_friendly: true,
  spoken_languages: ["en", "ga"],
  descriptions: { headline: { en: "By the sea" } },
} as HotelExportRecord;

const ld = hotelJsonLd({
  record,
  language: "en",
  name: "Harbour Inn",
  url: "http://brand-a.localhost:3000/hotels/H-1",
  images: ["http://brand-a.localhost:3000/sample-images/w/1600/room-1.svg"],
});

describe("Hotel JSON-LD", () => {
  it("says what the record holds, in schema.org's words", () => {
    expect(ld).toMatchObject({
      "@type": "Hotel",
      address: { "@type": "PostalAddress", addressLocality: "Dublin", addressCountry: "IE" },
      geo: { "@type": "GeoCoordinates", latitude: 53.35, longitude: -6.26 },
      checkinTime: "15:00",
      checkoutTime: "11:00",
      petsAllowed: true,
    });
    expect(ld).not.toHaveProperty("telephone");
    expect(ld).not.toHaveProperty("starRating");
  });

  it("validates against schema.org's vocabulary: types, properties for the type, value ranges", () => {
    expect(vocabulary.classes.size).toBeGreaterThan(700);
    expect(validateNode(vocabulary, ld)).toEqual([]);
  });

  it("the validator catches what is wrong (an unknown type, a foreign property, a value out of range)", () => {
    expect(validateNode(vocabulary, { "@type": "Hotell" })).toEqual(["$: unknown @type Hotell"]);
    expect(validateNode(vocabulary, { "@type": "Hotel", recipeYield: "4" })).toEqual([
      "$.recipeYield: not a property of Hotel",
    ]);
    expect(validateNode(vocabulary, { "@type": "Hotel", petsAllowed: 3 })).toEqual([
      "$.petsAllowed: 3 does not fit petsAllowed",
    ]);
    expect(validateNode(vocabulary, { "@type": "Hotel", geo: { "@type": "PostalAddress" } })).toEqual([
      "$.geo: PostalAddress is not in the range of geo",
    ]);
    expect(validateNode(vocabulary, { "@type": "Hotel", checkinTime: "3pm" })).toHaveLength(1);
  });

  it("leaves out times that are not times of day", () => {
    const odd = hotelJsonLd({
      ...{ record: { ...record, check_in: { begin_time: "25:99" } } },
      language: "en",
      name: "x",
      url: "http://a.test/",
      images: [],
    });
    expect(odd).not.toHaveProperty("checkinTime");
    expect(odd).not.toHaveProperty("image");
  });

  it("is emitted so record text cannot end the script element", () => {
    const json = scriptSafeJson(hotelJsonLd({ record, language: "en", name: "</script><!--x", url: "u", images: [] }));
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json).name).toBe("</script><!--x");
  });
});

describe("canonical URLs and alternates", () => {
  it("keeps only the parameters that make the page (a well-formed placeId, page) and drops the rest", () => {
    expect(
      canonicalPath(
        "/search?placeId=abcdefghijklm&sort=name&pets=1&checkIn=2030-01-01&checkOut=2030-01-03&rooms=2&source=p&label=x&utm_source=y&curr=USD&page=2",
      ),
    ).toBe("/search?placeId=abcdefghijklm&page=2");
    expect(canonicalPath("/search?q=Par&page=1")).toBe("/search");
    expect(canonicalPath(`/search?q=${"a".repeat(6000)}&placeId=abcdefghijklm`)).toBe("/search?placeId=abcdefghijklm");
    expect(canonicalPath("/search?placeId=../../x")).toBe("/search");
    expect(canonicalPath("/hotels/H-1?checkIn=2030-01-01&source=x&lang=de")).toBe("/hotels/H-1");
    expect(canonicalPath("//evil.example/x")).toBe("/");
    expect(canonicalPath("/search?page=0")).toBe("/search");
  });

  it("keeps typed searches out of the index: anybody's text is no page of the brand", () => {
    expect(brandPageMetadata(brand, "/search?q=cheap+pills", "en").robots).toEqual({ index: false, follow: true });
    expect(brandPageMetadata(brand, "/search", "en").robots).toEqual({ index: false, follow: true });
    expect(brandPageMetadata(brand, "/search?placeId=abcdefghijklm", "en").robots).toBeUndefined();
    expect(brandPageMetadata(brand, "/hotels/H-1", "en").robots).toBeUndefined();
    expect(indexable("/searching")).toBe(true);
  });

  it("gives each brand language its URL (lang=, none for the default) and x-default", () => {
    const urls = pageUrls(brand, "/hotels/H-1?source=x", "de");
    expect(urls.canonical).toBe("http://brand-a.localhost:3000/hotels/H-1?lang=de");
    expect(urls.languages).toEqual({
      en: "http://brand-a.localhost:3000/hotels/H-1",
      de: "http://brand-a.localhost:3000/hotels/H-1?lang=de",
      fr: "http://brand-a.localhost:3000/hotels/H-1?lang=fr",
      es: "http://brand-a.localhost:3000/hotels/H-1?lang=es",
      "x-default": "http://brand-a.localhost:3000/hotels/H-1",
    });
  });

  it("makes image URLs absolute on the canonical origin, and refuses what is not http(s)", () => {
    expect(absoluteHttpUrl(brand, "/sample-images/room-1.svg")).toBe(
      "http://brand-a.localhost:3000/sample-images/room-1.svg",
    );
    expect(absoluteHttpUrl(brand, "https://cdn.example/a.jpg")).toBe("https://cdn.example/a.jpg");
    expect(absoluteHttpUrl(brand, "javascript:alert(1)")).toBeUndefined();
    expect(absoluteHttpUrl(brand, "data:image/png;base64,AAAA")).toBeUndefined();
  });
});
