import { kmPerWorldUnit, project, type LatLon } from "./projection";

/**
 * What a map shows: a width × height pixel box whose top-left corner is the world point (x0, y0), at `scale` pixels
 * per world unit (zoom level z of web tiles is scale 256 × 2^z).
 */
export interface Viewport {
  width: number;
  height: number;
  x0: number;
  y0: number;
  scale: number;
}

export interface FitOptions {
  width: number;
  height: number;
  /** Pixels kept free around the outermost markers (a marker is drawn around its point). */
  padding: number;
  /** The smallest span shown, in kilometres (one hotel alone is not shown at street level). */
  minSpanKm: number;
}

/** Zoom steps of a quarter level: near viewports are the same one (their base-map paths are cached). */
const ZOOM_STEP = 4;

/**
 * The viewport that shows every point with `padding` pixels to spare, at least `minSpanKm` across, never more than the
 * world (no sky beyond the poles, no world repeated sideways). The scale is rounded down to a quarter zoom level and
 * the origin to whole pixels, so pages about the same place share one viewport. No points: the whole world.
 */
export function fitViewport(points: readonly LatLon[], opts: FitOptions): Viewport {
  const { width, height } = opts;
  const worldScale = Math.max(width, height);
  if (points.length === 0) return clampOrigin({ width, height, x0: 0, y0: 0, scale: worldScale }, 0.5, 0.5);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let latSum = 0;
  for (const p of points) {
    const w = project(p.lat, p.lon);
    minX = Math.min(minX, w.x);
    maxX = Math.max(maxX, w.x);
    minY = Math.min(minY, w.y);
    maxY = Math.max(maxY, w.y);
    latSum += p.lat;
  }
  const minSpan = opts.minSpanKm / kmPerWorldUnit(latSum / points.length);
  const spanX = Math.max(maxX - minX, minSpan);
  const spanY = Math.max(maxY - minY, minSpan);
  const fit = Math.min((width - 2 * opts.padding) / spanX, (height - 2 * opts.padding) / spanY);
  const stepped = 2 ** (Math.floor(Math.log2(Math.max(fit, 1)) * ZOOM_STEP) / ZOOM_STEP);
  const scale = Math.max(stepped, worldScale);
  return clampOrigin({ width, height, x0: 0, y0: 0, scale }, (minX + maxX) / 2, (minY + maxY) / 2);
}

/** Centres the viewport on (cx, cy), inside the world, the origin on a whole pixel. */
function clampOrigin(vp: Viewport, cx: number, cy: number): Viewport {
  const w = vp.width / vp.scale;
  const h = vp.height / vp.scale;
  const x0 = Math.min(Math.max(cx - w / 2, 0), Math.max(0, 1 - w));
  const y0 = Math.min(Math.max(cy - h / 2, 0), Math.max(0, 1 - h));
  return { ...vp, x0: Math.round(x0 * vp.scale) / vp.scale, y0: Math.round(y0 * vp.scale) / vp.scale };
}

/** A position's pixel in the viewport (outside 0…width, 0…height when it is off the map). */
export function toPixel(vp: Viewport, lat: number, lon: number): { x: number; y: number } {
  const w = project(lat, lon);
  return { x: (w.x - vp.x0) * vp.scale, y: (w.y - vp.y0) * vp.scale };
}

/** The viewport's (fractional) web-tile zoom level. */
export function zoomOf(vp: Viewport): number {
  return Math.log2(vp.scale / 256);
}

/** A stable key of a viewport (for caches). */
export function viewportKey(vp: Viewport): string {
  return `${vp.width}x${vp.height}@${Math.round(vp.scale)}:${Math.round(vp.x0 * vp.scale)},${Math.round(vp.y0 * vp.scale)}`;
}
