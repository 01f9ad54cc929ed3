import type { Translation } from "@/lib/hotels";
import { format } from "@/lib/i18n";
import { Row, Section, richHtml, yesNo, type SectionProps } from "./section";

const HEALTH = [
  "enhanced_cleaning_practices",
  "cleaned_with_disinfectant",
  "self_check_in_and_check_out",
  "gap_between_stays",
] as const;

/** Know before you go, nationality restrictions and the health and safety answers. */
export function PoliciesSection({ record: r, language, m }: SectionProps) {
  const pol = r.policies;
  if (!pol) return null;
  const rich = (t: Translation) => richHtml(t, language);
  return (
    <Section id="policies" title={m.policies}>
      <dl className="facts">
        <Row term={m.knowBeforeYouGo}>{rich(pol.know_before_you_go)}</Row>
        <Row term={m.nationalityRestrictions}>{rich(pol.nationality_restrictions)}</Row>
        {HEALTH.map((k) => (
          <Row key={k} term={format(m.groupedTerm, { group: m.healthAndSafety, term: m[k] })}>
            {yesNo(pol.health_and_safety?.[k], m)}
          </Row>
        ))}
      </dl>
    </Section>
  );
}
