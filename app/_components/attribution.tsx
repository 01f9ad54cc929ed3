import { Fragment } from "react";
import { formatParts, messages } from "@/lib/i18n";
import type { Language } from "@/lib/locale";

/** Place data licences (GeoNames CC BY 4.0 asks for attribution); on every page's footer, in the page's language. */
export function Attribution({ language = "en" }: { language?: Language }) {
  const parts = formatParts(messages(language).placeDataCredit, {
    geonames: <a href="https://www.geonames.org/">GeoNames</a>,
    ourairports: <a href="https://ourairports.com/data/">OurAirports</a>,
  });
  return (
    <p className="attribution">
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </p>
  );
}
