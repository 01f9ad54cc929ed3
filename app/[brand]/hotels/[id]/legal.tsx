import { oneLine } from "@/lib/hotels";
import { Row, type SectionProps } from "./section";

/**
 * The property's legal numbers (licence, registry number, tax id) under a small "Legal" heading: some countries
 * require rentals to show their licence. Left out when the record has none.
 */
export function LegalSection({ record: r, m }: SectionProps) {
  const license = oneLine(r.legal?.license);
  const registry = oneLine(r.legal?.registry_number);
  const taxId = oneLine(r.legal?.tax_id);
  if (!license && !registry && !taxId) return null;
  return (
    <section className="legal" aria-labelledby="legal">
      <h2 id="legal">{m.legal}</h2>
      <dl>
        <Row term={m.license}>{license}</Row>
        <Row term={m.registryNumber}>{registry}</Row>
        <Row term={m.taxId}>{taxId}</Row>
      </dl>
    </section>
  );
}
