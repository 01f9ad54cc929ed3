import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_RATES_FILE } from "@/lib/exchange-rates";
import { loopbackFetch } from "@/lib/http/node";
import { startNearbyServer, type NearbyServer, tempDir } from "@/lib/testing";

const OPS_TOKEN = "handoff-operators-token-0001";

type Rec = {
  id: string;
  updated_at: string;
  mappings: { EXP: string };
  legal?: { license?: string };
  payment_information: { currency: string; fees: { mandatory?: { en: string } } };
};

let server: NearbyServer;
let records: Rec[];
let ratesFile: string;
beforeAll(async () => {
  // The shipped sample, dated today: its rates are in force whenever the test runs.
  ratesFile = path.join(tempDir("rates-"), "eurofxref-daily.xml");
  const today = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(ratesFile, fs.readFileSync(SAMPLE_RATES_FILE, "utf8").replace(/time='[\d-]+'/, `time='${today}'`));
  server = await startNearbyServer(300, { env: { OPS_TOKEN, EXCHANGE_RATES_FILE: ratesFile } });
  records = fs
    .readFileSync(path.join(server.exportDir, "hotels.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Rec);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const brandUrl = (brand: "brand-a" | "brand-b", p: string) => `http://${brand}.localhost:${server.port}${p}`;
const page = async (url: string, cookie?: string) => {
  const res = await loopbackFetch(url, cookie ? { headers: { cookie } } : {});
  expect(res.status, url).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};
const decode = (s: string) => s.replaceAll("&amp;", "&");
const ctaHref = (html: string) => decode(/href="([^"]+)"[^>]*data-testid="handoff-cta"/.exec(html)?.[1] ?? "");

describe("the booking hand-off in the built app", () => {
  it("a hotel page links to /rates with the chosen stay and currency; the redirect hands off and is counted", async () => {
    // A hotel in pounds, with a licence: its fees convert into the visitor's euros.
    const hotel = records.find((r) => r.payment_information.currency === "GBP" && r.legal?.license)!;
    expect(hotel).toBeDefined();
    const checkIn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkOut = new Date(Date.now() + 43 * 86_400_000).toISOString().slice(0, 10);
    const html = await page(
      brandUrl("brand-a", `/hotels/${hotel.id}?checkIn=${checkIn}&checkOut=${checkOut}&rooms=2-5&lang=de`),
      "curr=EUR",
    );

    // What a traveller reads: no other providers' ids, no raw timestamp, the day in German, a small Legal part.
    expect(html).not.toContain(hotel.mappings.EXP);
    expect(html).not.toContain(hotel.updated_at);
    expect(html).toMatch(/<dt>Zuletzt aktualisiert<\/dt><dd>\d{1,2}\. \p{L}+ \d{4}<\/dd>/u);
    expect(html).toMatch(/<section class="legal" aria-labelledby="legal"><h2 id="legal">Rechtliches<\/h2>/);
    expect(html).toContain(`<dd>${hotel.legal!.license}</dd>`);
    // Fees keep their own currency and gain "≈ … € (ca.)", with the rates' day named.
    const tax = /GBP ([\d.]+) per person/.exec(hotel.payment_information.fees.mandatory!.en)![1]!;
    const euros = (Number(tax) / 0.87915).toLocaleString("de", { style: "currency", currency: "EUR" });
    expect(html).toContain(`GBP ${tax} <small lang="de">≈ ${euros} (ca.)</small> per person`);
    expect(html).toMatch(/data-testid="rates-note">Ungefähre Umrechnung mit den Euro-Referenzkursen vom \d/);

    // The next step: the stay as it will be sent, and the signed link.
    expect(html).toMatch(/data-testid="handoff-summary">[^<]*3 Nächte · 1 Zimmer · 2 Erwachsene · 1 Kind · EUR</);
    const link = ctaHref(html);
    expect(link).toMatch(
      new RegExp(`^/rates/${hotel.id}\\?checkIn=${checkIn}&checkOut=${checkOut}&rooms=2-5&curr=EUR&lang=de&sig=`),
    );
    expect(html).toContain(">Preise bei Example Booking ansehen</a>");

    const res = await loopbackFetch(brandUrl("brand-a", link), { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `https://booking.example/hotel/${hotel.mappings.EXP}?checkin=${checkIn}&checkout=${checkOut}&rooms=1&adults=2&children=1&ages=5&currency=EUR&lang=de&aid=aurora-partner&label=aurora-hotel-page`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");

    // A link changed by hand goes back to the hotel page (same site, the stay kept), counted apart.
    const changed = await loopbackFetch(brandUrl("brand-a", link.replace("curr=EUR", "curr=USD")));
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe(
      `/hotels/${hotel.id}?rooms=2-5&checkIn=${checkIn}&checkOut=${checkOut}`,
    );

    const counts = async () => ({
      handoffs: (await server.store.db.selectFrom("handoffs").selectAll().execute()).map((r) => [
        r.brand_id,
        r.hotel_id,
        Number(r.count),
      ]),
      unverified: (await server.store.db.selectFrom("handoff_unverified_days").selectAll().execute()).map((r) => [
        r.brand_id,
        Number(r.count),
      ]),
    });
    await expect.poll(counts, { timeout: 10_000 }).toEqual({
      handoffs: [["aurora", hotel.id, 1]],
      unverified: [["aurora", 1]],
    });
    const ops = await fetch(`${server.url}/ops`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect((await ops.text()).replaceAll("<!-- -->", "")).toMatch(
      /data-testid="handoffs">.*<td>aurora<\/td><td>1<\/td><td>1<\/td><td>1<\/td>/s,
    );
  });

  it("a brand without a template says what the stay and currency are for, and has no /rates", async () => {
    const hotel = records[0]!;
    const html = await page(brandUrl("brand-b", `/hotels/${hotel.id}`));
    expect(html).not.toContain('data-testid="handoff-cta"');
    expect(html).toContain("Hotel details only: this site shows no prices and takes no bookings.");
    expect(html).toContain("Currency (USD): fees stated in another currency get an approximate conversion.");
    const home = await page(brandUrl("brand-b", "/"));
    expect(home).toMatch(/data-testid="stay-hint">Hotel details only/);
    const res = await loopbackFetch(brandUrl("brand-b", `/rates/${hotel.id}?sig=x`));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("answers an unknown or malformed hotel with a 404 naming the field, never a redirect", async () => {
    for (const id of ["HTL-9999999", "%3Cscript%3E", "-HTL-1", "a%2Fb"]) {
      const res = await loopbackFetch(brandUrl("brand-a", `/rates/${id}?sig=${"A".repeat(22)}`));
      expect(res.status, id).toBe(404);
      expect(res.headers.get("location"), id).toBeNull();
    }
    const res = await loopbackFetch(brandUrl("brand-a", "/rates/HTL-9999999"));
    expect(await res.json()).toMatchObject({ error: { code: "HOTEL_NOT_FOUND", field: "id" } });
  });
});
