import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hotelIdFromPath, hotelIdProblem, hotelPath, isHotelId } from "../hotel-id";
import { textOnly } from "@/lib/hotels";

describe("the hotel id rule", () => {
  it("accepts the ids exports use", () => {
    for (const id of ["1", "12345", "HTL-0000123", "GIATA:12345", "hotel_12.b", "EXP:de:99~2", "a".repeat(200)])
      expect(hotelIdProblem(id), id).toBeUndefined();
  });

  it("refuses ids no link or page could carry as they are, naming what is wrong", () => {
    expect(hotelIdProblem('H"2')).toBe('may hold only letters A-Z and a-z, digits and - _ . : ~ (it holds """)');
    expect(hotelIdProblem("H<1")).toMatch(/\(it holds "<"\)$/);
    expect(hotelIdProblem("H(3")).toMatch(/\(it holds "\("\)$/);
    expect(hotelIdProblem("H 7")).toMatch(/\(it holds U\+0020\)$/);
    expect(hotelIdProblem("H\u00001")).toMatch(/\(it holds U\+0000\)$/);
    expect(hotelIdProblem("Hé")).toMatch(/\(it holds U\+00E9\)$/);
    expect(hotelIdProblem("H😀")).toMatch(/\(it holds U\+1F600\)$/);
    expect(hotelIdProblem(".")).toBe("must start with a letter or a digit");
    expect(hotelIdProblem("..")).toBe("must start with a letter or a digit");
    expect(hotelIdProblem("-1")).toBe("must start with a letter or a digit");
    expect(hotelIdProblem("H".repeat(201))).toBe("must be at most 200 characters");
    expect(hotelIdProblem("")).toBe("must be a non-empty string");
    for (const id of ["H/9", "H?1", "H#1", "H%2F", "H&1", "H[1]", "H+1", "H@1", "H\\1", "H'1", "H!1", "H*1"])
      expect(isHotelId(id), id).toBe(false);
  });

  it("round-trips every accepted id through a link's path segment to the page, and no reduction changes it", () => {
    const anyId = fc.oneof(
      fc.string({ unit: fc.constantFrom(..."Aa0Zz9-_.:~<\"()/%?# é!'*+@&[]\\"), minLength: 1, maxLength: 20 }),
      fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
    );
    fc.assert(
      fc.property(anyId, (id) => {
        if (!isHotelId(id)) return;
        // As a browser resolves the link: WHATWG URL parsing, then the path's last segment as the router hands it over.
        const url = new URL(hotelPath(id), "https://brand.example");
        const segment = url.pathname.split("/").at(-1)!;
        expect(url.pathname.split("/")).toHaveLength(3);
        expect(hotelIdFromPath(segment)).toBe(id);
        expect(hotelIdFromPath(id)).toBe(id); // a router that hands the segment over decoded
        expect(textOnly(id)).toBe(id);
      }),
      { numRuns: 5000 },
    );
  });

  it("finds no id in a segment that does not name one", () => {
    for (const segment of ["%E0%A4%A", "H%3C1", "H%221", "..", "%2E%2E", "H%2F9", ""])
      expect(hotelIdFromPath(segment), segment).toBeUndefined();
    expect(hotelIdFromPath("GIATA%3A12345")).toBe("GIATA:12345");
  });
});
