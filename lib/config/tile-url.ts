/** The tile server setting's shape and URLs, without imports: the map component (lib/maps/tiles.ts) uses them too. */

/** An operator's raster tile server (lib/config: MAP_TILE_*). */
export interface TileServer {
  /** https (or loopback) URL with {z}, {x} and {y}. */
  urlTemplate: string;
  /** What the tile source requires to be shown with its tiles (plain text). */
  attribution: string;
  attributionUrl?: string;
  maxZoom: number;
}

/** The URL of one tile: the template's {z}, {x} and {y} replaced by integers (nothing else of it changes). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replaceAll("{z}", String(z)).replaceAll("{x}", String(x)).replaceAll("{y}", String(y));
}
