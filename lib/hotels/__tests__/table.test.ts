import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HotelTable, type CatalogHotel } from "../table";

const hotelArb = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:~-]{0,20}$/),
  // Any text: accents, CJK, emoji and lone surrogates (packed as U+FFFD, as the table always does).
  name: fc.string({ unit: "binary", maxLength: 40 }),
  city: fc.option(fc.string({ unit: "grapheme", maxLength: 12 }), { nil: null }),
  country: fc.constantFrom("FR", "DE", "JP", "BR"),
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lon: fc.double({ min: -180, max: 180, noNaN: true }),
  propertyType: fc.option(fc.constantFrom("hotel", "apartment", "hostel"), { nil: null }),
  petFriendly: fc.option(fc.boolean(), { nil: null }),
  vacationRental: fc.option(fc.boolean(), { nil: null }),
});

const rows = (t: HotelTable) => Array.from({ length: t.size }, (_, i) => t.hotel(i));

/** Two hotels with every kind of value: accents and CJK, a missing city and type, flags true, false and unknown. */
const twoHotels = (): HotelTable =>
  HotelTable.from([
    {
      id: "A1",
      name: "Hôtel Ämber",
      city: "Paris",
      country: "FR",
      lat: 48.8,
      lon: 2.3,
      propertyType: "hotel",
      petFriendly: true,
      vacationRental: null,
    },
    {
      id: "B2",
      name: "旅館",
      city: null,
      country: "JP",
      lat: 35.6,
      lon: 139.7,
      propertyType: null,
      petFriendly: null,
      vacationRental: false,
    },
  ]);

describe("a hotel table saved as parts", () => {
  it("reads back row for row, whatever the part size (parts cut through columns and the header)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(hotelArb, { selector: (h) => h.id, maxLength: 60 }),
        fc.integer({ min: 1, max: 4096 }),
        (hotels: CatalogHotel[], partBytes) => {
          const table = HotelTable.from(hotels);
          const parts = [...table.toParts(partBytes)];
          expect(parts.every((p) => p.length <= partBytes && p.length > 0)).toBe(true);
          const back = HotelTable.fromParts(parts);
          expect(rows(back)).toEqual(rows(table));
          expect(back.byteLength).toBe(table.byteLength);
          for (let i = 0; i < table.size; i++) expect(back.find(table.id(i))).toBe(i);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses parts that are cut off, reordered or of another format", () => {
    const table = twoHotels();
    const parts = [...table.toParts(64)];
    expect(parts.length).toBeGreaterThan(3);
    expect(() => HotelTable.fromParts(parts.slice(0, -1))).toThrow();
    expect(() => HotelTable.fromParts([...parts].reverse())).toThrow();
    const other = Buffer.concat(parts);
    other.write('{"version":7,', 4);
    expect(() => HotelTable.fromParts([other])).toThrow(/format/);
    expect(() => HotelTable.fromParts([])).toThrow();
    expect(() => table.toParts(0)).toThrow(RangeError);
  });

  it("refuses a header whose lengths or codes do not fit its columns (a damaged row, another layout)", () => {
    const table = twoHotels();
    const whole = Buffer.concat([...table.toParts()]);
    const headerLength = whole.readUInt32LE(0);
    const header = JSON.parse(whole.toString("utf8", 4, 4 + headerLength)) as Record<string, unknown>;
    const columns = whole.subarray(Math.ceil((4 + headerLength) / 8) * 8);
    /** The same columns under another header. */
    const withHeader = (changed: Record<string, unknown>) => {
      const text = Buffer.from(JSON.stringify({ ...header, ...changed }));
      const head = Buffer.alloc(Math.ceil((4 + text.length) / 8) * 8);
      head.writeUInt32LE(text.length, 0);
      text.copy(head, 4);
      return () => HotelTable.fromParts([head, columns]);
    };
    expect(withHeader({})).not.toThrow();
    const lengths = header.lengths as number[];
    expect(withHeader({ lengths: lengths.slice(0, -1) })).toThrow(/shape/);
    expect(withHeader({ lengths: [-8, ...lengths.slice(1)] })).toThrow(/cut off/);
    expect(withHeader({ rows: 3 })).toThrow(/another length|out of order/);
    // A country code beyond the dictionary: the dictionary lost an entry.
    expect(withHeader({ countries: ["FR"] })).toThrow(/code out of range/);
    expect(withHeader({ cities: "Paris" })).toThrow(/shape/);
  });
});
