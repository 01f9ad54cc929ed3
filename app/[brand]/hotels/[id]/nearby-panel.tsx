"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { format, type Message } from "@/lib/i18n/client";
import { placeSearchHref, type Stay } from "@/lib/search/client";

interface NearbyPlace {
  placeName: string;
  placeId: string;
  placeCountry: string;
  placeCategory: string;
  distanceKM: number;
  hotelsCnt: number;
}

/** The hotel page's nearby places, loaded by the browser from the platform's own route (lib/places underneath). */
export function NearbyPanel(props: {
  hotelId: string;
  language: string;
  currency: string;
  /** The visitor's stay, carried on into the places' result links. */
  stay: Stay;
  labels: {
    title: string;
    loading: string;
    error: string;
    empty: string;
    hotels: Message<{ count: number }>;
    categories: Record<string, string>;
  };
}) {
  const { data, isPending, isError } = useQuery({
    queryKey: ["nearby", props.hotelId, props.language, props.currency],
    queryFn: async ({ signal }): Promise<{ places: NearbyPlace[] }> => {
      const q = new URLSearchParams({ lang: props.language, curr: props.currency });
      const res = await fetch(`/api/hotels/${encodeURIComponent(props.hotelId)}/nearby?${q}`, { signal });
      if (!res.ok) throw new Error(`nearby: ${res.status}`);
      return res.json();
    },
  });
  const number = new Intl.NumberFormat(props.language, { maximumFractionDigits: 1 });
  return (
    <section className="panel nearby" aria-labelledby="nearby-title" aria-busy={isPending}>
      <h2 id="nearby-title">{props.labels.title}</h2>
      {isPending ? (
        <p className="muted">{props.labels.loading}</p>
      ) : isError ? (
        <p role="alert">{props.labels.error}</p>
      ) : data.places.length === 0 ? (
        <p className="muted">{props.labels.empty}</p>
      ) : (
        <ul data-testid="nearby-places">
          {data.places.map((p) => (
            <li key={p.placeId}>
              <Link href={placeSearchHref(p.placeId, props.stay)}>{p.placeName}</Link>
              <span className="muted">
                {props.labels.categories[p.placeCategory] ?? p.placeCategory} · {number.format(p.distanceKM)} km ·{" "}
                {format(props.labels.hotels, { count: p.hotelsCnt })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
