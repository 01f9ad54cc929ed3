import { describe, expect, it } from "vitest";
import { pagerItems, placeSearchHref, searchQueryParams } from "../links";

describe("search-results links", () => {
  it("link a place's results, with the stay when one is chosen", () => {
    expect(placeSearchHref("abcdefgh23456")).toBe("/search?placeId=abcdefgh23456");
    expect(placeSearchHref("abcdefgh23456", { rooms: "2-4,1", checkIn: "2030-01-01", checkOut: "2030-01-03" })).toBe(
      "/search?placeId=abcdefgh23456&rooms=2-4%2C1&checkIn=2030-01-01&checkOut=2030-01-03",
    );
    // Dates only as a pair (lib/search/stay.ts).
    expect(placeSearchHref("abcdefgh23456", { checkIn: "2030-01-01" })).toBe("/search?placeId=abcdefgh23456");
  });

  it("write a search's query: the place before the typed words, filters off their defaults left out", () => {
    // No sort: the place's default order, not pinned in the link.
    const filters = { petFriendly: false, vacationRental: false, page: 1 } as const;
    expect(searchQueryParams({ q: "Paris", filters }).toString()).toBe("q=Paris");
    expect(searchQueryParams({ placeId: "abcdefgh23456", q: "Paris", filters }).toString()).toBe(
      "placeId=abcdefgh23456",
    );
    expect(
      searchQueryParams({
        placeId: "abcdefgh23456",
        filters: { sort: "name", propertyType: "Bed & breakfast", petFriendly: true, vacationRental: true, page: 3 },
      }).toString(),
    ).toBe("placeId=abcdefgh23456&sort=name&type=Bed+%26+breakfast&pets=1&vr=1&page=3");
  });

  it("number the pages: first, last, the current one's neighbours, gaps for the rest", () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 12)).toEqual([1, 2, "gap", 12]);
    expect(pagerItems(5, 12)).toEqual([1, "gap", 4, 5, 6, "gap", 12]);
    // A gap of one page shows that page.
    expect(pagerItems(4, 12)).toEqual([1, 2, 3, 4, 5, "gap", 12]);
    expect(pagerItems(12, 12)).toEqual([1, "gap", 11, 12]);
  });
});
