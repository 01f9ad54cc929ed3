import { config } from "@/lib/config";
import { categoryLabels, format } from "@/lib/i18n";
import { hotelViewport } from "@/lib/maps";
import { placeName, type Place } from "@/lib/places";
import { placeSearchHref, type Stay } from "@/lib/search";
import { MapView } from "../../../_components/map";
import { Section, type SectionProps } from "./section";

/** The hotel on a map among the places near it, each a link to its results with the visitor's stay. */
export function MapSection({
  record: r,
  language,
  m,
  name,
  nearbyPlaces,
  stay,
}: SectionProps & { name: string; nearbyPlaces: Place[]; stay: Stay }) {
  const { latitude, longitude } = r.location.coordinates;
  const categories = categoryLabels(language);
  return (
    <Section id="map" title={m.mapTitle}>
      <MapView
        testId="hotel-map"
        label={format(m.mapOfHotel, { name })}
        viewport={hotelViewport({ lat: latitude, lon: longitude }, nearbyPlaces)}
        markers={[
          ...nearbyPlaces.map((p) => ({
            key: p.placeId,
            kind: "place" as const,
            lat: p.lat,
            lon: p.lon,
            label: `${placeName(p, language)} (${categories[p.category] ?? p.category})`,
            href: placeSearchHref(p.placeId, stay),
          })),
          // Last: drawn above the places.
          {
            key: r.id,
            kind: "current" as const,
            lat: latitude,
            lon: longitude,
            label: format(m.mapThisHotel, { name }),
          },
        ]}
        tiles={config().tileServer}
        credits={{ base: m.mapBaseCredit, tiles: m.mapTilesCredit }}
      />
    </Section>
  );
}
