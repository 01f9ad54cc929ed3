import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/http/node";
import { parseNearbyPlacesRequest, isIsoDate } from "../request";
import { parseRooms } from "../rooms";
import { PLACE_CATEGORIES } from "../types";

const base = { placeName: "Paris", currency: "EUR", language: "en", userCountry: "DE", userDevice: "desktop" };

function failure(body: unknown): AppError {
  try {
    parseNearbyPlacesRequest(body);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error(`expected ${JSON.stringify(body)} to be refused`);
}

function expectRefused(body: unknown, field: string, code = "INVALID_FIELD", message?: RegExp) {
  const e = failure(body);
  expect(e.status).toBe(400);
  const issue = (e.details as { field: string; code: string; message: string }[]).find((i) => i.field === field);
  expect(issue, `an issue for ${field} in ${JSON.stringify(e.details)}`).toBeDefined();
  expect(issue!.code).toBe(code);
  if (message) expect(issue!.message).toMatch(message);
}

describe("nearby-places request (spec §4.1)", () => {
  it("applies the defaults: radius 50, hits 10, all categories, rooms 2, a generated anonymousId", () => {
    const r = parseNearbyPlacesRequest(base);
    expect(r).toMatchObject({ radiusKm: 50, hits: 10, rooms: "2", currency: "EUR", language: "en" });
    expect(r.placeCategories).toEqual(PLACE_CATEGORIES);
    expect(r.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseNearbyPlacesRequest(base).anonymousId).not.toBe(r.anonymousId);
  });

  it("requires placeName or placeId, and placeId wins (placeName is then ignored, even when malformed)", () => {
    const rest: Record<string, unknown> = { ...base };
    delete rest.placeName;
    expectRefused(rest, "placeName", "MISSING_FIELD", /One of placeName or placeId/);
    const r = parseNearbyPlacesRequest({ ...rest, placeId: "abc", placeName: 42 });
    expect(r.placeId).toBe("abc");
    expect(r.placeName).toBeUndefined();
    expectRefused({ ...base, placeName: "   " }, "placeName", "INVALID_FIELD", /empty/);
    expectRefused({ ...base, placeName: "x".repeat(201) }, "placeName", "INVALID_FIELD", /200/);
    expect(parseNearbyPlacesRequest({ ...base, placeName: "é".repeat(200) }).placeName).toHaveLength(200);
  });

  it("radius: omitted or 0 gives 50, negative is rejected, the maximum is 1000, only integers", () => {
    expect(parseNearbyPlacesRequest({ ...base, radius: 0 }).radiusKm).toBe(50);
    expect(parseNearbyPlacesRequest({ ...base, radius: 1 }).radiusKm).toBe(1);
    expect(parseNearbyPlacesRequest({ ...base, radius: 1000 }).radiusKm).toBe(1000);
    expectRefused({ ...base, radius: -1 }, "radius", "INVALID_FIELD", /negative/);
    expectRefused({ ...base, radius: 1001 }, "radius", "INVALID_FIELD", /at most 1000/);
    expectRefused({ ...base, radius: 2.5 }, "radius", "INVALID_FIELD", /integer/);
    expectRefused({ ...base, radius: "50" }, "radius", "INVALID_FIELD", /integer/);
    expectRefused({ ...base, radius: null }, "radius", "INVALID_FIELD", /integer/);
  });

  it("hits: omitted or non-positive gives 10, the maximum is 1000", () => {
    expect(parseNearbyPlacesRequest({ ...base, hits: 0 }).hits).toBe(10);
    expect(parseNearbyPlacesRequest({ ...base, hits: -5 }).hits).toBe(10);
    expect(parseNearbyPlacesRequest({ ...base, hits: 1 }).hits).toBe(1);
    expect(parseNearbyPlacesRequest({ ...base, hits: 1000 }).hits).toBe(1000);
    expectRefused({ ...base, hits: 1001 }, "hits", "INVALID_FIELD", /at most 1000/);
    expectRefused({ ...base, hits: 1.5 }, "hits", "INVALID_FIELD", /integer/);
  });

  it("placeCategories: only the eight values, at least one", () => {
    expect(parseNearbyPlacesRequest({ ...base, placeCategories: ["city", "airport", "city"] }).placeCategories).toEqual(
      ["city", "airport"],
    );
    expectRefused({ ...base, placeCategories: ["city", "beach"] }, "placeCategories", "INVALID_FIELD", /"beach"/);
    expectRefused({ ...base, placeCategories: [] }, "placeCategories");
    expectRefused({ ...base, placeCategories: "city" }, "placeCategories");
    expectRefused({ ...base, placeCategories: ["City"] }, "placeCategories");
  });

  it("currency, language, userCountry and userDevice are required and must be real values", () => {
    for (const field of ["currency", "language", "userCountry", "userDevice"]) {
      const body: Record<string, unknown> = { ...base };
      delete body[field];
      expectRefused(body, field, "MISSING_FIELD");
    }
    expect(parseNearbyPlacesRequest({ ...base, currency: "jpy" }).currency).toBe("JPY");
    expectRefused({ ...base, currency: "EURO" }, "currency");
    expectRefused({ ...base, currency: "XYZ" }, "currency", "INVALID_FIELD", /ISO 4217/);
    // Letters that upper-case to ASCII ones (dotless i, long s) are not the code's letters.
    expectRefused({ ...base, currency: "ınr" }, "currency", "INVALID_FIELD", /ISO 4217/);
    expectRefused({ ...base, userCountry: "ſe" }, "userCountry", "INVALID_FIELD", /ISO 3166-1/);
    expect(parseNearbyPlacesRequest({ ...base, language: "pt-BR" }).language).toBe("pt");
    expect(parseNearbyPlacesRequest({ ...base, language: "DE" }).language).toBe("de");
    expectRefused({ ...base, language: "tlh" }, "language", "INVALID_FIELD", /one of: en, de/);
    expect(parseNearbyPlacesRequest({ ...base, userCountry: "fr" }).userCountry).toBe("FR");
    expectRefused({ ...base, userCountry: "XX" }, "userCountry", "INVALID_FIELD", /ISO 3166-1/);
    expectRefused({ ...base, userCountry: "DEU" }, "userCountry");
    for (const device of ["desktop", "tablet", "mobile"])
      expect(parseNearbyPlacesRequest({ ...base, userDevice: device }).userDevice).toBe(device);
    expectRefused({ ...base, userDevice: "phone" }, "userDevice", "INVALID_FIELD", /desktop, tablet, mobile/);
  });

  it("checkIn / checkOut: real dates YYYY-MM-DD, both or neither, check-out after check-in", () => {
    const r = parseNearbyPlacesRequest({ ...base, checkIn: "2027-02-28", checkOut: "2027-03-01" });
    expect([r.checkIn, r.checkOut]).toEqual(["2027-02-28", "2027-03-01"]);
    expectRefused({ ...base, checkIn: "2027-02-29", checkOut: "2027-03-02" }, "checkIn", "INVALID_FIELD", /real date/);
    expectRefused({ ...base, checkIn: "2027-1-05", checkOut: "2027-01-07" }, "checkIn");
    expectRefused({ ...base, checkIn: "2027-03-02", checkOut: "2027-03-02" }, "checkOut", "INVALID_FIELD", /after/);
    expectRefused({ ...base, checkIn: "2027-03-02" }, "checkOut", "MISSING_FIELD");
    expectRefused({ ...base, checkOut: "2027-03-02" }, "checkIn", "MISSING_FIELD");
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2100-02-29")).toBe(false);
  });

  it("rooms: the documented format, normalised, default 2", () => {
    expect(parseNearbyPlacesRequest({ ...base, rooms: "2-4-9,1" }).rooms).toBe("2-4-9,1");
    expect(parseNearbyPlacesRequest({ ...base, rooms: "02" }).rooms).toBe("2");
    expect(parseRooms("3")).toBe("3");
    for (const bad of ["0", "9", "2-18", "2 adults", "2,", "", "1,1,1,1,1,1,1,1,1", "2-1-1-1-1-1-1-1", "2;1"]) {
      expect(typeof parseRooms(bad), bad).toBe("object");
    }
    expectRefused({ ...base, rooms: 2 }, "rooms", "INVALID_FIELD", /string/);
    expectRefused({ ...base, rooms: "2-20" }, "rooms", "INVALID_FIELD", /0 to 17/);
  });

  it("anonymousId and label are kept as sent; control characters and oversized values are refused", () => {
    const r = parseNearbyPlacesRequest({ ...base, anonymousId: "visitor-42", label: "newsletter – Nov" });
    expect([r.anonymousId, r.label]).toEqual(["visitor-42", "newsletter – Nov"]);
    expectRefused({ ...base, anonymousId: "has space" }, "anonymousId");
    expectRefused({ ...base, anonymousId: "a".repeat(129) }, "anonymousId");
    expectRefused({ ...base, label: "line\nbreak" }, "label", "INVALID_FIELD", /control/);
    expectRefused({ ...base, label: "l".repeat(201) }, "label");
  });

  it("refuses unknown fields and non-object bodies, and lists every problem at once", () => {
    expectRefused({ ...base, radious: 10 }, "radious", "UNKNOWN_FIELD");
    for (const body of [null, [], "x", 3, true]) {
      const e = failure(body);
      expect([e.status, e.code]).toEqual([400, "INVALID_BODY"]);
    }
    const e = failure({ radius: -1, hits: 5000 });
    expect(e.field).toBe("placeName");
    expect((e.details as { field: string }[]).map((d) => d.field)).toEqual([
      "placeName",
      "radius",
      "hits",
      "currency",
      "language",
      "userCountry",
      "userDevice",
    ]);
    expect(e.message).toMatch(/and 6 more/);
  });
});
