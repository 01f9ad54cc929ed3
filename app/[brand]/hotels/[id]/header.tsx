import { fallbackLanguage, localizedText, oneLine } from "@/lib/hotels";
import { countryName } from "@/lib/locale";
import { localizedSpan, type SectionProps } from "./section";

/**
 * The name, the headline under it and the address; what stands in English for the visitor's language is marked so
 * (the name's language: ./hotel.ts hotelNameLanguage).
 */
export function HotelHeader({
  record: r,
  language,
  name,
  nameLanguage,
}: Omit<SectionProps, "m"> & { name: string; nameLanguage?: string }) {
  const headline = localizedText(r.descriptions?.headline, language);
  const rest = [
    oneLine(r.location.city),
    oneLine(r.location.state_province),
    countryName(r.location.country_code, language),
  ]
    .filter(Boolean)
    .join(", ");
  const street = localizedSpan(r.location.address, language);
  return (
    <header className="hotel-header">
      <h1 lang={nameLanguage}>{name}</h1>
      {headline && (
        <p className="headline" lang={fallbackLanguage(r.descriptions?.headline, language)}>
          {headline}
        </p>
      )}
      <address>
        {street}
        {street && rest ? ", " : ""}
        {rest}
      </address>
    </header>
  );
}
