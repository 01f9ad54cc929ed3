/**
 * Web Mercator (EPSG:3857, the projection of web map tiles), in "world" units: the whole world is the unit square,
 * x east from the antimeridian, y south from the top (85.0511° N). A pixel of a map is (world − origin) × scale.
 */

/** The latitude where Web Mercator's square world ends (tiles stop there). */
export const MAX_LATITUDE = 85.0511287798066;

/** The equator's length (WGS 84), for kilometre spans. */
export const EARTH_CIRCUMFERENCE_KM = 40_075.016686;

export interface LatLon {
  lat: number;
  lon: number;
}

export interface WorldPoint {
  x: number;
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A position in world units; latitudes beyond ±85.0511° are held at the edge, longitudes outside ±180° wrapped. */
export function project(lat: number, lon: number): WorldPoint {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  const phi = (clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return {
    x: (lon === 180 ? 180 : wrapped) / 360 + 0.5,
    y: 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI),
  };
}

/** The inverse of project(). */
export function unproject(p: WorldPoint): LatLon {
  return {
    lon: (p.x - 0.5) * 360,
    lat: (Math.atan(Math.sinh((0.5 - p.y) * 2 * Math.PI)) * 180) / Math.PI,
  };
}

/** Kilometres on the ground per world unit at a latitude (Mercator stretches by 1 / cos(latitude)). */
export function kmPerWorldUnit(lat: number): number {
  return EARTH_CIRCUMFERENCE_KM * Math.cos((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
}
