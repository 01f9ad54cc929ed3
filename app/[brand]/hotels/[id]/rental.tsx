import type { Translation } from "@/lib/hotels";
import { codeLabel, format } from "@/lib/i18n";
import { Row, Section, decimals, richHtml, type SectionProps } from "./section";

/** A vacation rental's rooms, size, house rules and property manager. */
export function RentalSection({ record: r, language, m }: SectionProps) {
  const vr = r.vr_details;
  if (!vr) return null;
  const rules = vr.house_rules;
  const rich = (t: Translation) => richHtml(t, language);
  const rule = (permitted: boolean | undefined, text: Translation) => {
    const html = rich(text);
    return permitted === undefined && !html ? undefined : (
      <>
        {permitted !== undefined && <strong>{permitted ? m.allowed : m.notAllowed}</strong>}
        {html}
      </>
    );
  };
  // Only an http(s) link to the manager: the record is a supplier's text.
  const managerHref = vr.property_manager?.href;
  const safeManagerHref = managerHref && /^https?:\/\//i.test(managerHref) ? managerHref : undefined;
  return (
    <Section id="vacation-rental" title={m.vacationRentalDetails}>
      <dl className="facts">
        <Row term={m.bedrooms}>{vr.bedrooms?.count}</Row>
        <Row term={m.beds}>{vr.bedrooms?.bed_types?.map((b) => codeLabel(m.bedType, b)).join(", ")}</Row>
        <Row term={m.bathrooms}>{vr.bathrooms?.count}</Row>
        <Row term={m.maxOccupancy}>{vr.max_occupancy ?? undefined}</Row>
        <Row term={m.propertySize}>
          {vr.property_size?.measurement !== undefined &&
            (vr.property_size.units
              ? codeLabel(m.sizeValue, vr.property_size.units, { size: vr.property_size.measurement })
              : decimals(language).format(vr.property_size.measurement))}
        </Row>
        <Row term={format(m.groupedTerm, { group: m.houseRules, term: m.children })}>
          {rule(rules?.child_rules?.children_permitted, rules?.child_rules?.owner_children_free_text)}
        </Row>
        <Row term={format(m.groupedTerm, { group: m.houseRules, term: m.parties })}>
          {rule(
            rules?.party_or_event_rules?.parties_or_events_permitted,
            rules?.party_or_event_rules?.owner_party_free_text,
          )}
        </Row>
        <Row term={format(m.groupedTerm, { group: m.houseRules, term: m.pets })}>
          {rule(rules?.pet_rules?.pets_permitted, rules?.pet_rules?.owner_pets_free_text)}
        </Row>
        <Row term={format(m.groupedTerm, { group: m.houseRules, term: m.smoking })}>
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
  );
}
