import { describe, expect, it } from "vitest";
import { compileHandoffTemplate, expandHandoff, type CompiledHandoff, type HandoffValues } from "../handoff";
import { BrandRegistry } from "../registry";
import demoBrands from "../demo-brands.json" with { type: "json" };

const compiled = (t: string): CompiledHandoff => {
  const c = compileHandoffTemplate(t);
  if (typeof c === "string") throw new Error(c);
  return c;
};

const values: HandoffValues = {
  hotelId: "HTL-0000001",
  mappings: { EXP: "82613536" },
  checkIn: "2027-06-12",
  checkOut: "2027-06-15",
  rooms: "2-4-9,1",
  currency: "GBP",
  language: "de",
  source: "aurora-partner",
  label: "hotel page",
};

describe("booking hand-off templates", () => {
  it("fill every placeholder, URL-encoded, on the template's own origin", () => {
    const c = compiled(
      "https://book.example.com/h/{mapping:EXP}?in={checkin}&out={checkout}&n={nights}&r={rooms}&a={adults}&c={children}&ages={childAges}&occ={occupancy}&cur={currency}&lang={lang}&aid={source}&label={label}&id={hotelId}",
    );
    const url = new URL(expandHandoff(c, values)!);
    expect(url.origin).toBe("https://book.example.com");
    expect(url.pathname).toBe("/h/82613536");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      in: "2027-06-12",
      out: "2027-06-15",
      n: "3",
      r: "2",
      a: "3",
      c: "2",
      ages: "4,9",
      occ: "2-4-9,1",
      cur: "GBP",
      lang: "de",
      aid: "aurora-partner",
      label: "hotel page",
      id: "HTL-0000001",
    });
    // Separators in values stay values: "," and " " are encoded, nothing can add a parameter or a segment.
    expect(expandHandoff(c, values)).toContain("occ=2-4-9%2C1&");
    expect(expandHandoff(c, { ...values, label: "x&evil=1#/../" })).toContain("label=x%26evil%3D1%23%2F..%2F&");
  });

  it("leave out a query parameter whose placeholders are all empty, keep literal ones", () => {
    const c = compiled("https://book.example.com/h/{hotelId}?in={checkin}&out={checkout}&partner=aurora&flag");
    expect(expandHandoff(c, { ...values, checkIn: undefined, checkOut: undefined })).toBe(
      "https://book.example.com/h/HTL-0000001?partner=aurora&flag",
    );
  });

  it("give no hand-off for a hotel without the mapping, or without a value the path needs", () => {
    expect(expandHandoff(compiled("https://b.example/h?id={mapping:BKG}"), values)).toBeUndefined();
    expect(expandHandoff(compiled("https://b.example/{checkin}/{hotelId}"), { ...values, checkIn: undefined })).toBe(
      undefined,
    );
    expect(expandHandoff(compiled("https://b.example/h#{mapping:EXP}"), values)).toBe("https://b.example/h#82613536");
  });

  it.each([
    ["http://book.example.com/{hotelId}", /https/],
    ["https://{hotelId}.example.com/", /host written out in full/],
    ["https://book.example.com{hotelId}/x", /host/],
    ["https://user:pw@book.example.com/{hotelId}", /host written out in full/],
    ["https://book.example.com/{hotel}", /unknown placeholder \{hotel\}/],
    ["https://book.example.com/{mapping:exp}", /unknown placeholder/],
    ["https://book.example.com/?{source}=1", /query parameter name/],
    ["https://book.example.com/{hotelId", /unmatched/],
    ["https://book.example.com/ {hotelId}", /spaces/],
    ["javascript:alert(1)//https://x", /https/],
    [`https://book.example.com/${"x".repeat(1000)}`, /longer than/],
  ])("refuse %s", (template, problem) => {
    expect(compileHandoffTemplate(template)).toMatch(problem);
  });

  it("are checked with the brand registry, the problem named with its path", () => {
    const brands = structuredClone(demoBrands) as { brands: Record<string, unknown>[] };
    brands.brands[1]!.handoff = { siteName: "X", urlTemplate: "https://{lang}.example.com/" };
    expect(() => BrandRegistry.parse(JSON.stringify(brands), "brands.json", {})).toThrow(
      /brands\.1\.handoff\.urlTemplate: the template must start with https:\/\//,
    );
    brands.brands[1]!.handoff = { siteName: "X", urlTemplate: "https://x.example/{hotelId}", extra: 1 };
    expect(() => BrandRegistry.parse(JSON.stringify(brands), "brands.json", {})).toThrow(/brands\.1\.handoff/);
  });

  it("the demo brands: Aurora hands off, Sakura does not", () => {
    const registry = BrandRegistry.parse(JSON.stringify(demoBrands), "(demo)", {});
    expect(registry.handoff(registry.get("aurora")!)?.siteName).toBe("Example Booking");
    expect(registry.handoff(registry.get("sakura")!)).toBeUndefined();
  });
});
