import { describe, expect, it } from "vitest";
import { Gazetteer, countHotels, PlacesView } from "@/lib/places";
import { eastKm, northKm, place } from "@/lib/testing";
import { HotelCatalog, PAGE_SIZE, type CatalogHotel } from "../catalog";
import { searchHref } from "../links";
import { parseSearchQuery } from "../params";

const LAT = 48.8566;
const LON = 2.3522;
const france = place("france", "country", 46.6, 2.4);
const paris = place("Paris", "city", LAT, LON, { population: 2_000_000, names: { de: "Paris" }, admin1: "11" });
const tower = place("Eiffel Tower", "landmark", LAT, eastKm(LAT, LON, 1));
const parisAirport = place("Paris Orly Airport", "airport", northKm(LAT, -8), LON, { altNames: ["ORY"] });
const lyon = place("Lyon", "city", 45.76, 4.83, { population: 500_000 });
const ileDeFrance = place("Ile-de-France", "adminDivision", LAT, LON, { admin1: "11" });
/** 20 km east of Lyon: no hotel counts for it (10 km), so its code leads to Lyon. */
const lyonAirport = place("Lyon Saint-Exupery Airport", "airport", 45.76, eastKm(45.76, 4.83, 20), {
  altNames: ["LYS", "Satolas"],
});
/** Far from every hotel: its code suggests nothing. */
const brestAirport = place("Brest Bretagne Airport", "airport", 48.45, -4.42, { altNames: ["BES"] });
const gazetteer = new Gazetteer([france, paris, tower, parisAirport, lyon, ileDeFrance, lyonAirport, brestAirport]);

const TYPES = ["Hotel", "Apartment", "Hostel"];
/** 45 hotels spread east of Paris's centre (0.1 km apart) and 3 in Lyon; every third pet-friendly, every fifth a VR. */
const hotels: CatalogHotel[] = [
  ...Array.from({ length: 45 }, (_, i) => ({
    id: `P${String(i).padStart(2, "0")}`,
    name: `${["Zeta", "Alpha", "Mid"][i % 3]} Hotel ${i}`,
    city: "Paris",
    country: "FR",
    lat: LAT,
    lon: eastKm(LAT, LON, i * 0.1),
    propertyType: TYPES[i % 3]!,
    petFriendly: i % 3 === 0,
    vacationRental: i % 5 === 0 ? true : null,
  })),
  ...Array.from({ length: 3 }, (_, i) => ({
    id: `L${i}`,
    name: `Grand Lyon ${i}`,
    city: "Lyon",
    country: "FR",
    lat: 45.76,
    lon: 4.83 + i * 0.001,
    propertyType: "Hotel",
    petFriendly: false,
    vacationRental: null,
  })),
];
const view = new PlacesView(gazetteer, countHotels(gazetteer, hotels));
const catalog = new HotelCatalog(view, hotels);
const base = { sort: "distance" as const, page: 1 };

describe("HotelCatalog.search", () => {
  it("returns exactly the hotels the place's hotelsCnt counted", () => {
    // By hand: all 48 in France; Paris's area (19 km) holds its 45; the tower counts those within 2 km (0…3.0 km
    // east: 31); the airport 8 km south those within 10 km (all 45); Lyon its 3.
    const expected = new Map([
      [france, 48],
      [paris, 45],
      [tower, 31],
      [parisAirport, 45],
      [lyon, 3],
    ]);
    for (const [p, n] of expected) {
      const all = catalog.search(p.placeId, { ...base, page: 1 })!;
      expect([p.name, all.inPlace, all.total, view.hotelsCnt(p)]).toEqual([p.name, n, n, n]);
    }
    expect(catalog.search(france.placeId, base)!.total).toBe(48);
    expect(catalog.search(lyon.placeId, base)!.items.map((i) => i.hotel.id)).toEqual(["L0", "L1", "L2"]);
  });

  it("is undefined for a place the gazetteer does not have", () => {
    expect(catalog.search("aaaaaaaaaaaaa", base)).toBeUndefined();
  });

  it("sorts by distance from the place's centre, then by name", () => {
    const byDistance = catalog.search(paris.placeId, base)!;
    const km = byDistance.items.map((i) => i.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(byDistance.items[0]!.hotel.id).toBe("P00");
    const byName = catalog.search(paris.placeId, { ...base, sort: "name" })!;
    const names = byName.items.map((i) => i.hotel.name);
    expect(names[0]).toBe("Alpha Hotel 1");
    expect(names).toEqual([...names].sort(new Intl.Collator("en", { numeric: true }).compare));
  });

  it("pages by 20 and clamps the page to the last one", () => {
    const total = catalog.search(paris.placeId, base)!.total;
    const pages = Math.ceil(total / PAGE_SIZE);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const r = catalog.search(paris.placeId, { ...base, page })!;
      expect(r.pages).toBe(pages);
      for (const i of r.items) seen.add(i.hotel.id);
    }
    expect(seen.size).toBe(total);
    expect(catalog.search(paris.placeId, { ...base, page: 99 })!.page).toBe(pages);
  });

  it("filters by property type, pets and vacation rental, and offers the place's types with counts", () => {
    // Hotels are P00, P03, … (i % 3 = 0), and those are the pet-friendly ones: 15 of them.
    const r = catalog.search(paris.placeId, { ...base, propertyType: "Hotel", petFriendly: true })!;
    expect(r.total).toBe(15);
    for (const { hotel } of r.items) expect([hotel.propertyType, hotel.petFriendly]).toEqual(["Hotel", true]);
    // Vacation rentals: every fifth, P00, P05, … P40.
    const vr = catalog.search(paris.placeId, { ...base, vacationRental: true })!;
    expect(vr.items.map((i) => i.hotel.id)).toEqual(["P00", "P05", "P10", "P15", "P20", "P25", "P30", "P35", "P40"]);
    expect(r.propertyTypes).toEqual([
      { type: "Apartment", count: 15 },
      { type: "Hostel", count: 15 },
      { type: "Hotel", count: 15 },
    ]);
    expect(catalog.search(paris.placeId, { ...base, propertyType: "Castle" })!.total).toBe(0);
  });
});

describe("HotelCatalog.search's order and facets", () => {
  it("lists a country's hotels by popularity (the busiest town's first), a city's nearest its centre", () => {
    const country = catalog.search(france.placeId, { page: 1, pageSize: 48 })!;
    expect(country.sort).toBe("popular");
    // Paris has 45 hotels, Lyon 3: Paris's first, each town's nearest its own centre first.
    expect(country.items.map((i) => i.hotel.id)).toEqual([
      ...Array.from({ length: 45 }, (_, i) => `P${String(i).padStart(2, "0")}`),
      "L0",
      "L1",
      "L2",
    ]);
    // By distance from France's centre Lyon's would come first: that order is still there when asked for.
    const byDistance = catalog.search(france.placeId, { page: 1, sort: "distance" })!;
    expect(byDistance.items[0]!.hotel.id).toBe("L0");
    expect(catalog.search(ileDeFrance.placeId, { page: 1 })!.sort).toBe("popular");
    expect(catalog.search(paris.placeId, { page: 1 })!.sort).toBe("distance");
    expect(catalog.search(lyon.placeId, { page: 1, sort: "popular" })!.items.map((i) => i.hotel.id)).toEqual([
      "L0",
      "L1",
      "L2",
    ]);
  });

  it("counts each filter choice with the other filters applied, never its own", () => {
    // Nothing chosen: the place's own counts. Pets: i % 3 = 0 (15, all of type Hotel); rentals: i % 5 = 0 (9).
    expect(catalog.search(paris.placeId, base)!.facets).toEqual({
      propertyTypes: [
        { type: "Apartment", count: 15 },
        { type: "Hostel", count: 15 },
        { type: "Hotel", count: 15 },
      ],
      petFriendly: 15,
      vacationRental: 9,
    });
    // Pets chosen: types count only pet-friendly hotels, rentals too (i % 15 = 0: 3); pets ignores itself.
    expect(catalog.search(paris.placeId, { ...base, petFriendly: true })!.facets).toEqual({
      propertyTypes: [
        { type: "Apartment", count: 0 },
        { type: "Hostel", count: 0 },
        { type: "Hotel", count: 15 },
      ],
      petFriendly: 15,
      vacationRental: 3,
    });
    // Apartments chosen (i % 3 = 1): none pet-friendly, rentals P10, P25, P40; the types ignore the type filter.
    const apartments = catalog.search(paris.placeId, { ...base, propertyType: "Apartment" })!;
    expect(apartments.facets).toMatchObject({ petFriendly: 0, vacationRental: 3 });
    expect(apartments.facets.propertyTypes.map((t) => t.count)).toEqual([15, 15, 15]);
    // Every count is what choosing it would give.
    for (const t of apartments.facets.propertyTypes)
      expect(catalog.search(paris.placeId, { ...base, propertyType: t.type })!.total).toBe(t.count);
    expect(catalog.search(paris.placeId, { ...base, propertyType: "Apartment", vacationRental: true })!.total).toBe(3);
  });
});

describe("HotelCatalog.search's precomputed orders", () => {
  /** The naive search: every hotel of the place filtered, then sorted, then paged. */
  function naive(placeId: string, f: Parameters<HotelCatalog["search"]>[1]) {
    const p = gazetteer.get(placeId)!;
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    const km = (h: CatalogHotel) => Math.hypot(h.lat - p.lat, (h.lon - p.lon) * Math.cos((p.lat * Math.PI) / 180));
    const matching = hotels
      .filter((h) => catalog.search(placeId, { ...base, pageSize: 1000 })!.items.some((i) => i.hotel.id === h.id))
      .filter((h) => f.propertyType === undefined || h.propertyType === f.propertyType)
      .filter((h) => !f.petFriendly || h.petFriendly === true)
      .filter((h) => !f.vacationRental || h.vacationRental === true)
      .sort((a, b) =>
        f.sort === "name"
          ? collator.compare(a.name, b.name) || a.id.localeCompare(b.id)
          : km(a) - km(b) || a.id.localeCompare(b.id),
      );
    const size = f.pageSize ?? PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(matching.length / size));
    const page = Math.min(Math.max(1, f.page), pages);
    return { total: matching.length, pages, ids: matching.slice((page - 1) * size, page * size).map((h) => h.id) };
  }

  it("give the same hotels, in the same order, as filtering and sorting on every request would", () => {
    for (const p of [france, paris, tower, parisAirport, lyon]) {
      for (const sort of ["distance", "name"] as const) {
        for (const filters of [{}, { petFriendly: true }, { propertyType: "Hostel" }, { vacationRental: true }]) {
          for (const page of [1, 2, 3]) {
            const f = { sort, page, pageSize: 7, ...filters };
            const got = catalog.search(p.placeId, f)!;
            const want = naive(p.placeId, f);
            expect(
              { total: got.total, pages: got.pages, ids: got.items.map((i) => i.hotel.id) },
              `${p.name} ${JSON.stringify(f)}`,
            ).toEqual(want);
          }
        }
      }
    }
  });
});

describe("HotelCatalog.suggest", () => {
  it("finds places with hotels by any word's prefix, any language or code, most hotels first", () => {
    expect(catalog.suggest("par", "en").places.map((p) => p.place.name)).toEqual(["Paris", "Paris Orly Airport"]);
    expect(catalog.suggest("orly", "en").places.map((p) => p.place.name)).toEqual(["Paris Orly Airport"]);
    expect(catalog.suggest("ory", "en").places.map((p) => p.place.name)).toEqual(["Paris Orly Airport"]);
    expect(catalog.suggest("EIFFEL", "en").places[0]!.hotelsCnt).toBe(view.hotelsCnt(tower));
    expect(catalog.suggest("  ", "en")).toEqual({ places: [], hotels: [] });
  });

  it("finds hotels by any word of their name, in name order", () => {
    expect(catalog.suggest("lyon", "en").hotels.map((h) => h.id)).toEqual(["L0", "L1", "L2"]);
    expect(catalog.suggest("grand ly", "en").hotels).toHaveLength(3);
    expect(catalog.suggest("alpha", "en", { places: 5, hotels: 2 }).hotels.map((h) => h.name)).toEqual([
      "Alpha Hotel 1",
      "Alpha Hotel 4",
    ]);
  });

  it("tells each place's kind and division apart", () => {
    const places = catalog.suggest("i", "en").places;
    const division = places.find((p) => p.place === ileDeFrance)!;
    expect(division.division).toBeUndefined();
    const city = catalog.suggest("paris", "en").places.find((p) => p.place === paris)!;
    expect(city).toMatchObject({ match: "prefix", division: ileDeFrance, hotelsCnt: 45 });
  });

  it("tolerates a typo or two once four letters are typed, after the places that start with the text", () => {
    expect(catalog.suggest("pariss", "en").places.map((p) => [p.place.name, p.match])).toEqual([
      ["Paris", "spelling"],
      ["Paris Orly Airport", "spelling"],
    ]);
    expect(catalog.suggest("prais", "en").places.map((p) => p.place.name)).toContain("Paris");
    expect(catalog.suggest("lyno", "en").places.map((p) => p.place.name)).toEqual(["Lyon"]);
    expect(catalog.suggest("eifel tow", "en").places.map((p) => p.place.name)).toEqual(["Eiffel Tower"]);
    // Short texts are prefixes only; far spellings find nothing.
    expect(catalog.suggest("lyx", "en").places).toEqual([]);
    expect(catalog.suggest("marseille", "en").places).toEqual([]);
  });

  it("finds an airport by its IATA code, or the nearest town with hotels when the airport has none", () => {
    expect(catalog.suggest("ORY", "en").places[0]).toMatchObject({ place: parisAirport, match: "iata" });
    expect(catalog.suggest("lys", "en").places[0]).toMatchObject({
      place: lyon,
      match: "iata",
      airport: lyonAirport,
    });
    expect(catalog.suggest("BES", "en").places).toEqual([]);
  });

  it("lists popular cities by hotels", () => {
    expect(catalog.popular(2).map((p) => p.place.name)).toEqual(["Paris", "Lyon"]);
  });
});

describe("search page query", () => {
  it("keeps what is valid and ignores the rest", () => {
    const q = parseSearchQuery(
      {
        placeId: paris.placeId.toUpperCase(),
        sort: "price",
        page: "-3",
        pets: "1",
        type: "Hotel",
        rooms: "2-4,1",
        checkIn: "2026-12-01",
        checkOut: "2026-11-30",
      },
      new Date("2026-01-01T00:00:00Z"),
    );
    expect(q).toEqual({
      placeId: paris.placeId,
      q: undefined,
      filters: { sort: undefined, propertyType: "Hotel", petFriendly: true, vacationRental: false, page: 1 },
      stay: { rooms: "2-4,1" },
      stayAsked: { rooms: "2-4,1", checkIn: "2026-12-01", checkOut: "2026-11-30" },
      stayProblems: ["checkOutBeforeCheckIn"],
    });
    expect(parseSearchQuery({ placeId: "../etc", rooms: "99" })).toMatchObject({
      placeId: undefined,
      stay: {},
      stayProblems: ["invalidRooms"],
    });
  });

  it("builds result links that keep the stay and drop the partner's tracking parameters", () => {
    const q = parseSearchQuery(
      {
        placeId: paris.placeId,
        checkIn: "2026-12-01",
        checkOut: "2026-12-03",
        source: "p",
        label: "x",
      },
      new Date("2026-01-01T00:00:00Z"),
    );
    const href = searchHref(q, { page: 2, sort: "name" });
    expect(href).toBe(`/search?placeId=${paris.placeId}&sort=name&page=2&checkIn=2026-12-01&checkOut=2026-12-03`);
  });
});
