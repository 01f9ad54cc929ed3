import { describe, expect, it } from "vitest";
import { searchHref } from "../links";
import { parseSearchQuery } from "../params";
import { addDays, earliestCheckIn, nightsBetween, parseStay, STAY_MAX_NIGHTS, stayParams, withStay } from "../stay";

/** A fixed "now": 2026-03-10 at 08:00 UTC (still 2026-03-09 in UTC−12 until 12:00 UTC). */
const NOW = new Date("2026-03-10T08:00:00Z");

describe("the stay (checkIn, checkOut, rooms)", () => {
  it("keeps a valid stay, rooms normalised", () => {
    expect(parseStay({ checkIn: "2026-04-01", checkOut: "2026-04-03", rooms: "2-04,1" }, NOW)).toEqual({
      stay: { checkIn: "2026-04-01", checkOut: "2026-04-03", rooms: "2-4,1" },
      asked: { checkIn: "2026-04-01", checkOut: "2026-04-03", rooms: "2-4,1" },
      problems: [],
    });
  });

  it("keeps every room of a long but valid choice (the picker makes up to 159 characters)", () => {
    const three = "2-10-10-10-10-10-1,2-10-10-10-10-10-10,2-12";
    expect(parseStay({ rooms: three }).stay.rooms).toBe(three);
    const full = Array(8).fill("8-17-17-17-17-17-17").join(",");
    expect(full.length).toBe(159);
    expect(parseStay({ rooms: full })).toMatchObject({ stay: { rooms: full }, problems: [] });
    expect(parseStay({ rooms: `${full},2` }).problems).toEqual(["invalidRooms"]);
    expect(parseStay({ rooms: "2,".repeat(5000) + "2" }).problems).toEqual(["invalidRooms"]);
  });

  it("treats empty values (an untouched form) as nothing chosen", () => {
    expect(parseStay({ checkIn: "", checkOut: " ", rooms: "" }, NOW)).toEqual({ stay: {}, asked: {}, problems: [] });
    expect(parseStay({}, NOW)).toEqual({ stay: {}, asked: {}, problems: [] });
  });

  it("says check-out before (or on) check-in, and drops the dates from links but keeps them to correct", () => {
    for (const checkOut of ["2026-03-31", "2026-04-01"]) {
      const parsed = parseStay({ checkIn: "2026-04-01", checkOut }, NOW);
      expect(parsed.problems).toEqual(["checkOutBeforeCheckIn"]);
      expect(parsed.stay).toEqual({});
      expect(parsed.asked).toEqual({ checkIn: "2026-04-01", checkOut });
    }
  });

  it("allows today anywhere on Earth: a check-in is past only once UTC−12 has left that date", () => {
    expect(earliestCheckIn(NOW)).toBe("2026-03-09");
    expect(earliestCheckIn(new Date("2026-03-10T12:00:00Z"))).toBe("2026-03-10");
    // 08:00 UTC: already the 10th in Europe, still the 9th on Baker Island (UTC−12) — the 9th is somebody's today.
    expect(parseStay({ checkIn: "2026-03-09", checkOut: "2026-03-10" }, NOW).problems).toEqual([]);
    expect(parseStay({ checkIn: "2026-03-08", checkOut: "2026-03-10" }, NOW).problems).toEqual(["pastDate"]);
    expect(parseStay({ checkIn: "2025-12-31", checkOut: "2025-12-30" }, NOW).problems).toEqual([
      "pastDate",
      "checkOutBeforeCheckIn",
    ]);
  });

  it(`allows at most ${STAY_MAX_NIGHTS} nights`, () => {
    expect(STAY_MAX_NIGHTS).toBe(30);
    const checkIn = "2026-12-20";
    expect(parseStay({ checkIn, checkOut: addDays(checkIn, 30) }, NOW).problems).toEqual([]);
    expect(addDays(checkIn, 30)).toBe("2027-01-19");
    expect(nightsBetween(checkIn, "2027-01-19")).toBe(30);
    expect(parseStay({ checkIn, checkOut: addDays(checkIn, 31) }, NOW).problems).toEqual(["tooLong"]);
  });

  it("names dates that are not real, half a stay and unreadable rooms", () => {
    for (const bad of ["2026-02-30", "2026-4-1", "tomorrow", "0999-01-01", "2026-04-01T00:00", "+2026-04-01"])
      expect(parseStay({ checkIn: bad, checkOut: "2026-04-05" }, NOW).problems, bad).toEqual(["invalidDate"]);
    expect(parseStay({ checkIn: "2026-04-01" }, NOW).problems).toEqual(["missingDate"]);
    expect(parseStay({ checkOut: "2026-04-01" }, NOW)).toMatchObject({
      problems: ["missingDate"],
      stay: {},
      asked: { checkOut: "2026-04-01" },
    });
    for (const bad of ["0", "9", "2-18", "2,", "a", "1,1,1,1,1,1,1,1,1", "2-1-1-1-1-1-1-1"])
      expect(parseStay({ rooms: bad }, NOW), bad).toEqual({ stay: {}, asked: {}, problems: ["invalidRooms"] });
  });

  it("builds links with the stay, dates only as a pair", () => {
    expect(stayParams({ rooms: "2,1", checkIn: "2026-04-01", checkOut: "2026-04-03" }).toString()).toBe(
      "rooms=2%2C1&checkIn=2026-04-01&checkOut=2026-04-03",
    );
    expect(stayParams({ checkIn: "2026-04-01" }).toString()).toBe("");
    expect(withStay("/hotels/H%201", { rooms: "3" })).toBe("/hotels/H%201?rooms=3");
    expect(withStay("/search?placeId=x", { checkIn: "2026-04-01", checkOut: "2026-04-02" })).toBe(
      "/search?placeId=x&checkIn=2026-04-01&checkOut=2026-04-02",
    );
    expect(withStay("/hotels/H1", {})).toBe("/hotels/H1");
  });

  it("carries the stay of the results page into its links and says what was wrong with the URL's", () => {
    const q = parseSearchQuery(
      { placeId: "abcdefgh23456", rooms: "2-5", checkIn: "2026-04-01", checkOut: "2026-04-04", page: "2" },
      NOW,
    );
    expect(searchHref(q, { page: 3 })).toBe(
      "/search?placeId=abcdefgh23456&page=3&rooms=2-5&checkIn=2026-04-01&checkOut=2026-04-04",
    );
    const bad = parseSearchQuery(
      { placeId: "abcdefgh23456", rooms: "x", checkIn: "2026-04-01", checkOut: "2026-06-01" },
      NOW,
    );
    expect(bad.stayProblems).toEqual(["invalidRooms", "tooLong"]);
    expect(searchHref(bad)).toBe("/search?placeId=abcdefgh23456");
    // Repeated parameters: the first counts (a URL cannot make the parser throw).
    expect(parseSearchQuery({ checkIn: ["2026-04-01", "x"], checkOut: ["2026-04-02"] }, NOW).stay).toEqual({
      checkIn: "2026-04-01",
      checkOut: "2026-04-02",
    });
  });
});
