import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { store } from "@/lib/store";
import { getHotel, hotelHistory } from "@/lib/content/queries";
import { imageSrc, plainText } from "@/lib/content/text";
import { translationText } from "@/lib/content/summary";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };
type Image = { href?: string; caption?: Record<string, string>; hero_image?: boolean };

async function load(id: string) {
  const { db } = await store();
  return getHotel(db, id);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const hotel = await load(decodeURIComponent((await params).id));
  return { title: hotel ? (translationText(hotel.record.name) ?? hotel.record.id) : "Not found" };
}

export default async function HotelPage({ params }: Props) {
  const id = decodeURIComponent((await params).id);
  const hotel = await load(id);
  if (!hotel) notFound();
  const { db } = await store();
  const history = await hotelHistory(db, id);
  const r = hotel.record;
  const images = ((r.images as Image[] | undefined) ?? []).toSorted((a, b) => Number(!!b.hero_image) - Number(!!a.hero_image));
  const descriptions = (r.descriptions ?? {}) as Record<string, Record<string, string>>;

  return (
    <>
      <h1>{translationText(r.name) ?? r.id}</h1>
      <p className="muted">
        {plainText(r.location.address)} · {r.location.city} {r.location.country_code} · {r.location.coordinates.latitude},{" "}
        {r.location.coordinates.longitude}
      </p>
      <div className="gallery">
        {images.map((img, i) =>
          imageSrc(img.href) ? (
            <figure key={i}>
              {/* eslint-disable-next-line @next/next/no-img-element -- supplier images come from arbitrary hosts */}
              <img src={imageSrc(img.href)} alt={plainText(img.caption) || "Hotel image"} loading="lazy" />
              <figcaption>{plainText(img.caption)}</figcaption>
            </figure>
          ) : null,
        )}
      </div>
      <dl className="facts">
        <dt>Property type</dt>
        <dd>{r.property_type ?? "—"}</dd>
        <dt>Pet friendly</dt>
        <dd>{r.is_pet_friendly === undefined ? "—" : r.is_pet_friendly ? "Yes" : "No"}</dd>
        {Object.entries(descriptions).map(([key, value]) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{key.replace(/_/g, " ")}</dt>
            <dd>{plainText(value)}</dd>
          </div>
        ))}
        <dt>Last updated</dt>
        <dd>{r.updated_at ?? "—"}</dd>
        <dt>Versions kept</dt>
        <dd>
          {history.length} (current: v{hotel.version})
        </dd>
      </dl>
    </>
  );
}
