import KDBush from "kdbush";

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

const haverSin = (theta: number) => {
  const s = Math.sin(theta / 2);
  return s * s;
};

/** Haversine of the central angle between a point and (lat, cosLat = cos(lat)); ordered as the distance is. */
const haverSinDist = (lat: number, cosLat: number, haverSinDLon: number, lat2: number) =>
  cosLat * Math.cos(lat2 * RAD) * haverSinDLon + haverSin((lat - lat2) * RAD);

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haverSinKm(haverSinDist(lat1, Math.cos(lat1 * RAD), haverSin((lon2 - lon1) * RAD), lat2));
}

/**
 * Kilometres of a haversine of the central angle, as NearestSearch.search reports them: the very number distanceKm
 * gives for the same two points (the same operations on the same doubles; haverSin is even, bit for bit).
 */
export const haverSinKm = (h: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));

/**
 * A static k-d tree over points (built once, queried many times). Leaves of 16 points: a nearest-first walk pushes
 * every point of each leaf it opens onto its queue, so small leaves mean fewer points looked at per query.
 */
export function pointIndex(points: readonly { lat: number; lon: number }[]): KDBush {
  return columnIndex(
    points.map((p) => p.lat),
    points.map((p) => p.lon),
  );
}

/** pointIndex over points held as columns of latitudes and longitudes. */
export function columnIndex(lat: ArrayLike<number>, lon: ArrayLike<number>): KDBush {
  const index = new KDBush(Math.max(1, lat.length), 16);
  for (let i = 0; i < lat.length; i++) index.add(lon[i]!, lat[i]!);
  if (lat.length === 0) index.add(0, 0); // kdbush needs its declared size; callers bound-check ids
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
  return within(index, lat, lon, km, (id) => {
    const p = points[id];
    return p && distanceKm(lat, lon, p.lat, p.lon);
  });
}

/** pointsWithin over points held as columns (the index built by columnIndex from the same columns). */
export function columnsWithin(
  index: KDBush,
  columns: { lat: ArrayLike<number>; lon: ArrayLike<number> },
  lat: number,
  lon: number,
  km: number,
): { id: number; km: number }[] {
  return within(index, lat, lon, km, (id) =>
    id < columns.lat.length ? distanceKm(lat, lon, columns.lat[id]!, columns.lon[id]!) : undefined,
  );
}

/**
 * Ids of the indexed points in a box around (lat, lon) holding every point within `km` (and others), each once. A box
 * that crosses ±180° goes on at the other end of the longitudes.
 */
export function boxAround(index: KDBush, lat: number, lon: number, km: number): number[] {
  const arc = km / EARTH_RADIUS_KM; // radians
  const dLat = arc / RAD;
  const [south, north] = [lat - dLat, lat + dLat];
  // The circle's widest longitude is asin(sin(arc) ÷ cos(lat)) away (a hair more, against rounding); a circle over a
  // pole, or wider than a quarter of the Earth, takes every longitude.
  const widest = Math.sin(arc) / Math.cos(lat * RAD);
  if (!(widest < 1) || arc >= Math.PI / 2) return index.range(-180, south, 180, north);
  const dLon = (Math.asin(widest) / RAD) * (1 + 1e-9);
  const [west, east] = [lon - dLon, lon + dLon];
  const ids = index.range(west, south, east, north);
  // Narrower than the Earth, so the part past one end never reaches back into the box. (concat: a spread of a large
  // range would overflow the call's arguments.)
  if (west < -180) return ids.concat(index.range(west + 360, south, 180, north));
  if (east > 180) return ids.concat(index.range(-180, south, east - 360, north));
  return ids;
}

/**
 * A lower bound of distanceKm between two latitudes, whatever the longitudes: no path between them is shorter than
 * the meridian arc. Shaved by a billionth so that rounding can never put it above the haversine of the same points.
 */
export function meridianKm(lat1: number, lat2: number): number {
  return EARTH_RADIUS_KM * RAD * Math.abs(lat1 - lat2) * (1 - 1e-9);
}

function within(
  index: KDBush,
  lat: number,
  lon: number,
  km: number,
  distanceTo: (id: number) => number | undefined,
): { id: number; km: number }[] {
  const out: { id: number; km: number }[] = [];
  for (const id of boxAround(index, lat, lon, km)) {
    const d = distanceTo(id);
    if (d !== undefined && d <= km) out.push({ id, km: d });
  }
  return out;
}

/**
 * A lower bound of the haversine from (lon, lat) to any point in the box (the box walk of geokdbush, V. Agafonkin,
 * ISC): 0 inside, else the nearest meridian's extremum or the nearer corner.
 */
function boxHaverSin(
  lon: number,
  lat: number,
  cosLat: number,
  minLon: number,
  minLat: number,
  maxLon: number,
  maxLat: number,
) {
  if (lon >= minLon && lon <= maxLon) {
    if (lat < minLat) return haverSin((lat - minLat) * RAD);
    if (lat > maxLat) return haverSin((lat - maxLat) * RAD);
    return 0;
  }
  const h = Math.min(haverSin((lon - minLon) * RAD), haverSin((lon - maxLon) * RAD));
  const cosDLon = 1 - 2 * h;
  const vertexLat = cosDLon <= 0 ? (lat > 0 ? 90 : -90) : Math.atan(Math.tan(lat * RAD) / cosDLon) / RAD;
  if (vertexLat > minLat && vertexLat < maxLat) return haverSinDist(lat, cosLat, h, vertexLat);
  return Math.min(haverSinDist(lat, cosLat, h, minLat), haverSinDist(lat, cosLat, h, maxLat));
}

/**
 * Nearest-first search over a point index: ids of at most `maxResults` points within `maxKm` of (lat, lon) that
 * `accept` lets through, nearest first. A best-first walk of the k-d tree (each box's distance bounds its points'),
 * like geokdbush's, but its queue lives in typed arrays reused from call to call: no object per tree node or point,
 * so a request touches a few kilobytes instead of allocating thousands of small objects. `accept` should read
 * compact per-id data (typed arrays): it runs for every point of every leaf opened.
 */
export class NearestSearch {
  private dist = new Float64Array(256);
  /** ≥ 0: a point id; < 0: -(box number) - 1, the box's bounds and range in the arrays below. */
  private item = new Int32Array(256);
  private size = 0;
  private box = new Float64Array(4 * 64);
  private range = new Int32Array(3 * 64);
  private boxes = 0;
  /** The search under way (one at a time: the walk is synchronous). */
  private query = { lat: 0, lon: 0, cosLat: 1, maxH: 0, accept: (id: number) => id >= 0 };

  constructor(private readonly index: KDBush) {}

  /** `haverSins`, when given, receives each result's haversine (haverSinKm makes it kilometres), in result order. */
  search(
    lat: number,
    lon: number,
    maxResults: number,
    maxKm: number,
    accept: (id: number) => boolean,
    haverSins?: number[],
  ): number[] {
    const { ids, coords, nodeSize } = this.index;
    const result: number[] = [];
    if (maxResults <= 0 || ids.length === 0) return result;
    const maxH = haverSin(Math.min(maxKm / EARTH_RADIUS_KM, Math.PI));
    const cosLat = Math.cos(lat * RAD);
    this.size = 0;
    this.boxes = 0;
    this.query = { lat, lon, cosLat, maxH, accept };
    this.pushBox(0, ids.length - 1, 0, -180, -90, 180, 90); // the whole Earth
    // Nearest item first. A point comes out before any box that could hold a nearer one (a box's bound is below its
    // points' distances); a box is opened: its points and two halves go onto the queue.
    while (this.size > 0) {
      const item = this.item[0]!;
      if (item >= 0) {
        const h = this.dist[0]!;
        if (h > maxH) break;
        this.pop();
        result.push(item);
        haverSins?.push(h);
        if (result.length >= maxResults) break;
        continue;
      }
      this.pop();
      const node = -item - 1;
      const r = this.range;
      const left = r[3 * node]!;
      const right = r[3 * node + 1]!;
      const axis = r[3 * node + 2]!;
      if (right - left <= nodeSize) {
        for (let i = left; i <= right; i++) this.pushPoint(ids[i]!, coords[2 * i]!, coords[2 * i + 1]!);
        continue;
      }
      const m = (left + right) >> 1;
      const midLon = coords[2 * m]!;
      const midLat = coords[2 * m + 1]!;
      this.pushPoint(ids[m]!, midLon, midLat);
      const b = this.box;
      const minLon = b[4 * node]!;
      const minLat = b[4 * node + 1]!;
      const maxLon = b[4 * node + 2]!;
      const maxLat = b[4 * node + 3]!;
      // The two halves, split at the middle point on this node's axis.
      const split = axis === 0;
      this.pushBox(left, m - 1, 1 - axis, minLon, minLat, split ? midLon : maxLon, split ? maxLat : midLat);
      this.pushBox(m + 1, right, 1 - axis, split ? midLon : minLon, split ? minLat : midLat, maxLon, maxLat);
    }
    return result;
  }

  private pushPoint(id: number, pLon: number, pLat: number) {
    const q = this.query;
    if (q.accept(id)) this.push(haverSinDist(q.lat, q.cosLat, haverSin((q.lon - pLon) * RAD), pLat), id);
  }

  private pushBox(
    left: number,
    right: number,
    axis: number,
    minLon: number,
    minLat: number,
    maxLon: number,
    maxLat: number,
  ) {
    if (left > right) return;
    const q = this.query;
    const h = boxHaverSin(q.lon, q.lat, q.cosLat, minLon, minLat, maxLon, maxLat);
    if (h > q.maxH) return;
    const n = this.boxes++;
    if (4 * n + 4 > this.box.length) {
      this.box = grow(this.box, 8 * n + 8);
      this.range = grow(this.range, 6 * n + 6);
    }
    this.box[4 * n] = minLon;
    this.box[4 * n + 1] = minLat;
    this.box[4 * n + 2] = maxLon;
    this.box[4 * n + 3] = maxLat;
    this.range[3 * n] = left;
    this.range[3 * n + 1] = right;
    this.range[3 * n + 2] = axis;
    this.push(h, -n - 1);
  }

  /** Binary min-heap on dist. */
  private push(d: number, item: number) {
    if (this.size === this.dist.length) {
      this.dist = grow(this.dist, 2 * this.size);
      this.item = grow(this.item, 2 * this.size);
    }
    let i = this.size++;
    const { dist, item: items } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (dist[parent]! <= d) break;
      dist[i] = dist[parent]!;
      items[i] = items[parent]!;
      i = parent;
    }
    dist[i] = d;
    items[i] = item;
  }

  private pop() {
    const { dist, item: items } = this;
    const n = --this.size;
    if (n === 0) return;
    const d = dist[n]!;
    const it = items[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && dist[c + 1]! < dist[c]!) c++;
      if (dist[c]! >= d) break;
      dist[i] = dist[c]!;
      items[i] = items[c]!;
      i = c;
    }
    dist[i] = d;
    items[i] = it;
  }
}

function grow<T extends Float64Array | Int32Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
