import { describe, expect, it } from "vitest";
import { brands } from "@/lib/brands/node";
import { handoffLink, judgeHandoff } from "../handoff";
import { trackingKeyFrom } from "../signature";

const key = trackingKeyFrom("unit-test-handoff-secret-000000000000001");
const aurora = brands().get("aurora")!;
const sakura = brands().get("sakura")!;
const hotel = { id: "HTL-0000042", mappings: { EXP: "82613536" } };
const now = new Date("2027-03-01T10:00:00Z");
const stay = { checkIn: "2027-06-12", checkOut: "2027-06-15", rooms: "2-7" };

const query = (link: string) => new URL(link, "http://brand-a.localhost").searchParams;

describe("the booking hand-off link and redirect", () => {
  it("links the hotel page to /rates with the stay, currency and language, signed", () => {
    const link = handoffLink(aurora, hotel, { stay, currency: "GBP", language: "de" }, key)!;
    expect(link).toMatch(/^\/rates\/HTL-0000042\?/);
    expect(Object.fromEntries(query(link))).toEqual({
      checkIn: "2027-06-12",
      checkOut: "2027-06-15",
      rooms: "2-7",
      curr: "GBP",
      lang: "de",
      sig: expect.stringMatching(/^[\w-]{22}$/),
    });
  });

  it("sends a signed link to the brand's booking site with every value filled in", () => {
    const link = handoffLink(aurora, hotel, { stay, currency: "GBP", language: "de" }, key)!;
    const { location, verdict } = judgeHandoff(aurora, hotel, query(link), { now, key });
    expect(verdict).toEqual({ kind: "handoff", brandId: "aurora", hotelId: "HTL-0000042", day: "2027-03-01" });
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe("https://booking.example/hotel/82613536");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      checkin: "2027-06-12",
      checkout: "2027-06-15",
      rooms: "1",
      adults: "2",
      children: "1",
      ages: "7",
      currency: "GBP",
      lang: "de",
      aid: "aurora-partner",
      label: "aurora-hotel-page",
    });
  });

  it("sends a changed or unsigned link back to the hotel page, counted apart", () => {
    const link = handoffLink(aurora, hotel, { stay, currency: "GBP", language: "de" }, key)!;
    for (const [param, value] of [
      ["curr", "USD"],
      ["checkIn", "2027-06-13"],
      ["rooms", "3"],
      ["sig", "A".repeat(22)],
    ] as const) {
      const q = query(link);
      q.set(param, value);
      const { location, verdict } = judgeHandoff(aurora, hotel, q, { now, key });
      expect(verdict, param).toEqual({ kind: "handoffUnverified", brandId: "aurora", day: "2027-03-01" });
      expect(location, param).toMatch(/^\/hotels\/HTL-0000042\?/);
    }
    const q = query(link);
    q.delete("sig");
    expect(judgeHandoff(aurora, hotel, q, { now, key }).location).toBe(
      "/hotels/HTL-0000042?rooms=2-7&checkIn=2027-06-12&checkOut=2027-06-15",
    );
    // Another brand's link signature does not open this brand's hand-off.
    expect(judgeHandoff(sakura, hotel, query(link), { now, key }).verdict.kind).toBe("handoffUnverified");
  });

  it("leaves out dates that have passed since the link was made, and keeps the rest", () => {
    const link = handoffLink(aurora, hotel, { stay, currency: "EUR", language: "fr" }, key)!;
    const later = new Date("2027-07-01T10:00:00Z");
    const { location, verdict } = judgeHandoff(aurora, hotel, query(link), { now: later, key });
    expect(verdict.kind).toBe("handoff");
    expect(location).toBe(
      "https://booking.example/hotel/82613536?rooms=1&adults=2&children=1&ages=7&currency=EUR&lang=fr&aid=aurora-partner&label=aurora-hotel-page",
    );
  });

  it("without dates or a rooms choice sends one room for two adults (spec §4.1 default)", () => {
    const link = handoffLink(aurora, hotel, { stay: {}, currency: "EUR", language: "en" }, key)!;
    expect(new URL(judgeHandoff(aurora, hotel, query(link), { now, key }).location).search).toBe(
      "?rooms=1&adults=2&children=0&currency=EUR&lang=en&aid=aurora-partner&label=aurora-hotel-page",
    );
  });

  it("offers no link for a brand without a template or a hotel without the mapping it needs", () => {
    expect(handoffLink(sakura, hotel, { stay, currency: "USD", language: "en" }, key)).toBeUndefined();
    expect(
      handoffLink(aurora, { id: "H1", mappings: { BKG: "1" } }, { stay, currency: "EUR", language: "en" }, key),
    ).toBeUndefined();
    expect(handoffLink(aurora, { id: "H1" }, { stay, currency: "EUR", language: "en" }, key)).toBeUndefined();
  });
});
