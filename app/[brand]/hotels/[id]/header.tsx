import { localizedText, oneLine } from "@/lib/hotels/html";
import { countryName } from "@/lib/locale";
import type { SectionProps } from "./section";

/** The name, the headline under it and the address. */
export function HotelHeader({ record: r, language, name }: Omit<SectionProps, "m"> & { name: string }) {
  const headline = localizedText(r.descriptions?.headline, language);
  return (
    <header className="hotel-header">
      <h1>{name}</h1>
      {headline && <p className="headline">{headline}</p>}
      <address>
        {[
          localizedText(r.location.address, language),
          oneLine(r.location.city),
          oneLine(r.location.state_province),
          countryName(r.location.country_code, language),
        ]
          .filter(Boolean)
          .join(", ")}
      </address>
    </header>
  );
}
