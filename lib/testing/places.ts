import { placeIdFor, type Place, type PlaceCategory } from "@/lib/places";

/** A place for hand-built gazetteers in tests. */
export function place(
  key: string,
  category: PlaceCategory,
  lat: number,
  lon: number,
  extra: Partial<Place> = {},
): Place {
  const sourceKey = `test:${key}`;
  return {
    placeId: placeIdFor(sourceKey),
    sourceKey,
    category,
    name: key,
    country: "FR",
    lat,
    lon,
    population: 0,
    ...extra,
  };
}

/** A point `km` kilometres north (positive) or south of a latitude. */
export const northKm = (lat: number, km: number) => lat + km / 111.195;
/** A point `km` kilometres east of a longitude at a latitude. */
export const eastKm = (lat: number, lon: number, km: number) => lon + km / (111.195 * Math.cos((lat * Math.PI) / 180));
