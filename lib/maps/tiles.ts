import { tileUrl, type TileServer } from "@/lib/config";
import { zoomOf, type Viewport } from "./viewport";

export type { TileServer };

/** One tile placed in a viewport (pixels; `size` square, edges may lie outside the map). */
export interface PlacedTile {
  url: string;
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  size: number;
}

/** More tiles than this for one map means the zoom is stepped down (each tile is a request of the visitor's). */
const MAX_TILES = 24;

/**
 * The tiles that cover a viewport, at the web zoom level nearest the map's (never above the server's maximum, where
 * the deepest tiles are drawn larger instead), columns wrapped around the antimeridian, rows inside the world.
 */
export function tilesFor(vp: Viewport, server: Pick<TileServer, "urlTemplate" | "maxZoom">): PlacedTile[] {
  for (let z = Math.max(0, Math.min(server.maxZoom, Math.round(zoomOf(vp)))); z >= 0; z--) {
    const n = 2 ** z;
    const size = vp.scale / n;
    const firstX = Math.floor(vp.x0 * n);
    const lastX = Math.ceil((vp.x0 + vp.width / vp.scale) * n) - 1;
    const firstY = Math.max(0, Math.floor(vp.y0 * n));
    const lastY = Math.min(n - 1, Math.ceil((vp.y0 + vp.height / vp.scale) * n) - 1);
    if ((lastX - firstX + 1) * (lastY - firstY + 1) > MAX_TILES && z > 0) continue;
    const tiles: PlacedTile[] = [];
    for (let ty = firstY; ty <= lastY; ty++)
      for (let tx = firstX; tx <= lastX; tx++) {
        const x = ((tx % n) + n) % n;
        tiles.push({
          url: tileUrl(server.urlTemplate, z, x, ty),
          z,
          x,
          y: ty,
          left: tx * size - vp.x0 * vp.scale,
          top: ty * size - vp.y0 * vp.scale,
          size,
        });
      }
    return tiles;
  }
  return [];
}
