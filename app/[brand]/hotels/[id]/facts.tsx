import { codeLabel } from "@/lib/i18n/codes";
import { spokenLanguageName } from "@/lib/i18n/names";
import { Row, Section, decimals, yesNo, type SectionProps } from "./section";

/** At a glance: type, languages, coordinates (an OpenStreetMap link), legal ids, other providers' ids. */
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
  );
}
