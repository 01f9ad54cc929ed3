import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm, haverSinKm, NearestSearch, pointIndex } from "../geo";

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
