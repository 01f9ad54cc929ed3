import type { Metadata } from "next";
import Link from "next/link";
import { brandContext } from "@/lib/brands/context";
import { getHotels } from "@/lib/hotels/queries";
import { shownImages } from "@/lib/hotels/images";
import { codeLabel } from "@/lib/i18n/codes";
import { format, messages } from "@/lib/i18n/messages";
import { countryName } from "@/lib/locale";
import { placeName } from "@/lib/places/types";
import { SEARCH_PATH, searchHref, searchQueryParams } from "@/lib/search/links";
import { parseSearchQuery, type QueryValues } from "@/lib/search/params";
import { hotelCatalog } from "@/lib/search/service";
import { stayParams, withStay } from "@/lib/search/stay";
import { store } from "@/lib/store";
import { trackArrival } from "@/lib/tracking/arrivals";
import { config } from "@/lib/config";
import { resultsViewport } from "@/lib/maps/pages";
import { MapView } from "../../_components/map";
import { MapSync } from "../../_components/map-sync";
import { SearchBox } from "../search-box";
import { hotelPath } from "@/lib/content/hotel-id";
import { searchBoxProps, stayHint } from "../stay-labels";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<QueryValues> };

export async function generateMetadata({ params }: Pick<Props, "params">): Promise<Metadata> {
  const { preferences } = await brandContext((await params).brand);
  return { title: messages(preferences.language).searchTitle };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Search results: the hotels of a place (the nearby-places url lands here), sorted, filtered and paged. A visitor
 * arriving through a partner link (source, label, sig) is noted for the operators (lib/tracking, nothing personal),
 * in memory: the page never waits for the store to record it.
 */
export default async function SearchPage({ params, searchParams }: Props) {
  const { brand, preferences } = await brandContext((await params).brand);
  const { language } = preferences;
  const m = messages(language);
  const values = await searchParams;
  const query = parseSearchQuery(values);

  if (first(values.source)) {
    trackArrival(brand, {
      source: first(values.source),
      label: first(values.label),
      placeId: query.placeId,
      anonymousId: first(values.anonymousId),
      sig: first(values.sig),
    });
  }
  const { db } = await store();

  const catalog = await hotelCatalog();
  // The catalog's names are the records' English ones (docs/decisions.md, names in lists): marked so on other pages.
  const nameLang = language === "en" ? undefined : "en";
  const typed = query.q && !query.placeId ? catalog.suggest(query.q, language, { places: 1, hotels: 20 }) : undefined;
  const placeId = query.placeId ?? typed?.places[0]?.place.placeId;
  const result = placeId ? catalog.search(placeId, query.filters) : undefined;
  /** The search box again, to change the destination or the stay (it keeps the place and filters while unchanged). */
  const box = (
    <SearchBox
      compact
      {...searchBoxProps(m, language, query)}
      hint={stayHint(brand, m)}
      destination={
        result
          ? {
              text: placeName(result.place, language),
              placeId: result.place.placeId,
              keep: Object.fromEntries(
                [
                  ...searchQueryParams({ placeId: query.placeId, q: query.q, filters: { ...query.filters, page: 1 } }),
                ].filter(([k]) => k !== "placeId" && k !== "q"),
              ),
            }
          : { text: query.q ?? "" }
      }
    />
  );

  if (!result) {
    return (
      <section className="results">
        <h1>{query.q ? format(m.noPlace, { q: query.q }) : m.choosePlace}</h1>
        {box}
        {typed && typed.hotels.length > 0 && (
          <>
            <h2>{format(m.hotelsMatching, { q: query.q ?? "" })}</h2>
            <ul className="hotel-list">
              {typed.hotels.map((h) => (
                <li key={h.id} className="hotel-card">
                  <div>
                    <h3 lang={nameLang}>
                      <Link href={withStay(hotelPath(h.id), query.stay)}>{h.name}</Link>
                    </h3>
                    <p className="muted">{[h.city, countryName(h.country, language)].filter(Boolean).join(", ")}</p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <Link href="/">{m.home}</Link>
        </p>
      </section>
    );
  }

  const records = await getHotels(
    db,
    result.items.map((i) => i.hotel.id),
  );
  const title = format(m.hotelsIn, { place: placeName(result.place, language) });
  const stay = stayParams(query.stay).toString();
  const hotelHref = (id: string) => `${hotelPath(id)}${stay ? `?${stay}` : ""}`;
  const filtered = !!(query.filters.propertyType || query.filters.petFriendly || query.filters.vacationRental);

  return (
    <section className="results" id="results">
      <h1>{title}</h1>
      <p className="muted">
        {countryName(result.place.country, language)} ·{" "}
        <span data-testid="result-count">
          {format(m.resultCount, { total: result.total, inPlace: result.inPlace })}
        </span>
      </p>
      {box}
      <form className="filters" method="get" action={SEARCH_PATH}>
        <input type="hidden" name="placeId" value={result.place.placeId} />
        {query.stay.rooms && <input type="hidden" name="rooms" value={query.stay.rooms} />}
        {query.stay.checkIn && <input type="hidden" name="checkIn" value={query.stay.checkIn} />}
        {query.stay.checkOut && <input type="hidden" name="checkOut" value={query.stay.checkOut} />}
        <label>
          <span>{m.sortBy}</span>
          <select name="sort" defaultValue={query.filters.sort}>
            <option value="distance">{m.sortDistance}</option>
            <option value="name">{m.sortName}</option>
          </select>
        </label>
        <label>
          <span>{m.propertyType}</span>
          <select name="type" defaultValue={query.filters.propertyType ?? ""}>
            <option value="">{m.anyType}</option>
            {result.propertyTypes.map((t) => (
              <option key={t.type} value={t.type}>
                {codeLabel(m.propertyTypeName, t.type)} ({t.count.toLocaleString(language)})
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" name="pets" value="1" defaultChecked={query.filters.petFriendly} />
          <span>{m.petFriendly}</span>
        </label>
        <label className="check">
          <input type="checkbox" name="vr" value="1" defaultChecked={query.filters.vacationRental} />
          <span>{m.vacationRental}</span>
        </label>
        <button type="submit">{m.apply}</button>
      </form>

      {result.total === 0 ? (
        <div className="empty">
          <p>{m.noResults}</p>
          {filtered && (
            <Link
              href={searchHref(
                { ...query, placeId: result.place.placeId },
                { propertyType: undefined, petFriendly: false, vacationRental: false },
              )}
            >
              {m.clearFilters}
            </Link>
          )}
        </div>
      ) : (
        <ol className="hotel-list">
          {result.items.map(({ hotel, distanceKm }) => {
            const image = shownImages(records.get(hotel.id)?.images, language)[0];
            const href = hotelHref(hotel.id);
            return (
              <li key={hotel.id} className="hotel-card" data-map-key={hotel.id}>
                {image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- supplier images come from arbitrary hosts
                  <img src={image.src} alt={image.caption ?? hotel.name} width={160} height={110} loading="lazy" />
                ) : (
                  <div className="no-image" aria-hidden />
                )}
                <div>
                  <h2 lang={nameLang}>
                    <Link href={href}>{hotel.name}</Link>
                  </h2>
                  <p className="muted">
                    {[hotel.city, countryName(hotel.country, language)].filter(Boolean).join(", ")}
                    {" · "}
                    {format(m.kmFromCentre, { km: distanceKm })}
                  </p>
                  <p className="tags">
                    {hotel.propertyType && <span>{codeLabel(m.propertyTypeName, hotel.propertyType)}</span>}
                    {hotel.petFriendly && <span>{m.petFriendly}</span>}
                    {hotel.vacationRental && <span>{m.vacationRental}</span>}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {result.items.length > 0 && (
        <>
          {/* The page's hotels on a map (a marker and its card highlight together: MapSync). */}
          <MapView
            testId="results-map"
            label={format(m.mapOfResults, { place: placeName(result.place, language) })}
            viewport={resultsViewport(result.items.map((i) => i.hotel))}
            markers={result.items.map(({ hotel }, i) => ({
              key: hotel.id,
              kind: "hotel",
              lat: hotel.lat,
              lon: hotel.lon,
              label: hotel.name,
              number: i + 1,
              href: hotelHref(hotel.id),
            }))}
            tiles={config().tileServer}
            credits={{ base: m.mapBaseCredit, tiles: m.mapTilesCredit }}
          />
          <MapSync containerId="results" />
        </>
      )}

      {result.pages > 1 && (
        <nav className="pager" aria-label={format(m.pageOf, { page: result.page, pages: result.pages })}>
          {result.page > 1 ? (
            <Link rel="prev" href={searchHref({ ...query, placeId: result.place.placeId }, { page: result.page - 1 })}>
              ← {m.previous}
            </Link>
          ) : (
            <span />
          )}
          <span>{format(m.pageOf, { page: result.page, pages: result.pages })}</span>
          {result.page < result.pages ? (
            <Link rel="next" href={searchHref({ ...query, placeId: result.place.placeId }, { page: result.page + 1 })}>
              {m.next} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
