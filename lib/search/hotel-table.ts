/**
 * The published hotels as columns: what a serving process keeps of each hotel for the brand sites' search, in typed
 * arrays and packed strings rather than an object per hotel. A million hotel objects with their strings took about
 * 1.3 KB each; as columns they take about a tenth of that (bench:scale), which is what lets an instance hold
 * millions of hotels and start in seconds.
 */

import { GrowingArray, PackedStrings, PackedStringsBuilder } from "@/lib/columns";

/** What the search pages need of a published hotel (the record itself stays in the store). */
export interface CatalogHotel {
  id: string;
  name: string;
  city: string | null;
  country: string;
  lat: number;
  lon: number;
  propertyType: string | null;
  petFriendly: boolean | null;
  vacationRental: boolean | null;
}

/** A column of few distinct strings (countries, cities, property types): a code per row, each string once. */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
}

const NONE = -1;
const flagCode = (v: boolean | null) => (v === null ? NONE : v ? 1 : 0);
const flagValue = (v: number) => (v === NONE ? null : v === 1);

/** The hotels, row i being hotel i, in the byte order of their ids (ids are ASCII: the order of `<` too). */
export class HotelTable {
  constructor(
    readonly ids: PackedStrings,
    readonly names: PackedStrings,
    readonly lat: Float64Array,
    readonly lon: Float64Array,
    private readonly countryCodes: Uint16Array,
    private readonly countries: readonly string[],
    private readonly cityCodes: Int32Array,
    private readonly cities: readonly string[],
    private readonly typeCodes: Int16Array,
    private readonly types: readonly string[],
    private readonly pets: Int8Array,
    private readonly rentals: Int8Array,
  ) {}

  /** Builds a table from hotel objects (tests, benchmarks and small catalogs), sorting them by id. */
  static from(hotels: readonly CatalogHotel[]): HotelTable {
    const builder = new HotelTableBuilder(hotels.length);
    for (const h of [...hotels].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) builder.add(h);
    return builder.finish();
  }

  get size(): number {
    return this.lat.length;
  }

  id(i: number): string {
    return this.ids.get(i);
  }

  name(i: number): string {
    return this.names.get(i);
  }

  country(i: number): string {
    return this.countries[this.countryCodes[i]!]!;
  }

  propertyType(i: number): string | null {
    const code = this.typeCodes[i]!;
    return code === NONE ? null : this.types[code]!;
  }

  /** The property type's code (NONE: none): filters compare codes, not strings. */
  typeCode(i: number): number {
    return this.typeCodes[i]!;
  }

  typeOf(code: number): string {
    return this.types[code]!;
  }

  /** The code of a property type, NONE when no hotel has it. */
  codeOfType(type: string): number {
    return this.types.indexOf(type);
  }

  countryCode(i: number): number {
    return this.countryCodes[i]!;
  }

  codeOfCountry(country: string): number {
    return this.countries.indexOf(country);
  }

  petFriendly(i: number): boolean {
    return this.pets[i] === 1;
  }

  vacationRental(i: number): boolean {
    return this.rentals[i] === 1;
  }

  /** Row i as an object (for the hotels a page shows, not for every hotel). */
  hotel(i: number): CatalogHotel {
    const city = this.cityCodes[i]!;
    return {
      id: this.id(i),
      name: this.name(i),
      city: city === NONE ? null : this.cities[city]!,
      country: this.country(i),
      lat: this.lat[i]!,
      lon: this.lon[i]!,
      propertyType: this.propertyType(i),
      petFriendly: flagValue(this.pets[i]!),
      vacationRental: flagValue(this.rentals[i]!),
    };
  }

  /** The row of a hotel id, -1 when the table has none. */
  find(id: string): number {
    return this.ids.find(id);
  }

  /** Bytes held (the typed arrays and packed strings; the dictionaries are a few thousand strings). */
  get byteLength(): number {
    return (
      this.ids.byteLength +
      this.names.byteLength +
      this.lat.byteLength +
      this.lon.byteLength +
      this.countryCodes.byteLength +
      this.cityCodes.byteLength +
      this.typeCodes.byteLength +
      this.pets.byteLength +
      this.rentals.byteLength
    );
  }
}

/** Rows added one by one, in id order (the store reads them so), into growing columns. */
export class HotelTableBuilder {
  private readonly ids = new PackedStringsBuilder();
  private readonly names = new PackedStringsBuilder();
  private readonly lat: GrowingArray<Float64Array>;
  private readonly lon: GrowingArray<Float64Array>;
  private readonly countryCodes: GrowingArray<Uint16Array>;
  private readonly cityCodes: GrowingArray<Int32Array>;
  private readonly typeCodes: GrowingArray<Int16Array>;
  private readonly pets: GrowingArray<Int8Array>;
  private readonly rentals: GrowingArray<Int8Array>;
  private readonly countries = new Dictionary();
  private readonly cities = new Dictionary();
  private readonly types = new Dictionary();
  private lastId = "";

  constructor(expected = 1024) {
    this.lat = new GrowingArray(Float64Array, expected);
    this.lon = new GrowingArray(Float64Array, expected);
    this.countryCodes = new GrowingArray(Uint16Array, expected);
    this.cityCodes = new GrowingArray(Int32Array, expected);
    this.typeCodes = new GrowingArray(Int16Array, expected);
    this.pets = new GrowingArray(Int8Array, expected);
    this.rentals = new GrowingArray(Int8Array, expected);
  }

  get size(): number {
    return this.ids.length;
  }

  add(h: CatalogHotel): void {
    if (this.ids.length > 0 && !(h.id > this.lastId)) {
      throw new Error(`hotels must arrive in id order without repeats: ${h.id} after ${this.lastId}`);
    }
    this.lastId = h.id;
    this.ids.push(h.id);
    this.names.push(h.name);
    this.lat.push(h.lat);
    this.lon.push(h.lon);
    this.countryCodes.push(this.countries.code(h.country));
    this.cityCodes.push(h.city === null ? NONE : this.cities.code(h.city));
    this.typeCodes.push(h.propertyType === null ? NONE : this.types.code(h.propertyType));
    this.pets.push(flagCode(h.petFriendly));
    this.rentals.push(flagCode(h.vacationRental));
  }

  finish(): HotelTable {
    return new HotelTable(
      this.ids.finish(),
      this.names.finish(),
      this.lat.finish(),
      this.lon.finish(),
      this.countryCodes.finish(),
      this.countries.values,
      this.cityCodes.finish(),
      this.cities.values,
      this.typeCodes.finish(),
      this.types.values,
      this.pets.finish(),
      this.rentals.finish(),
    );
  }
}
