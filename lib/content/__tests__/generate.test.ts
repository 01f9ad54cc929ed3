import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateExport, nextDayExport } from "../generate";
import { LocalSource } from "../sync/sources";
import { decode, recordText, splitRecords } from "../sync/records";
import { createValidator } from "../validate";
import { SAMPLE_IMAGE_BASE } from "@/lib/hotels";
import { tempDir } from "@/lib/testing";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generated records are arbitrary nested JSON
async function readAll(dir: string): Promise<Record<string, any>[]> {
  const source = new LocalSource(dir);
  const out = [];
  for (const f of await source.listFiles())
    for await (const r of splitRecords(f.name, decode(f.name, source.read(f)))) out.push(JSON.parse(recordText(r)));
  return out;
}

describe("sample export generator", () => {
  it("is deterministic: the same seed gives the same bytes, another seed other content", async () => {
    const [a, b, c] = [tempDir(), tempDir(), tempDir()];
    await generateExport({ out: a, count: 200, seed: 5 });
    await generateExport({ out: b, count: 200, seed: 5 });
    await generateExport({ out: c, count: 200, seed: 6 });
    const read = (d: string) => fs.readFileSync(path.join(d, "hotels.jsonl"));
    expect(read(a).equals(read(b))).toBe(true);
    expect(read(a).equals(read(c))).toBe(false);
    expect(fs.existsSync(path.join(a, "schemas", "HotelFtpExport.json"))).toBe(true);
  });

  it("writes schema-valid, realistic records of about 4 KB with HTML, images and vacation-rental details", async () => {
    const dir = tempDir();
    const stats = await generateExport({ out: dir, count: 500, seed: 1, gzip: true, format: "json", files: 2 });
    expect(stats.files.map((f) => path.basename(f))).toEqual(["hotels-1.json.gz", "hotels-2.json.gz"]);
    const records = await readAll(dir);
    const validate = createValidator();
    expect(records.filter((r) => validate(r) !== null)).toEqual([]);
    expect(new Set(records.map((r) => r.id)).size).toBe(500);
    const avg = records.reduce((n, r) => n + JSON.stringify(r).length, 0) / records.length;
    expect(avg).toBeGreaterThan(3000);
    expect(avg).toBeLessThan(6000);
    expect(records.some((r) => r.vr_details && r.is_vr)).toBe(true);
    expect(records.some((r) => /<ul><li>/.test(r.policies.know_before_you_go.en))).toBe(true);
    expect(
      records.every((r) => r.images[0].hero_image === true && r.images[0].href.startsWith(SAMPLE_IMAGE_BASE)),
    ).toBe(true);
    // Images the demo shows are shipped with the app.
    for (const href of new Set(records.flatMap((r) => r.images.map((i: { href: string }) => i.href)))) {
      expect(fs.existsSync(path.join("public", "sample-images", href.slice(SAMPLE_IMAGE_BASE.length)))).toBe(true);
    }
  });

  it("derives a next-day export with changed, removed, new and a few invalid records", async () => {
    const day1 = tempDir();
    const day2 = tempDir();
    await generateExport({ out: day1, count: 1000, seed: 2 });
    const s = await nextDayExport({ from: day1, out: day2, seed: 3, invalid: 4 });
    const before = new Map((await readAll(day1)).map((r) => [r.id, r]));
    const after = await readAll(day2);
    const validate = createValidator();
    const invalid = after.filter((r) => validate(r) !== null);
    expect(invalid.length).toBe(4);
    expect(s).toMatchObject({ invalid: 4, records: after.length });
    const kept = after.filter((r) => before.has(r.id));
    const changed = kept.filter((r) => JSON.stringify(r) !== JSON.stringify(before.get(r.id)));
    expect(changed.length).toBe(s.changed + invalid.filter((r) => before.has(r.id)).length);
    expect(changed.filter((r) => validate(r) === null).every((r) => r.updated_at > before.get(r.id)!.updated_at)).toBe(
      true,
    );
    expect(before.size - kept.length).toBe(s.removed);
    expect(after.filter((r) => !before.has(r.id)).length).toBe(
      s.added + invalid.filter((r) => !before.has(r.id)).length,
    );
    expect(s.removed).toBeGreaterThan(0);
    expect(s.added).toBeGreaterThan(0);
    expect(s.changed).toBeGreaterThan(50);
  });
});
