import { codeLabel, spokenLanguageName } from "@/lib/i18n";
import { isCalendarDate } from "@/lib/search";
import { Row, Section, decimals, yesNo, type SectionProps } from "./section";

/**
 * At a glance: type, languages, coordinates (an OpenStreetMap link) and when the supplier last updated the record, as a
 * day in the visitor's language. Other providers' ids are for the booking hand-off, not for travellers; legal
 * numbers have their own section (./legal.tsx).
 */
export function FactsSection({ record: r, language, m }: SectionProps) {
  const { latitude, longitude } = r.location.coordinates;
  const number = decimals(language);
  return (
    <Section id="facts" title={m.facts}>
      <dl className="facts">
        <Row term={m.propertyType}>{r.property_type && codeLabel(m.propertyTypeName, r.property_type)}</Row>
        <Row term={m.petFriendly}>{yesNo(r.is_pet_friendly, m)}</Row>
        <Row term={m.vacationRental}>{yesNo(r.is_vr, m)}</Row>
        <Row term={m.languagesSpoken}>{r.spoken_languages?.map((l) => spokenLanguageName(l, language)).join(", ")}</Row>
        <Row term={m.defaultLanguage}>{r.default_language && spokenLanguageName(r.default_language, language)}</Row>
        <Row term={m.coordinates}>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
            rel="noopener noreferrer"
          >
            {number.format(latitude)}, {number.format(longitude)}
          </a>
        </Row>
        <Row term={m.lastUpdated}>{updatedDay(r.updated_at, language)}</Row>
      </dl>
    </Section>
  );
}

/** The day of an export timestamp ("2026-01-11 11:04:59.033 Z", spec §2.1) in the visitor's language, or nothing. */
export function updatedDay(updatedAt: string | undefined, language: string): string | undefined {
  const day = updatedAt && /^(\d{4}-\d{2}-\d{2})[ T]/.exec(updatedAt)?.[1];
  if (!day || !isCalendarDate(day)) return undefined;
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}
