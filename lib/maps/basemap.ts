import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { readPackageJson } from "@/lib/locale";
import { processShared } from "@/lib/runtime";
import { project } from "./projection";
import { viewportKey, zoomOf, type Viewport } from "./viewport";

/**
 * The offline base map: Natural Earth's country polygons (public domain; the `world-atlas` package's TopoJSON),
 * projected once per process into world units, then clipped and scaled to a viewport as one SVG path. The country
 * resolution follows the zoom: 1:110m for the world, 1:50m for a region, 1:10m for a city.
 */
export type Resolution = "110m" | "50m" | "10m";

/** One ring of a polygon in world units (x, y interleaved), with its bounding box. */
interface Ring {
  points: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function resolutionFor(zoom: number): Resolution {
  return zoom < 3 ? "110m" : zoom < 5.5 ? "50m" : "10m";
}

const layers = processShared("maps-layers", () => new Map<Resolution, Ring[]>());

/** The rings of every country at a resolution, read and projected on first use (1:10m: about 0.5 s, 30 MB). */
export function countryRings(resolution: Resolution): Ring[] {
  let rings = layers.get(resolution);
  if (!rings) {
    const topology = readPackageJson<Topology<{ countries: GeometryCollection }>>(
      `world-atlas/countries-${resolution}.json`,
    );
    rings = [];
    for (const f of feature(topology, topology.objects.countries).features) {
      const g = f.geometry;
      const polygons = g?.type === "Polygon" ? [g.coordinates] : g?.type === "MultiPolygon" ? g.coordinates : [];
      for (const polygon of polygons) for (const ring of polygon) rings.push(projectRing(ring));
    }
    layers.set(resolution, rings);
  }
  return rings;
}

function projectRing(ring: number[][]): Ring {
  const points = new Float64Array(ring.length * 2);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  ring.forEach(([lon = 0, lat = 0], i) => {
    const p = project(lat, lon);
    points[2 * i] = p.x;
    points[2 * i + 1] = p.y;
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  });
  return { points, minX, minY, maxX, maxY };
}

/** Pixels beyond the viewport's edge where rings are cut (the cut edges' strokes stay out of sight). */
const MARGIN = 4;
/** A point closer than this (pixels) to the last one drawn is left out. */
const MIN_STEP = 1;

const paths = processShared("maps-paths", () => ({ byKey: new Map<string, string>(), chars: 0 }));
/** The path cache's bound in characters (a city's coast can be hundreds of KB): the oldest paths leave first. */
const PATH_CACHE_CHARS = 16_000_000;

/**
 * The land of a viewport as one SVG path (pixel coordinates; land and borders drawn by its fill and stroke); ""
 * over open sea. Cached per viewport: the pages of one place share theirs.
 */
export function landPath(vp: Viewport): string {
  const resolution = resolutionFor(zoomOf(vp));
  const key = `${resolution}:${viewportKey(vp)}`;
  const cached = paths.byKey.get(key);
  if (cached !== undefined) return cached;
  const d = buildPath(countryRings(resolution), vp);
  while (paths.chars + d.length > PATH_CACHE_CHARS && paths.byKey.size > 0) {
    const [oldest, path] = paths.byKey.entries().next().value!;
    paths.byKey.delete(oldest);
    paths.chars -= path.length;
  }
  paths.byKey.set(key, d);
  paths.chars += d.length;
  return d;
}

function buildPath(rings: Ring[], vp: Viewport): string {
  const m = MARGIN / vp.scale;
  const left = vp.x0 - m;
  const top = vp.y0 - m;
  const right = vp.x0 + (vp.width + MARGIN) / vp.scale;
  const bottom = vp.y0 + (vp.height + MARGIN) / vp.scale;
  const parts: string[] = [];
  for (const ring of rings) {
    if (ring.maxX < left || ring.minX > right || ring.maxY < top || ring.minY > bottom) continue;
    const pixels: number[] = [];
    for (let i = 0; i < ring.points.length; i += 2)
      pixels.push((ring.points[i]! - vp.x0) * vp.scale, (ring.points[i + 1]! - vp.y0) * vp.scale);
    const clipped = clipRing(pixels, -MARGIN, -MARGIN, vp.width + MARGIN, vp.height + MARGIN);
    const d = ringPath(clipped);
    if (d) parts.push(d);
  }
  return parts.join("");
}

/** "M x y L x y x y …Z" in whole pixels, points closer than MIN_STEP to the previous one dropped; "" if degenerate. */
function ringPath(pixels: number[]): string {
  const out: number[] = [];
  let lastX = NaN;
  let lastY = NaN;
  for (let i = 0; i < pixels.length; i += 2) {
    const x = Math.round(pixels[i]!);
    const y = Math.round(pixels[i + 1]!);
    if (Math.abs(x - lastX) < MIN_STEP && Math.abs(y - lastY) < MIN_STEP) continue;
    out.push(x, y);
    lastX = x;
    lastY = y;
  }
  if (out.length < 6) return "";
  return `M${out[0]} ${out[1]}L${out.slice(2).join(" ")}Z`;
}

/**
 * Sutherland–Hodgman: a closed ring (x, y interleaved) cut to a rectangle, one edge after the other. The result
 * runs along the rectangle's edges where the ring left it, which is what a filled shape needs.
 */
export function clipRing(points: number[], left: number, top: number, right: number, bottom: number): number[] {
  let current = points;
  const edges: [
    inside: (x: number, y: number) => boolean,
    cut: (ax: number, ay: number, bx: number, by: number) => [number, number],
  ][] = [
    [(x) => x >= left, (ax, ay, bx, by) => [left, ay + ((by - ay) * (left - ax)) / (bx - ax)]],
    [(x) => x <= right, (ax, ay, bx, by) => [right, ay + ((by - ay) * (right - ax)) / (bx - ax)]],
    [(_, y) => y >= top, (ax, ay, bx, by) => [ax + ((bx - ax) * (top - ay)) / (by - ay), top]],
    [(_, y) => y <= bottom, (ax, ay, bx, by) => [ax + ((bx - ax) * (bottom - ay)) / (by - ay), bottom]],
  ];
  for (const [inside, cut] of edges) {
    const n = current.length / 2;
    if (n === 0) break;
    const next: number[] = [];
    for (let i = 0; i < n; i++) {
      const ax = current[2 * ((i + n - 1) % n)]!;
      const ay = current[2 * ((i + n - 1) % n) + 1]!;
      const bx = current[2 * i]!;
      const by = current[2 * i + 1]!;
      const aIn = inside(ax, ay);
      const bIn = inside(bx, by);
      if (bIn) {
        if (!aIn) next.push(...cut(ax, ay, bx, by));
        next.push(bx, by);
      } else if (aIn) next.push(...cut(ax, ay, bx, by));
    }
    current = next;
  }
  return current;
}

/** Where a viewport's land is served (app/api/maps/land): an SVG image the browser caches, not path data in a page. */
export const LAND_IMAGE_PATH = "/api/maps/land";
/** The base data's version in the image's URL: a new world-atlas release makes new URLs, not stale cached images. */
const LAND_DATA_VERSION = "wa2";
const MAX_SCALE = 256 * 2 ** 22;

/** The land image's URL for a viewport; `outline` for a map with tiles beneath (borders only, no fill). */
export function landImageUrl(vp: Viewport, outline: boolean): string {
  const q = new URLSearchParams({
    w: String(vp.width),
    h: String(vp.height),
    s: String(vp.scale),
    x: String(Math.round(vp.x0 * vp.scale)),
    y: String(Math.round(vp.y0 * vp.scale)),
    v: LAND_DATA_VERSION,
  });
  if (outline) q.set("outline", "1");
  return `${LAND_IMAGE_PATH}?${q}`;
}

/**
 * The viewport a land image URL names, or what is wrong with it. Only what a page's map can ask for is drawn (each
 * new viewport costs a path's computation): one of the pages' map sizes, the world's scale (its larger side) or a
 * quarter zoom step up to zoom 22 (lib/maps/viewport.ts), the corner a whole pixel inside the world, this data version.
 */
export function parseLandQuery(
  params: URLSearchParams,
  sizes: readonly { width: number; height: number }[],
): { vp: Viewport; outline: boolean } | { error: string; field: string } {
  const int = (name: string) => {
    const v = params.get(name);
    return v !== null && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  };
  const width = int("w");
  const height = int("h");
  if (!sizes.some((s) => s.width === width && s.height === height))
    return {
      error: `w and h must be a map size of the pages: ${sizes.map((s) => `${s.width}×${s.height}`).join(", ")}`,
      field: "w",
    };
  const s = params.get("s") ?? "";
  const world = Math.max(width, height);
  const step = Math.round(4 * Math.log2(Number(s)));
  const scale = s === String(world) ? world : s === String(2 ** (step / 4)) ? 2 ** (step / 4) : NaN;
  if (!(scale >= world && scale <= MAX_SCALE))
    return { error: "s must be the map's scale: the world's, or a quarter zoom step up to zoom 22", field: "s" };
  const x = int("x");
  const y = int("y");
  if (!(x >= 0 && x + width <= Math.ceil(scale)))
    return { error: "x must be a whole pixel inside the world", field: "x" };
  if (!(y >= 0 && y + height <= Math.ceil(scale)))
    return { error: "y must be a whole pixel inside the world", field: "y" };
  if (params.get("v") !== LAND_DATA_VERSION)
    return { error: `v must be ${LAND_DATA_VERSION}, the base data's version`, field: "v" };
  const outline = params.get("outline");
  if (outline !== null && outline !== "1") return { error: "outline must be 1 or absent", field: "outline" };
  return { vp: { width, height, scale, x0: x / scale, y0: y / scale }, outline: outline === "1" };
}

/** The land of a viewport as a standalone SVG image: filled land and borders, or the borders alone over tiles. */
export function landSvg(vp: Viewport, outline: boolean): string {
  const style = outline
    ? 'fill="none" stroke="#7d7564" stroke-opacity="0.7" stroke-width="0.8" stroke-linejoin="round"'
    : 'fill="#f2efe6" stroke="#b9b2a0" stroke-width="0.8" stroke-linejoin="round"';
  const d = landPath(vp);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${vp.width}" height="${vp.height}" viewBox="0 0 ${vp.width} ${vp.height}">${d ? `<path d="${d}" ${style}/>` : ""}</svg>`;
}
