/**
 * The published hotels as columns: what a serving process keeps of each hotel for the brand sites' search, in typed
 * arrays and packed strings rather than an object per hotel. A million hotel objects with their strings took about
 * 1.3 KB each; as columns they take about a tenth of that (bench:scale), which is what lets an instance hold
 * millions of hotels and start in seconds.
 */

import type { Kysely } from "kysely";
import { GrowingArray, PackedStrings, PackedStringsBuilder } from "@/lib/columns";
import { isHotelId } from "./hotel-id";
import { publishedHotelPages, type Database } from "@/lib/store";
import { localizedText, oneLine } from "./html";

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

/** The saved format's version: a table saved by another version is read from the hotels again. */
const FORMAT_VERSION = 1;

/** The size of a saved table's parts: well under any database's limit for one value, few rows at a million hotels. */
const PART_BYTES = 8 << 20;

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** The columns a saved table holds, in order: ids and names (bytes and ends each), then the nine others. */
const COLUMNS = 11;

/** Pieces of `total` bytes regrouped into parts of at most `partBytes`, made one at a time as they are asked for. */
function* chunked(pieces: readonly Buffer[], total: number, partBytes: number): Generator<Buffer> {
  if (!Number.isInteger(partBytes) || partBytes < 1)
    throw new RangeError(`a part holds at least a byte (${partBytes})`);
  let part = Buffer.allocUnsafe(Math.min(partBytes, total));
  let used = 0;
  for (const piece of pieces) {
    for (let from = 0; from < piece.length;) {
      const n = Math.min(piece.length - from, part.length - used);
      piece.copy(part, used, from, from + n);
      used += n;
      from += n;
      if (used === part.length) {
        yield part;
        total -= used;
        part = Buffer.allocUnsafe(Math.min(partBytes, total));
        used = 0;
      }
    }
  }
}

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

  /**
   * The table as bytes, in parts of at most `partBytes` (rows of a store's table): a JSON header (row count,
   * dictionaries, column lengths), then every column, each starting on an 8-byte boundary so that fromParts can view
   * them in place. Nothing is copied but into the parts themselves, each made when the one before has been taken.
   */
  toParts(partBytes = PART_BYTES): Generator<Buffer> {
    if (!Number.isInteger(partBytes) || partBytes < 1)
      throw new RangeError(`a part holds at least a byte (${partBytes})`);
    const columns = [
      this.ids.bytes,
      this.ids.ends,
      this.names.bytes,
      this.names.ends,
      this.lat,
      this.lon,
      this.countryCodes,
      this.cityCodes,
      this.typeCodes,
      this.pets,
      this.rentals,
    ];
    const header = Buffer.from(
      JSON.stringify({
        version: FORMAT_VERSION,
        rows: this.size,
        countries: this.countries,
        cities: this.cities,
        types: this.types,
        lengths: columns.map((c) => c.byteLength),
      }),
    );
    const size = Buffer.alloc(4);
    size.writeUInt32LE(header.length);
    const pieces: Buffer[] = [];
    let at = 0;
    const add = (bytes: Buffer) => {
      pieces.push(bytes);
      at += bytes.length;
      if (at % 8) {
        pieces.push(Buffer.alloc(8 - (at % 8)));
        at += 8 - (at % 8);
      }
    };
    add(Buffer.concat([size, header]));
    for (const c of columns) add(Buffer.from(c.buffer, c.byteOffset, c.byteLength));
    return chunked(pieces, at, partBytes);
  }

  /** A table from the parts toParts made (in order). Throws on parts of another format or a cut-off table. */
  static fromParts(parts: readonly Uint8Array[]): HotelTable {
    const all = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return HotelTable.fromBuffer(all.buffer);
  }

  /**
   * A table from toParts' parts joined in one buffer (8-byte aligned, as an ArrayBuffer's start is): every column
   * is a view into it, nothing is copied.
   */
  static fromBuffer(whole: ArrayBuffer): HotelTable {
    const all = new Uint8Array(whole);
    const total = all.length;
    const bytes = Buffer.from(whole);
    const headerLength = total >= 4 ? bytes.readUInt32LE(0) : 0;
    const header = JSON.parse(bytes.toString("utf8", 4, 4 + headerLength)) as {
      version: number;
      rows: number;
      countries: string[];
      cities: string[];
      types: string[];
      lengths: number[];
    };
    if (header.version !== FORMAT_VERSION) throw new Error(`hotel table: format ${header.version} is not ours`);
    const { rows, lengths } = header;
    const dictionaries = [header.countries, header.cities, header.types];
    if (
      !Number.isInteger(rows) ||
      rows < 0 ||
      !Array.isArray(lengths) ||
      lengths.length !== COLUMNS ||
      !dictionaries.every((d) => Array.isArray(d) && d.every((v) => typeof v === "string"))
    )
      throw new Error("hotel table: a header of another shape");
    let offset = align8(4 + headerLength);
    const next = (perRow?: number) => {
      const length = lengths.shift()!;
      if (!Number.isInteger(length) || length < 0 || offset + length > total) throw new Error("hotel table: cut off");
      if (perRow !== undefined && length !== rows * perRow) throw new Error("hotel table: a column of another length");
      const start = offset;
      offset = align8(offset + length);
      return { start, length };
    };
    const buffer = () => {
      const { start, length } = next();
      return bytes.subarray(start, start + length);
    };
    const view = <T>(Kind: { new (b: ArrayBuffer, at: number, n: number): T; BYTES_PER_ELEMENT: number }) => {
      const { start, length } = next(Kind.BYTES_PER_ELEMENT);
      return new Kind(all.buffer, start, length / Kind.BYTES_PER_ELEMENT);
    };
    const strings = () => {
      const packed = buffer();
      const ends = view(Uint32Array);
      for (let i = 0, last = 0; i < ends.length; last = ends[i++]!)
        if (ends[i]! < last || ends[i]! > packed.length) throw new Error("hotel table: strings out of order");
      if (rows > 0 && ends[rows - 1] !== packed.length) throw new Error("hotel table: strings out of order");
      return new PackedStrings(packed, ends);
    };
    /** Codes index their dictionary (NONE allowed where the column may be empty). */
    const codes = <T extends Uint16Array | Int32Array | Int16Array | Int8Array>(
      column: T,
      size: number,
      empty: boolean,
    ) => {
      for (const c of column)
        if (c >= size || c < (empty ? NONE : 0)) throw new Error("hotel table: a code out of range");
      return column;
    };
    const ids = strings();
    const names = strings();
    const lat = view(Float64Array);
    const lon = view(Float64Array);
    const countries = codes(view(Uint16Array), header.countries.length, false);
    const cities = codes(view(Int32Array), header.cities.length, true);
    const types = codes(view(Int16Array), header.types.length, true);
    const pets = codes(view(Int8Array), 2, true);
    const rentals = codes(view(Int8Array), 2, true);
    const table = new HotelTable(
      ids,
      names,
      lat,
      lon,
      countries,
      header.countries,
      cities,
      header.cities,
      types,
      header.types,
      pets,
      rentals,
    );
    return table;
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

/** The name as plain text (a supplier's markup dropped, as the hotel page shows it). */
const plainName = (name: string | null) => (name === null ? undefined : localizedText({ en: name }, "en"));

const flag = (v: number | null) => (v === null ? null : v === 1);

/**
 * Rows read per query: small enough that each page's row objects die young (50 000-row pages left tens of MB in
 * the old generation at a million hotels, and the collector's time with them).
 */
const PAGE = 10_000;

/** The published hotels as a table, read from the store in the order every reader uses (publishedHotelPages). */
export async function catalogTable(db: Kysely<Database>, page = PAGE): Promise<HotelTable> {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`catalogTable: a page holds at least one row (${page})`);
  const builder = new HotelTableBuilder();
  const columns = [
    "name",
    "city",
    "country_code",
    "latitude",
    "longitude",
    "property_type",
    "is_pet_friendly",
    "is_vr",
  ] as const;
  for await (const rows of publishedHotelPages(db, columns, page)) {
    for (const r of rows) {
      const id = r.id;
      // Only ids a page can be found by (a run published before the id rule may have stored others): search results,
      // suggestions and the assistant endpoint never list a hotel whose page would not open.
      if (!isHotelId(id)) continue;
      builder.add({
        id,
        name: plainName(r.name) ?? id,
        // Plain text, as the hotel page shows it (a supplier's markup dropped).
        city: oneLine(r.city) ?? null,
        country: r.country_code,
        lat: Number(r.latitude),
        lon: Number(r.longitude),
        propertyType: r.property_type,
        petFriendly: flag(r.is_pet_friendly),
        vacationRental: flag(r.is_vr),
      });
    }
  }
  return builder.finish();
}
