import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { brandContext } from "@/lib/brands/context";
import { getHotel } from "@/lib/content/queries";
import { localizedHtml, localizedText, type Translation } from "@/lib/content/html";
import { shownImages } from "@/lib/content/images";
import type { HotelExportRecord } from "@/lib/content/record-types";
import { categoryLabels, format, messages, type Messages } from "@/lib/i18n/messages";
import { spokenLanguageName } from "@/lib/i18n/names";
import { countryName, type Language } from "@/lib/locale";
import { parseSearchQuery, type QueryValues } from "@/lib/search/params";
import { store } from "@/lib/store";
import { config } from "@/lib/config";
import { hotelViewport, placesNearHotel } from "@/lib/maps/pages";
import { placeName } from "@/lib/places/types";
import { placeSearchHref } from "@/lib/search/links";
import { hotelCatalog } from "@/lib/search/service";
import { MapView } from "../../../_components/map";
import { RichText } from "../../../_components/rich-text";
import { SearchBox } from "../../search-box";
import { searchBoxProps } from "../../stay-labels";
import { NearbyPanel } from "./nearby-panel";
import { Gallery } from "./gallery";
import { absoluteHttpUrl, hotelJsonLd, pageUrls, scriptSafeJson, socialMetadata } from "@/lib/seo";
import type { Brand } from "@/lib/brands";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ brand: string; id: string }>; searchParams: Promise<QueryValues> };

/** Seed §2.1 descriptions, in the order a reader wants them (headline is shown under the name). */
const DESCRIPTIONS = [
  "overall",
  "location",
  "rooms",
  "amenities",
  "dining",
  "business_amenities",
  "attractions",
  "renovations",
  "national_ratings",
] as const;
const HEALTH = [
  "enhanced_cleaning_practices",
  "cleaned_with_disinfectant",
  "self_check_in_and_check_out",
  "gap_between_stays",
] as const;

/** The record, read once per request (the metadata and the page both need it). */
const load = cache(async (id: string) => {
  const { db } = await store();
  return getHotel(db, id);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { brand: brandId, id } = await params;
  const [{ brand, preferences }, hotel] = await Promise.all([brandContext(brandId), load(id)]);
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

const hotelUrls = (brand: Brand, id: string, language: Language) =>
  pageUrls(brand, `/hotels/${encodeURIComponent(id)}`, language);

/** The name: the visitor's language, English, then any language, then the id (a property needs a title). */
function hotelName(r: HotelExportRecord, language: Language): string {
  return (
    localizedText(r.name, language) ??
    Object.values(r.name ?? {}).find((v): v is string => typeof v === "string" && v.trim() !== "") ??
    r.id
  );
}

/** A definition-list row, left out when there is nothing to show. */
function Row({ term, children }: { term: string; children: React.ReactNode }) {
  if (children === undefined || children === null || children === false || children === "") return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

function yesNo(v: boolean | null | undefined, m: Messages): string | undefined {
  return v === undefined || v === null ? undefined : v ? m.yes : m.no;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export default async function HotelPage({ params, searchParams }: Props) {
  const { brand: brandId, id } = await params;
  const [{ brand, preferences }, hotel, values, catalog] = await Promise.all([
    brandContext(brandId),
    load(id),
    searchParams,
    hotelCatalog(),
  ]);
  if (!hotel) notFound();
  const { language, currency } = preferences;
  const m = messages(language);
  const r = hotel.record as HotelExportRecord;
  const query = parseSearchQuery(values);
  const name = hotelName(r, language);
  const images = shownImages(r.images, language);
  const headline = localizedText(r.descriptions?.headline, language);
  const { latitude, longitude } = r.location.coordinates;
  const ci = r.check_in;
  const co = r.check_out;
  const keys = r.key_collection_info;
  const pol = r.policies;
  const pay = r.payment_information;
  const vr = r.vr_details;
  const rules = vr?.house_rules;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
  const money = (amount: number, code: string | undefined) => {
    try {
      return code
        ? new Intl.NumberFormat(language, { style: "currency", currency: code }).format(amount)
        : number.format(amount);
    } catch {
      return `${number.format(amount)} ${code}`;
    }
  };
  const managerHref = vr?.property_manager?.href;
  const safeManagerHref = managerHref && /^https?:\/\//i.test(managerHref) ? managerHref : undefined;
  const window = (from?: string, until?: string) =>
    [from && `${m.from} ${from}`, until && `${m.until} ${until}`].filter(Boolean).join(" ") || undefined;
  /** Allow-listed HTML of a value in the visitor's language, sanitised once; undefined leaves its row out. */
  const rich = (t: Translation) => {
    const html = localizedHtml(t, language);
    return html ? <RichText html={html} /> : undefined;
  };
  const rule = (permitted: boolean | undefined, text: Translation) => {
    const html = rich(text);
    return permitted === undefined && !html ? undefined : (
      <>
        {permitted !== undefined && <strong>{permitted ? m.allowed : m.notAllowed}</strong>}
        {html}
      </>
    );
  };
  const nearbyPlaces = placesNearHotel(catalog.view, { lat: latitude, lon: longitude });
  const categories = categoryLabels(language);
  const descriptions = DESCRIPTIONS.flatMap((k) => {
    const html = localizedHtml(r.descriptions?.[k], language);
    return html ? [{ k, html }] : [];
  });

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
      <header className="hotel-header">
        <h1>{name}</h1>
        {headline && <p className="headline">{headline}</p>}
        <address>
          {[
            localizedText(r.location.address, language),
            r.location.city,
            r.location.state_province,
            countryName(r.location.country_code, language),
          ]
            .filter(Boolean)
            .join(", ")}
        </address>
      </header>

      <section aria-label={m.stayYourStay}>
        <SearchBox
          compact
          destination={false}
          action={`/hotels/${encodeURIComponent(r.id)}`}
          {...searchBoxProps(m, language, query, m.stayUpdate)}
        />
      </section>

      {images.length > 0 && (
        <Gallery
          images={images.map((img) => ({ ...img, alt: img.caption ?? name }))}
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
          {descriptions.length > 0 && (
            <Section id="about" title={m.about}>
              {descriptions.map(({ k, html }) => (
                <div key={k} className="description">
                  <h3>{m[k]}</h3>
                  <RichText html={html} />
                </div>
              ))}
            </Section>
          )}

          {(ci || co) && (
            <Section id="check-in" title={`${m.checkIn} / ${m.checkOut}`}>
              <dl className="facts">
                <Row term={m.checkIn}>{window(ci?.begin_time, ci?.end_time)}</Row>
                <Row term={m.allDay}>{yesNo(ci?.["24_hour"], m)}</Row>
                <Row term={m.minAge}>{ci?.min_age}</Row>
                <Row term={m.maxAge}>{ci?.max_age}</Row>
                <Row term={m.instructions}>{rich(ci?.instructions)}</Row>
                <Row term={m.specialInstructions}>{rich(ci?.special_instructions)}</Row>
                <Row term={m.checkOut}>{window(co?.begin_time, co?.end_time)}</Row>
                <Row term={m.checkOutPolicy}>{rich(co?.policy)}</Row>
              </dl>
            </Section>
          )}

          {keys && (
            <Section id="keys" title={m.keyCollection}>
              <dl className="facts">
                <Row term={m.keyLocation}>{rich(keys.key_location)}</Row>
                <Row term={m.howToCollect}>{rich(keys.how_to_collect)}</Row>
                <Row term={m.alternativeKeyLocation}>
                  {[
                    localizedText(keys.alternative_key_location?.address, language),
                    keys.alternative_key_location?.zip,
                    keys.alternative_key_location?.city,
                  ]
                    .filter(Boolean)
                    .join(", ")}
                </Row>
              </dl>
            </Section>
          )}

          {pol && (
            <Section id="policies" title={m.policies}>
              <dl className="facts">
                <Row term={m.knowBeforeYouGo}>{rich(pol.know_before_you_go)}</Row>
                <Row term={m.nationalityRestrictions}>{rich(pol.nationality_restrictions)}</Row>
                {HEALTH.map((k) => (
                  <Row key={k} term={`${m.healthAndSafety}: ${m[k]}`}>
                    {yesNo(pol.health_and_safety?.[k], m)}
                  </Row>
                ))}
              </dl>
            </Section>
          )}

          {pay && (
            <Section id="payment" title={m.payment}>
              <dl className="facts">
                <Row term={m.paymentCurrency}>{pay.currency}</Row>
                <Row term={m.acceptedCards}>
                  {pay.accepted_credit_cards
                    ?.map((c) => (c.card_type ? `${c.card_name} (${c.card_type})` : c.card_name))
                    .join(", ")}
                </Row>
                <Row term={m.creditCardRequired}>{yesNo(pay.creditcard_required, m)}</Row>
                <Row term={m.registrationRecommended}>{yesNo(pay.payment_registration_recommended, m)}</Row>
                <Row term={m.domesticWithoutCard}>{yesNo(pay.book_domestic_without_cc_details, m)}</Row>
                <Row term={m.mandatoryFees}>{rich(pay.fees?.mandatory)}</Row>
                <Row term={m.optionalFees}>{rich(pay.fees?.optional)}</Row>
                <Row term={m.deposit}>
                  {pay.fees?.deposit?.amount !== undefined && (
                    <>
                      <strong>{money(pay.fees.deposit.amount, pay.fees.deposit.currency)}</strong>
                      {rich(pay.fees.deposit.description)}
                    </>
                  )}
                </Row>
                <Row term={m.onsitePayments}>
                  {pay.onsite_payments?.types &&
                    [pay.onsite_payments.types.join(", "), pay.onsite_payments.currency].filter(Boolean).join(" · ")}
                </Row>
              </dl>
            </Section>
          )}

          {vr && (
            <Section id="vacation-rental" title={m.vacationRentalDetails}>
              <dl className="facts">
                <Row term={m.bedrooms}>{vr.bedrooms?.count}</Row>
                <Row term={m.beds}>{vr.bedrooms?.bed_types?.join(", ")}</Row>
                <Row term={m.bathrooms}>{vr.bathrooms?.count}</Row>
                <Row term={m.maxOccupancy}>{vr.max_occupancy ?? undefined}</Row>
                <Row term={m.propertySize}>
                  {vr.property_size?.measurement !== undefined &&
                    `${number.format(vr.property_size.measurement)} ${vr.property_size.units ?? ""}`.trim()}
                </Row>
                <Row term={`${m.houseRules}: ${m.children}`}>
                  {rule(rules?.child_rules?.children_permitted, rules?.child_rules?.owner_children_free_text)}
                </Row>
                <Row term={`${m.houseRules}: ${m.parties}`}>
                  {rule(
                    rules?.party_or_event_rules?.parties_or_events_permitted,
                    rules?.party_or_event_rules?.owner_party_free_text,
                  )}
                </Row>
                <Row term={`${m.houseRules}: ${m.pets}`}>
                  {rule(rules?.pet_rules?.pets_permitted, rules?.pet_rules?.owner_pets_free_text)}
                </Row>
                <Row term={`${m.houseRules}: ${m.smoking}`}>
                  {rule(rules?.smoking_rules?.smoking_permitted, rules?.smoking_rules?.owner_smoking_free_text)}
                </Row>
                <Row term={m.propertyManager}>
                  {vr.property_manager?.name &&
                    (safeManagerHref ? (
                      <a href={safeManagerHref} rel="nofollow noopener noreferrer">
                        {vr.property_manager.name}
                      </a>
                    ) : (
                      vr.property_manager.name
                    ))}
                </Row>
              </dl>
            </Section>
          )}
        </div>

        <aside className="hotel-side">
          <Section id="facts" title={m.facts}>
            <dl className="facts">
              <Row term={m.propertyType}>{r.property_type}</Row>
              <Row term={m.petFriendly}>{yesNo(r.is_pet_friendly, m)}</Row>
              <Row term={m.vacationRental}>{yesNo(r.is_vr, m)}</Row>
              <Row term={m.languagesSpoken}>
                {r.spoken_languages?.map((l) => spokenLanguageName(l, language)).join(", ")}
              </Row>
              <Row term={m.defaultLanguage}>
                {r.default_language && spokenLanguageName(r.default_language, language)}
              </Row>
              <Row term={m.coordinates}>
                <a
                  href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
                  rel="noopener noreferrer"
                >
                  {number.format(latitude)}, {number.format(longitude)}
                </a>
              </Row>
              <Row term={m.license}>{r.legal?.license}</Row>
              <Row term={m.registryNumber}>{r.legal?.registry_number}</Row>
              <Row term={m.taxId}>{r.legal?.tax_id}</Row>
              <Row term={m.otherIds}>
                {r.mappings &&
                  Object.entries(r.mappings)
                    .map(([k, v]) => `${k} ${v}`)
                    .join(", ")}
              </Row>
              <Row term={m.lastUpdated}>{r.updated_at}</Row>
            </dl>
          </Section>
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
                  href: placeSearchHref(p.placeId, query.stay),
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
              hotel: m.hotel,
              hotels: m.hotels,
              categories,
            }}
          />
        </aside>
      </div>
    </article>
  );
}
