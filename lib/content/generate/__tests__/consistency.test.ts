import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateExport, nextDayExport } from "../index";
import { tempDir } from "@/lib/testing";
import { convertAmount, parseEcbRates, SAMPLE_RATES_FILE } from "@/lib/exchange-rates";

type Rec = {
  id: string;
  name: { en: string };
  location: { city: string };
  is_pet_friendly: boolean;
  is_vr: boolean;
  payment_information: { fees: { optional: { en: string } } };
  vr_details?: { bedrooms: { count: number }; house_rules: { pet_rules: { pets_permitted: boolean } } };
  descriptions: { rooms: { en: string } };
};

const read = (dir: string): Rec[] =>
  fs
    .readFileSync(path.join(dir, "hotels.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Rec)
    .filter((r) => r.name && r.location);

/** Every fact the page shows about pets agrees, and a rental's rooms are its bedrooms. */
function consistent(r: Rec): string[] {
  const problems: string[] = [];
  const petFee = /Pet fee/.test(r.payment_information.fees.optional.en);
  if (petFee && !r.is_pet_friendly) problems.push("charges a pet fee but takes no pets");
  if (r.vr_details && r.vr_details.house_rules.pet_rules.pets_permitted !== r.is_pet_friendly)
    problems.push("house rules and is_pet_friendly disagree");
  if (
    r.vr_details &&
    !r.descriptions.rooms.en.includes(
      `${r.vr_details.bedrooms.count === 1 ? "one" : r.vr_details.bedrooms.count}-bedroom`,
    )
  )
    problems.push("rooms text does not match the bedrooms");
  if (!/<ul>(<li>[^<]*<\/li>)+<\/ul>/.test(r.payment_information.fees.optional.en))
    problems.push("fees list unbalanced");
  return problems.map((p) => `${r.id}: ${p}`);
}

describe("sample generator: what a traveller reads is coherent", () => {
  it("gives every property of a city its own name, also on the next day's new properties", async () => {
    const [day1, day2] = [tempDir(), tempDir()];
    // Four cities only, 2 000 properties: each drawn name comes up many times.
    await generateExport({ out: day1, count: 2000, seed: 11, countries: ["FR"] });
    await nextDayExport({ from: day1, out: day2, seed: 12, added: 0.3, invalid: 0 });
    for (const dir of [day1, day2]) {
      const seen = new Map<string, string>();
      for (const r of read(dir)) {
        const key = `${r.location.city}\t${r.name.en}`;
        expect(seen.get(key), `${r.id} and ${seen.get(key)}: ${r.name.en}`).toBeUndefined();
        seen.set(key, r.id);
      }
    }
    expect(
      read(day1).some((r) =>
        /\b(Main Street|Harbour Road|Market Square|Station Avenue|Church Lane|Park Boulevard|River Walk|Castle Hill|Ocean Drive|Garden Row)\b/.test(
          r.name.en,
        ),
      ),
    ).toBe(true);
  });

  it("charges a pet fee only where pets are welcome, and rentals' rules say the same, before and after a change", async () => {
    const [day1, day2] = [tempDir(), tempDir()];
    await generateExport({ out: day1, count: 1500, seed: 13 });
    await nextDayExport({ from: day1, out: day2, seed: 14, changed: 0.5, invalid: 0 });
    for (const dir of [day1, day2]) expect(read(dir).flatMap(consistent)).toEqual([]);
    const day1Records = read(day1);
    expect(day1Records.some((r) => /Pet fee/.test(r.payment_information.fees.optional.en))).toBe(true);
    expect(day1Records.some((r) => r.is_vr && r.vr_details && !r.is_pet_friendly)).toBe(true);
  });

  it("writes amounts in each currency's own scale: a city tax is a few euros' worth everywhere", async () => {
    const dir = tempDir();
    await generateExport({ out: dir, count: 1500, seed: 15 });
    const rates = parseEcbRates(fs.readFileSync(SAMPLE_RATES_FILE, "utf8"));
    const taxes = fs
      .readFileSync(path.join(dir, "hotels.jsonl"), "utf8")
      .trim()
      .split("\n")
      .flatMap((l) => {
        const m = /city tax of ([A-Z]{3}) ([\d.]+)/.exec(l);
        const euros = m && convertAmount(rates, Number(m[2]), m[1]!, "EUR");
        return euros === null || euros === undefined ? [] : [[m![1], euros] as const];
      });
    expect(new Set(taxes.map(([code]) => code)).size).toBeGreaterThan(15);
    for (const [code, euros] of taxes) {
      expect(euros, code).toBeGreaterThan(0.5);
      expect(euros, code).toBeLessThan(12);
    }
  });
});
