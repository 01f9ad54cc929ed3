import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm, haverSinKm, NearestSearch, pointIndex, pointsWithin } from "../geo";

interface Point {
  lat: number;
  lon: number;
}

/** The answer by definition: every accepted point within the radius, sorted by distance, the first `k`. */
function bruteForce(points: Point[], lat: number, lon: number, k: number, km: number, accept: (id: number) => boolean) {
  return points
    .map((p, id) => ({ id, km: distanceKm(lat, lon, p.lat, p.lon) }))
    .filter((x) => x.km <= km && accept(x.id))
    .sort((a, b) => a.km - b.km)
    .slice(0, k);
}

const lat = fc.double({ min: -90, max: 90, noNaN: true });
const lon = fc.double({ min: -180, max: 180, noNaN: true });
const point = fc.record({ lat, lon });
/** Points spread over the globe, clustered ones (many within a few km), and duplicates. */
const points = fc.oneof(
  fc.array(point, { minLength: 1, maxLength: 400 }),
  fc
    .tuple(
      point,
      fc.array(
        fc.tuple(fc.double({ min: -0.5, max: 0.5, noNaN: true }), fc.double({ min: -0.5, max: 0.5, noNaN: true })),
        {
          minLength: 1,
          maxLength: 400,
        },
      ),
    )
    .map(([c, offsets]) =>
      offsets.map(([dy, dx]) => ({
        lat: Math.max(-90, Math.min(90, c.lat + dy)),
        lon: ((c.lon + dx + 540) % 360) - 180,
      })),
    ),
  fc.array(point, { minLength: 1, maxLength: 20 }).map((ps) => [...ps, ...ps, ...ps]),
);

describe("NearestSearch", () => {
  it("finds the same places at the same distances as a scan of every point, nearest first", () => {
    fc.assert(
      fc.property(
        points,
        point,
        fc.integer({ min: 1, max: 50 }),
        fc.oneof(fc.constantFrom(0, 1, 50, 1000, 20_000, 30_000), fc.double({ min: 0, max: 25_000, noNaN: true })),
        fc.integer({ min: 1, max: 7 }),
        (ps, q, k, km, modulo) => {
          const search = new NearestSearch(pointIndex(ps));
          const accept = (id: number) => id % modulo !== 0;
          const haverSins: number[] = [];
          const found = search.search(q.lat, q.lon, k, km, accept, haverSins);
          const expected = bruteForce(ps, q.lat, q.lon, k, km, accept);
          expect(found.length).toBe(expected.length);
          expect(haverSins.length).toBe(found.length);
          found.forEach((id, i) => {
            expect(accept(id)).toBe(true);
            // The distance the search reports is distanceKm's, to the last bit (answers print it rounded).
            expect(haverSinKm(haverSins[i]!)).toBe(distanceKm(q.lat, q.lon, ps[id]!.lat, ps[id]!.lon));
            // Equal distances may come in either order: compare the distances, and that each id is a real hit.
            expect(distanceKm(q.lat, q.lon, ps[id]!.lat, ps[id]!.lon)).toBeCloseTo(expected[i]!.km, 6);
          });
          expect(new Set(found).size).toBe(found.length);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("crosses the antimeridian and the poles", () => {
    const ps = [
      { lat: 0, lon: 179.9 }, // 0: ~11 km east of the query across the antimeridian
      { lat: 0, lon: -179.9 }, // 1: ~11 km west
      { lat: 0, lon: 170 }, // 2: far
      { lat: 89.9, lon: 0 }, // 3: near the pole
      { lat: 89.9, lon: 180 }, // 4: across the pole from 3, ~22 km away
    ];
    const search = new NearestSearch(pointIndex(ps));
    expect(search.search(0, 180, 10, 50, () => true).sort()).toEqual([0, 1]);
    expect(search.search(89.9, 0, 10, 30, () => true)).toEqual([3, 4]);
  });

  it("reuses its queue from call to call", () => {
    const ps = Array.from({ length: 2000 }, (_, i) => ({ lat: (i % 90) - 45, lon: ((i * 7) % 360) - 180 }));
    const search = new NearestSearch(pointIndex(ps));
    const all = search.search(0, 0, 2000, 30_000, () => true);
    expect(all).toHaveLength(2000);
    expect(search.search(0, 0, 3, 30_000, () => true)).toEqual(all.slice(0, 3));
    expect(search.search(0, 0, 0, 100, () => true)).toEqual([]);
  });
});

describe("pointsWithin", () => {
  const RAD = Math.PI / 180;
  /** The point of the circle of `km` around (lat, lon) with the largest longitude, nudged a millionth inwards. */
  const widestPoint = (lat: number, lon: number, km: number) => {
    const arc = km / 6371;
    return {
      lat: Math.asin(Math.sin(lat * RAD) / Math.cos(arc)) / RAD,
      lon: lon + (Math.asin(Math.sin(arc) / Math.cos(lat * RAD)) / RAD) * (1 - 1e-6),
    };
  };

  it("finds the points at the circle's widest longitude, far north and far south", () => {
    for (const [lat, km] of [
      [69.65, 50],
      [-54.8, 20],
      [78.2, 10],
      [0, 50],
    ] as const) {
      const edge = widestPoint(lat, 10, km);
      expect(distanceKm(lat, 10, edge.lat, edge.lon)).toBeLessThanOrEqual(km);
      const points = [{ lat: lat, lon: 10 }, edge];
      expect(pointsWithin(pointIndex(points), points, lat, 10, km).map((p) => p.id)).toEqual([0, 1]);
    }
  });

  it("finds points across ±180° and around a pole, each once", () => {
    const points = [
      { lat: -16.8, lon: 179.99 },
      { lat: -16.8, lon: -179.99 },
      { lat: 89.95, lon: 0 },
      { lat: 89.95, lon: 180 },
    ];
    const index = pointIndex(points);
    expect(
      pointsWithin(index, points, -16.8, 179.999, 5)
        .map((p) => p.id)
        .sort(),
    ).toEqual([0, 1]);
    expect(
      pointsWithin(index, points, -16.8, -179.999, 5)
        .map((p) => p.id)
        .sort(),
    ).toEqual([0, 1]);
    expect(
      pointsWithin(index, points, 89.95, 90, 15)
        .map((p) => p.id)
        .sort(),
    ).toEqual([2, 3]);
  });
});
