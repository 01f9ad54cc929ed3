import { describe, expect, it } from "vitest";
import { parseConfig, tileOrigin, tileTemplateProblem } from "@/lib/config";
import { pageContentSecurityPolicy } from "@/lib/http/node";
import { clipRing, landImageUrl, landPath, landSvg, parseLandQuery, resolutionFor } from "../basemap";
import { kmPerWorldUnit, MAX_LATITUDE, project, unproject } from "../projection";
import { tilesFor } from "../tiles";
import { fitViewport, toPixel, zoomOf } from "../viewport";

const PARIS = { lat: 48.8566, lon: 2.3522 };
const LONDON = { lat: 51.5074, lon: -0.1278 };
const SYDNEY = { lat: -33.8688, lon: 151.2093 };
const SIZE = { width: 480, height: 360, padding: 26, minSpanKm: 2 };

describe("Web Mercator", () => {
  it("puts the null island in the middle, the antimeridian at the edges, north up", () => {
    expect(project(0, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(project(0, -180).x).toBe(0);
    expect(project(0, 180).x).toBe(1);
    expect(project(MAX_LATITUDE, 0).y).toBeCloseTo(0, 9);
    expect(project(-MAX_LATITUDE, 0).y).toBeCloseTo(1, 9);
    expect(project(89.9, 0).y).toBeCloseTo(0, 9); // held at the edge
    expect(project(PARIS.lat, PARIS.lon).y).toBeLessThan(project(SYDNEY.lat, SYDNEY.lon).y);
  });

  it("unprojects what it projects", () => {
    for (const p of [PARIS, LONDON, SYDNEY, { lat: -60, lon: -170 }]) {
      const back = unproject(project(p.lat, p.lon));
      expect(back.lat).toBeCloseTo(p.lat, 9);
      expect(back.lon).toBeCloseTo(p.lon, 9);
    }
  });

  it("knows a world unit is the equator, shrinking with latitude", () => {
    expect(kmPerWorldUnit(0)).toBeCloseTo(40075, 0);
    expect(kmPerWorldUnit(60)).toBeCloseTo(40075 / 2, 0);
  });
});

describe("fitViewport", () => {
  it("shows every point with the padding to spare, centred", () => {
    const points = [PARIS, LONDON, { lat: 50.85, lon: 4.35 }];
    const vp = fitViewport(points, SIZE);
    for (const p of points) {
      const { x, y } = toPixel(vp, p.lat, p.lon);
      expect(x).toBeGreaterThanOrEqual(SIZE.padding);
      expect(x).toBeLessThanOrEqual(SIZE.width - SIZE.padding);
      expect(y).toBeGreaterThanOrEqual(SIZE.padding);
      expect(y).toBeLessThanOrEqual(SIZE.height - SIZE.padding);
    }
    // Tight: a quarter zoom level closer would not fit them.
    const closer = { ...vp, scale: vp.scale * 2 ** 0.25 };
    const xs = points.map((p) => project(p.lat, p.lon).x);
    const ys = points.map((p) => project(p.lat, p.lon).y);
    const spanX = (Math.max(...xs) - Math.min(...xs)) * closer.scale;
    const spanY = (Math.max(...ys) - Math.min(...ys)) * closer.scale;
    expect(spanX > SIZE.width - 2 * SIZE.padding || spanY > SIZE.height - 2 * SIZE.padding).toBe(true);
  });

  it("shows one hotel alone at least minSpanKm across, in the middle", () => {
    const vp = fitViewport([PARIS], SIZE);
    const { x, y } = toPixel(vp, PARIS.lat, PARIS.lon);
    expect(Math.abs(x - SIZE.width / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(y - SIZE.height / 2)).toBeLessThanOrEqual(1);
    const shownKm = (SIZE.height / vp.scale) * kmPerWorldUnit(PARIS.lat);
    expect(shownKm).toBeGreaterThanOrEqual(2);
    expect(shownKm).toBeLessThan(2 * 2 * 1.5); // not much more than asked
    // Two hotels a few metres apart: the same view.
    expect(fitViewport([PARIS, { lat: PARIS.lat + 1e-5, lon: PARIS.lon }], SIZE).scale).toBe(vp.scale);
  });

  it("never shows more than the world, and nothing beyond the poles", () => {
    const vp = fitViewport([{ lat: 80, lon: -179 }, SYDNEY, { lat: -80, lon: 179 }], SIZE);
    expect(vp.scale).toBeGreaterThanOrEqual(SIZE.width);
    expect(vp.x0).toBeGreaterThanOrEqual(0);
    expect(vp.y0).toBeGreaterThanOrEqual(0);
    expect(vp.y0 + SIZE.height / vp.scale).toBeLessThanOrEqual(1 + 1e-9);
    expect(fitViewport([], SIZE)).toMatchObject({ x0: 0, scale: SIZE.width });
  });

  it("steps the zoom by quarter levels and puts the origin on whole pixels (views are shared and cached)", () => {
    const vp = fitViewport([PARIS, LONDON], SIZE);
    expect((zoomOf(vp) * 4) % 1).toBeCloseTo(0, 9);
    expect((vp.x0 * vp.scale) % 1).toBeCloseTo(0, 6);
    expect((vp.y0 * vp.scale) % 1).toBeCloseTo(0, 6);
  });
});

/** A ring's area (shoelace). */
function area(ring: number[]): number {
  let sum = 0;
  const n = ring.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum += ring[2 * i]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * i + 1]!;
  }
  return Math.abs(sum) / 2;
}

describe("base map", () => {
  it("clips a ring to a rectangle", () => {
    // A square larger than the box: the box itself.
    const clipped = clipRing([-10, -10, 20, -10, 20, 20, -10, 20], 0, 0, 10, 10);
    expect(area(clipped)).toBeCloseTo(100, 9);
    expect(clipped.every((v) => v >= 0 && v <= 10)).toBe(true);
    // A triangle across one edge: the part inside (the triangle (0,0)-(10,0)-(0,10) cut at x = 5).
    expect(area(clipRing([0, 0, 10, 0, 0, 10], 0, 0, 5, 10))).toBeCloseTo(50 - 12.5, 9);
    // Wholly outside: nothing.
    expect(clipRing([20, 20, 30, 20, 30, 30], 0, 0, 10, 10)).toEqual([]);
  });

  it("draws land under Paris, sea in the mid-Atlantic, coast at Barcelona, and more detail closer in", () => {
    const paris = landPath(fitViewport([PARIS], SIZE));
    // Inland: the land covers the whole map (the clipped rectangle, a few points).
    expect(paris).toMatch(/^M-?\d+ -?\d+L/);
    expect(landPath(fitViewport([{ lat: 35, lon: -40 }], SIZE))).toBe("");
    const coast = landPath(fitViewport([{ lat: 41.3874, lon: 2.1686 }], { ...SIZE, minSpanKm: 40 }));
    expect(coast.split(" ").length).toBeGreaterThan(20);
    expect(resolutionFor(1)).toBe("110m");
    expect(resolutionFor(4)).toBe("50m");
    expect(resolutionFor(12)).toBe("10m");
  });

  it("keeps every coordinate near the map (rings are cut at its edge)", () => {
    const europe = landPath(fitViewport([PARIS, LONDON, { lat: 41.9, lon: 12.5 }], SIZE));
    const numbers = europe.match(/-?\d+/g)!.map(Number);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(-4);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(SIZE.width + 4);
  });
});

describe("the land image (app/api/maps/land)", () => {
  it("names a page's viewport in its URL and draws that viewport's land from it", () => {
    for (const vp of [fitViewport([PARIS], SIZE), fitViewport([PARIS, LONDON], SIZE), fitViewport([], SIZE)]) {
      for (const outline of [false, true]) {
        const url = new URL(landImageUrl(vp, outline), "http://x");
        const parsed = parseLandQuery(url.searchParams, [SIZE]);
        expect(parsed).toEqual({
          vp: { ...vp, x0: expect.closeTo(vp.x0, 12), y0: expect.closeTo(vp.y0, 12) },
          outline,
        });
        if ("vp" in parsed) expect(landSvg(parsed.vp, outline)).toContain(landPath(vp));
      }
    }
    expect(landSvg(fitViewport([PARIS], SIZE), false)).toContain('fill="#f2efe6"');
    expect(landSvg(fitViewport([PARIS], SIZE), true)).toContain('fill="none"');
    expect(landSvg(fitViewport([{ lat: 35, lon: -40 }], SIZE), false)).not.toContain("<path");
  });

  it("refuses a URL that names no map viewport, saying which parameter is wrong", () => {
    const ok = new URL(landImageUrl(fitViewport([PARIS], SIZE), false), "http://x").searchParams;
    const bad = (changes: Record<string, string | null>) => {
      const q = new URLSearchParams(ok);
      for (const [k, v] of Object.entries(changes))
        if (v === null) q.delete(k);
        else q.set(k, v);
      const parsed = parseLandQuery(q, [SIZE]);
      return "field" in parsed ? parsed.field : undefined;
    };
    expect(bad({})).toBeUndefined();
    expect(bad({ w: null })).toBe("w");
    expect(bad({ w: "0" })).toBe("w");
    expect(bad({ w: "2000", h: "2000" })).toBe("w"); // not a size a page draws
    expect(bad({ h: "99999" })).toBe("w");
    expect(bad({ s: "2000.4" })).toBe("s"); // between quarter zoom steps
    expect(bad({ s: String(2 ** (41 / 4) + 1e-9) })).toBe("s");
    expect(bad({ v: null })).toBe("v");
    expect(bad({ v: "other" })).toBe("v");
    expect(bad({ s: "1e400" })).toBe("s");
    expect(bad({ s: "10" })).toBe("s");
    expect(bad({ s: "NaN" })).toBe("s");
    expect(bad({ x: "-1" })).toBe("x");
    expect(bad({ x: "1.5" })).toBe("x");
    expect(bad({ y: String(2 ** 40) })).toBe("y");
    expect(bad({ outline: "yes" })).toBe("outline");
  });
});

describe("tiles", () => {
  const server = { urlTemplate: "https://tiles.example/{z}/{x}/{y}.png", maxZoom: 19 };

  it("covers the viewport with the tiles of its zoom, each where it belongs", () => {
    const vp = fitViewport([PARIS], SIZE);
    const tiles = tilesFor(vp, server);
    const z = Math.round(zoomOf(vp));
    expect(tiles.every((t) => t.z === z)).toBe(true);
    // The union covers the map.
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + t.size))).toBeGreaterThanOrEqual(SIZE.width);
    expect(Math.max(...tiles.map((t) => t.top + t.size))).toBeGreaterThanOrEqual(SIZE.height);
    // The tile under Paris is the one the slippy-map formula names.
    const n = 2 ** z;
    const w = project(PARIS.lat, PARIS.lon);
    const expected = `https://tiles.example/${z}/${Math.floor(w.x * n)}/${Math.floor(w.y * n)}.png`;
    const { x, y } = toPixel(vp, PARIS.lat, PARIS.lon);
    const under = tiles.find((t) => t.left <= x && x < t.left + t.size && t.top <= y && y < t.top + t.size);
    expect(under?.url).toBe(expected);
  });

  it("never asks deeper than the server's maximum zoom, nor for too many tiles", () => {
    const vp = fitViewport([PARIS], SIZE);
    const tiles = tilesFor(vp, { ...server, maxZoom: 10 });
    expect(tiles.every((t) => t.z === 10)).toBe(true);
    expect(tiles.length).toBeLessThanOrEqual(24);
  });

  it("wraps columns around the antimeridian", () => {
    const vp = fitViewport([{ lat: -17.7, lon: 179.9 }], { ...SIZE, minSpanKm: 400 });
    const xs = tilesFor(vp, server).map((t) => Number(t.url.split("/")[4]));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  });
});

describe("tile server configuration", () => {
  it("accepts https templates and loopback http, refuses the rest with a reason", () => {
    expect(tileTemplateProblem("https://tile.example.org/{z}/{x}/{y}.png")).toBeUndefined();
    expect(tileTemplateProblem("http://127.0.0.1:8080/{z}/{x}/{y}.png")).toBeUndefined();
    expect(tileTemplateProblem("http://tiles.localhost/{z}/{x}/{y}.png")).toBeUndefined();
    expect(tileTemplateProblem("http://tile.example.org/{z}/{x}/{y}.png")).toMatch(/https/);
    expect(tileTemplateProblem("javascript:alert(1)//{z}/{x}/{y}")).toMatch(/https/);
    expect(tileTemplateProblem("https://tile.example.org/{z}/{x}.png")).toMatch(/\{y\}/);
    expect(tileTemplateProblem("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toMatch(/only the placeholders/);
    expect(tileTemplateProblem("https://user:pw@tile.example.org/{z}/{x}/{y}.png")).toMatch(/credentials/);
    expect(tileOrigin("https://tile.example.org:8443/a/{z}/{x}/{y}.png")).toBe("https://tile.example.org:8443");
  });

  it("is read from MAP_TILE_* once, the attribution required with a URL", () => {
    expect(parseConfig({}).tileServer).toBeUndefined();
    const cfg = parseConfig({
      MAP_TILE_URL: "https://tile.example.org/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "© Example contributors",
      MAP_TILE_ATTRIBUTION_URL: "https://tile.example.org/copyright",
      MAP_TILE_MAX_ZOOM: "17",
    });
    expect(cfg.tileServer).toEqual({
      urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png",
      attribution: "© Example contributors",
      attributionUrl: "https://tile.example.org/copyright",
      maxZoom: 17,
    });
    expect(() => parseConfig({ MAP_TILE_URL: "https://tile.example.org/{z}/{x}/{y}.png" })).toThrow(
      /MAP_TILE_ATTRIBUTION: required/,
    );
    expect(() =>
      parseConfig({ MAP_TILE_URL: "http://tile.example.org/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "x" }),
    ).toThrow(/MAP_TILE_URL: must be an https URL/);
    expect(() =>
      parseConfig({
        MAP_TILE_URL: "https://tile.example.org/{z}/{x}/{y}.png",
        MAP_TILE_ATTRIBUTION: "x",
        MAP_TILE_ATTRIBUTION_URL: "javascript:alert(1)",
      }),
    ).toThrow(/MAP_TILE_ATTRIBUTION_URL/);
    expect(() => parseConfig({ MAP_TILE_MAX_ZOOM: "30" })).toThrow(/MAP_TILE_MAX_ZOOM/);
  });

  it("names the tile origin in the pages' img-src, and only when configured", () => {
    const base = { nonce: "abc", development: false, tls: true };
    const imgSrc = (policy: string) => /img-src ([^;]*)/.exec(policy)![1]!.split(" ");
    expect(imgSrc(pageContentSecurityPolicy(base))).not.toContain("http://127.0.0.1:8080");
    const withTiles = imgSrc(pageContentSecurityPolicy({ ...base, imageOrigins: ["http://127.0.0.1:8080"] }));
    expect(withTiles).toContain("http://127.0.0.1:8080");
    expect(withTiles.filter((s) => s.includes("127.0.0.1"))).toEqual(["http://127.0.0.1:8080"]);
  });
});
