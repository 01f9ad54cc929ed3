import { landImageUrl, tilesFor, type TileServer, toPixel, zoomOf, type Viewport } from "@/lib/maps";

/** One marker of a map: a hotel of the results, the hotel of the page, or a place near it. */
export interface MapMarker {
  /** What the marker stands for; a list item with the same data-map-key highlights with it (MapSync). */
  key: string;
  kind: "hotel" | "current" | "place";
  lat: number;
  lon: number;
  /** The accessible name (and tooltip). */
  label: string;
  /** Where the marker leads; none for the page's own hotel. */
  href?: string;
  /** Shown inside the marker (the result's position in the list). */
  number?: number;
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * A map drawn on the server as SVG: the offline Natural Earth base map (lib/maps; its land an SVG image the browser
 * caches, so a page carries no path data), an operator's raster tiles beneath it when configured (then the land is
 * drawn as outlines only), and the markers as links in document order. No map
 * library and no script: a highlight between list and map is MapSync's (a few lines of client code).
 */
export function MapView(props: {
  label: string;
  viewport: Viewport;
  markers: readonly MapMarker[];
  tiles: TileServer | undefined;
  credits: { base: string; tiles: string };
  testId: string;
}) {
  const { viewport: vp, tiles } = props;
  return (
    <figure className={tiles ? "map with-tiles" : "map"} data-testid={props.testId}>
      <svg
        className="map-canvas"
        viewBox={`0 0 ${vp.width} ${vp.height}`}
        role="group"
        aria-label={props.label}
        data-zoom={zoomOf(vp).toFixed(2)}
      >
        <rect className="map-sea" width={vp.width} height={vp.height} aria-hidden="true" />
        {tiles && (
          <g className="map-tiles" aria-hidden="true">
            {tilesFor(vp, tiles).map((t) => (
              <image
                key={`${t.z}/${t.x}/${t.y}/${t.left}`}
                href={t.url}
                x={round(t.left)}
                y={round(t.top)}
                width={round(t.size) + 0.5}
                height={round(t.size) + 0.5}
                preserveAspectRatio="none"
                data-tile={`${t.z}/${t.x}/${t.y}`}
              />
            ))}
          </g>
        )}
        <image
          className="map-land"
          href={landImageUrl(vp, !!tiles)}
          width={vp.width}
          height={vp.height}
          aria-hidden="true"
        />
        <g className="map-markers">
          {props.markers.map((m) => {
            const { x, y } = toPixel(vp, m.lat, m.lon);
            const common = {
              className: `map-marker map-marker-${m.kind}`,
              transform: `translate(${round(x)} ${round(y)})`,
              "data-map-key": m.key,
              "data-lat": m.lat,
              "data-lon": m.lon,
            };
            const shape = <Pin kind={m.kind} number={m.number} />;
            return m.href ? (
              <a key={m.key} href={m.href} aria-label={m.label} {...common}>
                <title>{m.label}</title>
                {shape}
              </a>
            ) : (
              <g key={m.key} role="img" aria-label={m.label} {...common}>
                <title>{m.label}</title>
                {shape}
              </g>
            );
          })}
        </g>
      </svg>
      <figcaption className="map-credit">
        {props.credits.base}: <a href="https://www.naturalearthdata.com/">Natural Earth</a>
        {tiles && (
          <>
            {" · "}
            {props.credits.tiles}:{" "}
            {tiles.attributionUrl ? (
              <a href={tiles.attributionUrl} rel="noopener noreferrer">
                {tiles.attribution}
              </a>
            ) : (
              tiles.attribution
            )}
          </>
        )}
      </figcaption>
    </figure>
  );
}

function Pin({ kind, number }: { kind: MapMarker["kind"]; number?: number }) {
  if (kind === "place") return <circle className="pin" r={6} />;
  return (
    <g className="pin">
      <circle r={kind === "current" ? 13 : 11} />
      {number !== undefined && (
        <text textAnchor="middle" dy="0.35em">
          {number}
        </text>
      )}
    </g>
  );
}
