import { beforeAll, describe, expect, it } from "vitest";
import { Gazetteer, countHotels, PlacesView, bundledPlaces } from "@/lib/places";
import { HotelCatalog, type CatalogHotel } from "../catalog";

/**
 * The destination box's suggestions over the real gazetteer (GeoNames cities and divisions, OurAirports, the curated
 * places: about 148 000), with hotels placed by hand: what a visitor typing a typo, an airport code or a name shared
 * by a prefecture and its city gets.
 */

const hotel = (id: string, lat: number, lon: number, country: string, city: string): CatalogHotel => ({
  id,
  name: `${city} Stay ${id}`,
  city,
  country,
  lat,
  lon,
  propertyType: "Hotel",
  petFriendly: null,
  vacationRental: null,
});

let catalog: HotelCatalog;

beforeAll(() => {
  const gazetteer = new Gazetteer(bundledPlaces());
  const hotels = [
    // Central Paris (none within 10 km of Charles de Gaulle, 23 km out).
    ...Array.from({ length: 5 }, (_, i) => hotel(`P${i}`, 48.8566 + i * 0.002, 2.3522, "FR", "Paris")),
    // Central Tokyo: they count for the city and for its prefecture.
    ...Array.from({ length: 3 }, (_, i) => hotel(`T${i}`, 35.6895 + i * 0.002, 139.6917, "JP", "Tokyo")),
    // Beside Haneda: the airport has hotels of its own.
    hotel("H0", 35.55, 139.78, "JP", "Tokyo"),
  ];
  catalog = new HotelCatalog(new PlacesView(gazetteer, countHotels(gazetteer, hotels)), hotels);
}, 120_000);

describe("suggestions over the real gazetteer", () => {
  it('finds Paris for "Pariss" (one typo), as a city of Île-de-France', () => {
    const [first] = catalog.suggest("Pariss", "en").places;
    expect(first).toMatchObject({ name: "Paris", match: "spelling", hotelsCnt: 5 });
    expect(first!.place.category).toBe("city");
    expect(first!.division?.name).toBe("Île-de-France");
  });

  it('leads "CDG" to the hotels nearest Charles de Gaulle, naming the airport', () => {
    const [first] = catalog.suggest("CDG", "en").places;
    expect(first).toMatchObject({ match: "iata", name: "Paris" });
    expect(first!.airport?.name).toMatch(/Charles de Gaulle/);
    expect(first!.airport?.altNames?.[0]).toBe("CDG");
  });

  it('offers Haneda itself for "hnd": hotels count for it', () => {
    const [first] = catalog.suggest("hnd", "en").places;
    expect(first).toMatchObject({ match: "iata" });
    expect(first!.place.category).toBe("airport");
    expect(first!.place.name).toMatch(/Haneda/);
  });

  it("tells Tokyo the prefecture from Tokyo the city in the prefecture", () => {
    const tokyo = catalog.suggest("Tokyo", "en").places.filter((p) => p.name === "Tokyo");
    expect(tokyo.map((p) => p.place.category).sort()).toEqual(["adminDivision", "city"]);
    const city = tokyo.find((p) => p.place.category === "city")!;
    expect(city.division?.name).toBe("Tokyo");
    expect(tokyo.find((p) => p.place.category === "adminDivision")!.division).toBeUndefined();
  });
});
