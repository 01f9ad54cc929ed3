import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { brands, brandContext } from "@/lib/brands";
import { converterTo } from "@/lib/exchange-rates";
import { localizedText, shownImages, type HotelExportRecord } from "@/lib/hotels";
import { codeLabel, categoryLabels, messages } from "@/lib/i18n";
import { placesNearHotel } from "@/lib/maps";
import { parseSearchQuery, type QueryValues, hotelCatalog } from "@/lib/search";
import { absoluteHttpUrl, hotelJsonLd, scriptSafeJson, socialMetadata } from "@/lib/seo";
import { handoffLink } from "@/lib/tracking";
import { SearchBox } from "../../search-box";
import { searchBoxProps } from "../../stay-labels";
import { AboutSection } from "./about";
import { CheckInSection } from "./check-in";
import { FactsSection } from "./facts";
import { Gallery } from "./gallery";
import { HandoffPanel } from "./handoff";
import { HotelHeader } from "./header";
import { hotelName, hotelNameLanguage, hotelUrls, loadHotel } from "./hotel";
import { MapSection } from "./hotel-map";
import { KeysSection } from "./keys";
import { LegalSection } from "./legal";
import { NearbyPanel } from "./nearby-panel";
import { PaymentSection } from "./payment";
import { PoliciesSection } from "./policies";
import { RentalSection } from "./rental";
import type { SectionProps } from "./section";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ brand: string; id: string }>; searchParams: Promise<QueryValues> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { brand: brandId, id } = await params;
  const [{ brand, preferences }, hotel] = await Promise.all([brandContext(brandId), loadHotel(id)]);
  const r = hotel?.record as HotelExportRecord | undefined;
  if (!r) return { title: messages(preferences.language).notFound };
  const { language } = preferences;
  const name = hotelName(r, language);
  const hero = shownImages(r.images, language)[0];
  // The social cards show the hero image (an absolute http(s) URL, or none).
  return {
    title: name,
    description: localizedText(r.descriptions?.headline, language),
    ...socialMetadata(brand, {
      url: hotelUrls(brand, r.id, language).canonical,
      language,
      title: name,
      description: localizedText(r.descriptions?.headline, language),
      image: absoluteHttpUrl(brand, hero?.large),
      imageAlt: hero?.caption ?? name,
    }),
  };
}

/** A hotel's page: the record read once, shown in sections (each its own file beside this one). */
export default async function HotelPage({ params, searchParams }: Props) {
  const { brand: brandId, id } = await params;
  const [{ brand, preferences }, hotel, values, catalog] = await Promise.all([
    brandContext(brandId),
    loadHotel(id),
    searchParams,
    hotelCatalog(),
  ]);
  if (!hotel) notFound();
  const { language, currency } = preferences;
  const m = messages(language);
  const r = hotel.record as HotelExportRecord;
  const query = parseSearchQuery(values);
  const name = hotelName(r, language);
  const nameLanguage = hotelNameLanguage(r, language);
  const images = shownImages(r.images, language);
  const { latitude, longitude } = r.location.coordinates;
  const nearbyPlaces = placesNearHotel(catalog.view, { lat: latitude, lon: longitude });
  const section: SectionProps = { record: r, language, m };
  // The next step (lib/tracking/handoff.ts): the brand's booking site with this stay, or what the controls are for.
  const handoff = brands().handoff(brand);
  const rates = handoffLink(brand, r, { stay: query.stay, currency, language });
  const converter = converterTo(currency);

  // schema.org Hotel (lib/seo): a data block, never run; its JSON escaped so no record text can end the element.
  const jsonLd = hotelJsonLd({
    record: r,
    language,
    name,
    url: hotelUrls(brand, r.id, language).canonical,
    images: images.flatMap((img) => absoluteHttpUrl(brand, img.large) ?? []),
  });

  return (
    <article className="hotel">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(jsonLd) }} />
      <HotelHeader record={r} language={language} name={name} nameLanguage={nameLanguage} />

      <section aria-label={m.stayYourStay} className="stay-panel">
        <SearchBox
          compact
          destination={false}
          action={`/hotels/${encodeURIComponent(r.id)}`}
          {...searchBoxProps(m, language, query, m.stayUpdate)}
        />
        <HandoffPanel
          href={rates}
          siteName={handoff?.siteName}
          stay={query.stay}
          currency={currency}
          language={language}
          m={m}
          converts={converter !== undefined}
        />
      </section>

      {images.length > 0 && (
        <Gallery
          images={images.map(({ captionLanguage, ...img }) => ({
            ...img,
            alt: img.caption ?? name,
            lang: img.caption ? captionLanguage : nameLanguage,
            categories: img.categories.map((c) => codeLabel(m.photoCategory, c)),
          }))}
          labels={{
            photos: m.photos,
            dialog: m.galleryDialog,
            close: m.galleryClose,
            previous: m.galleryPrevious,
            next: m.galleryNext,
            counter: m.galleryCounter,
          }}
        />
      )}

      <div className="hotel-body">
        <div className="hotel-main">
          <AboutSection {...section} />
          <CheckInSection {...section} />
          <KeysSection {...section} />
          <PoliciesSection {...section} />
          <PaymentSection {...section} converter={converter} />
          <RentalSection {...section} />
          <LegalSection {...section} />
        </div>

        <aside className="hotel-side">
          <FactsSection {...section} />
          <MapSection {...section} name={name} nearbyPlaces={nearbyPlaces} stay={query.stay} />
          <NearbyPanel
            hotelId={r.id}
            language={language}
            currency={currency}
            stay={query.stay}
            labels={{
              title: m.nearby,
              loading: m.nearbyLoading,
              error: m.nearbyError,
              empty: m.nearbyEmpty,
              hotels: m.hotels,
              categories: categoryLabels(language),
            }}
          />
        </aside>
      </div>
    </article>
  );
}
