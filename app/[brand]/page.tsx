import Link from "next/link";
import { brandContext } from "@/lib/brands";
import { hotelCount, messages } from "@/lib/i18n";
import { countryName } from "@/lib/locale";
import { placeName } from "@/lib/places";
import { parseSearchQuery, type QueryValues, placeSearchHref, hotelCatalog } from "@/lib/search";
import { SearchBox } from "./search-box";
import { searchBoxProps, stayHint } from "./stay-labels";

export const dynamic = "force-dynamic";

/** Home: the destination search box and the places with the most hotels; a link's stay prefills the box. */
export default async function Home({
  params,
  searchParams,
}: {
  params: Promise<{ brand: string }>;
  searchParams: Promise<QueryValues>;
}) {
  const { brand, preferences } = await brandContext((await params).brand);
  const query = parseSearchQuery(await searchParams);
  const { language } = preferences;
  const m = messages(language);
  const catalog = await hotelCatalog();
  const popular = catalog.popular(8);
  return (
    <>
      <section className="hero">
        <h1>{m.searchPlaceholder}</h1>
        <p className="hero-brand">{brand.displayName}</p>
        <SearchBox {...searchBoxProps(m, language, query)} hint={stayHint(brand, m)} />
      </section>
      {popular.length > 0 && (
        <section aria-labelledby="popular">
          <h2 id="popular">{m.popular}</h2>
          <ul className="destinations">
            {popular.map(({ place, hotelsCnt }) => (
              <li key={place.placeId}>
                <Link href={placeSearchHref(place.placeId, query.stay)}>
                  <strong>{placeName(place, language)}</strong>
                  <span>{countryName(place.country, language)}</span>
                  <span className="count">{hotelCount(m, hotelsCnt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {catalog.size === 0 && <p className="empty">{m.noHotelsYet}</p>}
    </>
  );
}
