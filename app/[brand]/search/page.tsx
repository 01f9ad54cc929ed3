import type { Metadata } from "next";
import Link from "next/link";
import { brandContext } from "@/lib/brands";
import { getHotels, shownImages } from "@/lib/hotels";
import { codeLabel, format, messages } from "@/lib/i18n";
import { countryName } from "@/lib/locale";
import { placeName, roomsOf } from "@/lib/places";
import {
  pagerItems,
  SEARCH_PATH,
  searchHref,
  searchQueryParams,
  parseSearchQuery,
  type QueryValues,
  hotelCatalog,
  STAY_DEFAULT_ROOMS,
  stayParams,
  withStay,
} from "@/lib/search";
import { store } from "@/lib/store";
import { trackArrival } from "@/lib/tracking";
import { config } from "@/lib/config";
import { resultsViewport } from "@/lib/maps";
import { MapView } from "../../_components/map";
import { MapSync } from "../../_components/map-sync";
import { SearchBox } from "../search-box";
import { hotelPath } from "@/lib/hotels";
import { searchBoxProps, stayHint, stayLabels } from "../stay-labels";
import { datesSummary, roomsSummary } from "../stay-summary";
import { FiltersForm } from "./filters-form";

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
  const typed = query.q && !query.placeId ? catalog.suggest(query.q, language, { places: 1, hotels: 20 }) : undefined;
  const placeId = query.placeId ?? typed?.places[0]?.place.placeId;
  const result = placeId ? catalog.search(placeId, query.filters) : undefined;
  // The catalog's names are the records' English ones (docs/decisions.md, names in lists): marked so on other pages.
  const nameLang = language === "en" ? undefined : "en";
  /** The search box again, to change the destination or the stay (it keeps the place and filters while unchanged). */
  const searchBox = (
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
  // Phone first: the search is one line (where, when, who) that opens the form; open from the start when there is
  // nothing to show yet or the stay asked for needs correcting. Wide screens show the form itself (globals.css).
  const destinationText = result ? placeName(result.place, language) : query.q;
  const box = (
    <details className="search-summary" open={!result || query.stayProblems.length > 0}>
      <summary>
        <span className="summary-text">
          {destinationText && <strong>{destinationText}</strong>}
          <span>
            {datesSummary(query.stay, { nights: m.stayNightsMany, none: m.stayAddDates }, language)} ·{" "}
            {roomsSummary(roomsOf(query.stay.rooms ?? STAY_DEFAULT_ROOMS), stayLabels(m))}
          </span>
        </span>
        <span className="summary-edit">{m.searchEdit}</span>
      </summary>
      {searchBox}
    </details>
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
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const title = format(m.hotelsIn, { place: placeName(result.place, language) });
  const stay = stayParams(query.stay).toString();
  const hotelHref = (id: string) => `${hotelPath(id)}${stay ? `?${stay}` : ""}`;
  const filtered = !!(query.filters.propertyType || query.filters.petFriendly || query.filters.vacationRental);
  const pageHref = (page: number) => searchHref({ ...query, placeId: result.place.placeId }, { page });

  const sortLabels = { popular: m.sortPopular, distance: m.sortDistance, name: m.sortName } as const;
  const sorts = (["popular", "distance", "name"] as const).filter(
    // Distance from a country's or region's centre orders nothing a traveller cares about: popularity does.
    (s) => s !== "distance" || result.sort === "distance",
  );
  const activeFilters =
    (query.filters.propertyType ? 1 : 0) + (query.filters.petFriendly ? 1 : 0) + (query.filters.vacationRental ? 1 : 0);
  const stayFields = (
    <>
      {query.stay.rooms && <input type="hidden" name="rooms" value={query.stay.rooms} />}
      {query.stay.checkIn && <input type="hidden" name="checkIn" value={query.stay.checkIn} />}
      {query.stay.checkOut && <input type="hidden" name="checkOut" value={query.stay.checkOut} />}
    </>
  );

  return (
    // The layout with a map is known from the start ("with-map", not :has(.map-toggle)), so nothing moves when the map
    // arrives after the list while the page streams in.
    <section className={result.items.length > 0 ? "results with-map" : "results"} id="results">
      {box}
      <div className="results-head">
        <h1>{title}</h1>
        <p className="muted">
          {countryName(result.place.country, language)} ·{" "}
          <span data-testid="result-count">
            {format(m.resultCount, { total: result.total, inPlace: result.inPlace })}
          </span>
        </p>
      </div>
      <FiltersForm action={SEARCH_PATH} submitLabel={m.apply}>
        <input type="hidden" name="placeId" value={result.place.placeId} />
        {stayFields}
        <label className="sort">
          <span>{m.sortBy}</span>
          <select name="sort" defaultValue={result.sort}>
            {sorts.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </label>
        <details className="filter-choices" open={activeFilters > 0}>
          <summary>
            {m.filters}
            {activeFilters > 0 && <span className="badge"> ({activeFilters})</span>}
          </summary>
          <div className="filter-fields">
            <label>
              <span>{m.propertyType}</span>
              <select name="type" defaultValue={query.filters.propertyType ?? ""}>
                <option value="">{m.anyType}</option>
                {result.facets.propertyTypes.map((t) => (
                  <option key={t.type} value={t.type}>
                    {codeLabel(m.propertyTypeName, t.type)} ({number.format(t.count)})
                  </option>
                ))}
              </select>
            </label>
            <label className="check">
              <input type="checkbox" name="pets" value="1" defaultChecked={query.filters.petFriendly} />
              <span>
                {m.petFriendly} <span className="facet-count">({number.format(result.facets.petFriendly)})</span>
              </span>
            </label>
            <label className="check">
              <input type="checkbox" name="vr" value="1" defaultChecked={query.filters.vacationRental} />
              <span>
                {m.vacationRental} <span className="facet-count">({number.format(result.facets.vacationRental)})</span>
              </span>
            </label>
          </div>
        </details>
      </FiltersForm>

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
          {result.items.map(({ hotel, distanceKm }, i) => {
            const image = shownImages(records.get(hotel.id)?.images, language)[0];
            const href = hotelHref(hotel.id);
            return (
              <li key={hotel.id} className="hotel-card" data-map-key={hotel.id}>
                {image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- supplier images come from arbitrary hosts
                  <img
                    src={image.src}
                    alt={image.caption ?? hotel.name}
                    width={160}
                    height={110}
                    // The first cards are on the first screen (a phone's too): not lazy, the first one first.
                    loading={i < 3 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : undefined}
                  />
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
        <details className="map-toggle">
          <summary>
            <span className="when-closed">{m.showMap}</span>
            <span className="when-open">{m.hideMap}</span>
          </summary>
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
        </details>
      )}

      {result.pages > 1 && (
        <nav className="pager" aria-label={m.pages}>
          {result.page > 1 && (
            <Link rel="prev" href={pageHref(result.page - 1)}>
              ← {m.previous}
            </Link>
          )}
          <ol>
            {pagerItems(result.page, result.pages).map((p, i) =>
              p === "gap" ? (
                <li key={`gap${i}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={p}>
                  {p === result.page ? (
                    <Link href={pageHref(p)} aria-current="page" aria-label={format(m.pageNumber, { n: p })}>
                      {number.format(p)}
                    </Link>
                  ) : (
                    <Link href={pageHref(p)} aria-label={format(m.pageNumber, { n: p })}>
                      {number.format(p)}
                    </Link>
                  )}
                </li>
              ),
            )}
          </ol>
          {result.page < result.pages && (
            <Link rel="next" href={pageHref(result.page + 1)}>
              {m.next} →
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
