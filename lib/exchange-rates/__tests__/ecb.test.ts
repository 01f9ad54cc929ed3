import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "@/lib/testing";
import { convertAmount, isStale, parseEcbRates, readRatesFile, SAMPLE_RATES_FILE } from "../index";

const sample = fs.readFileSync(SAMPLE_RATES_FILE, "utf8");

describe("ECB reference rates", () => {
  it("read the shipped sample: its day, and units per euro for each currency", () => {
    const rates = parseEcbRates(sample);
    expect(rates.date).toBe("2026-11-25");
    expect(rates.perEuro.get("EUR")).toBe(1);
    expect(rates.perEuro.get("USD")).toBe(1.1572);
    expect(rates.perEuro.get("JPY")).toBe(181.12);
    expect(rates.perEuro.size).toBe(31);
  });

  it("convert through the euro, and not at all for a currency the file does not list", () => {
    const rates = parseEcbRates(sample);
    expect(convertAmount(rates, 100, "EUR", "USD")).toBeCloseTo(115.72, 6);
    expect(convertAmount(rates, 115.72, "USD", "EUR")).toBeCloseTo(100, 6);
    expect(convertAmount(rates, 1000, "JPY", "GBP")).toBeCloseTo((1000 / 181.12) * 0.87915, 6);
    expect(convertAmount(rates, 10, "AED", "EUR")).toBeUndefined();
  });

  it("take the latest day of a file with several (the 90-day and historic files)", () => {
    const two = sample.replace(
      "<Cube time='2026-11-25'>",
      "<Cube time='2026-11-24'><Cube currency='USD' rate='1.2'/></Cube><Cube time='2026-11-25'>",
    );
    const rates = parseEcbRates(two);
    expect([rates.date, rates.perEuro.get("USD")]).toEqual(["2026-11-25", 1.1572]);
  });

  it.each([
    ["not XML", "<<<", /not XML|ECB/],
    ["another document", "<html><body>Rates</body></html>", /not the ECB reference rates format/],
    ["a rate that is no number", sample.replace("rate='1.1572'", "rate='1,1572'"), /rate must be a decimal number/],
    ["a zero rate", sample.replace("rate='1.1572'", "rate='0'"), /rate must be positive/],
    ["a day that is no date", sample.replace("time='2026-11-25'", "time='25.11.2026'"), /time must be a day/],
  ])("refuse %s, saying why", (_what, xml, problem) => {
    expect(() => parseEcbRates(xml)).toThrow(problem);
  });

  it("name the file and the problem when it cannot be read", () => {
    const dir = tempDir("rates-");
    expect(() => readRatesFile(path.join(dir, "missing.xml"))).toThrow(
      /EXCHANGE_RATES_FILE .*missing\.xml: cannot be read/,
    );
    fs.writeFileSync(path.join(dir, "bad.xml"), "<html/>");
    expect(() => readRatesFile(path.join(dir, "bad.xml"))).toThrow(/bad\.xml: not the ECB/);
  });

  it("are stale once their day is more than the allowed days old (a long weekend is not)", () => {
    const rates = parseEcbRates(sample);
    expect(isStale(rates, new Date("2026-11-25T16:00:00Z"), 7)).toBe(false);
    expect(isStale(rates, new Date("2026-12-02T23:59:59Z"), 7)).toBe(false);
    expect(isStale(rates, new Date("2026-12-03T00:00:01Z"), 7)).toBe(true);
    expect(isStale(rates, new Date("2026-11-26T00:00:01Z"), 0)).toBe(true);
  });
});
