import { oneLine, type Translation } from "@/lib/hotels";
import { Row, Section, localizedSpan, richHtml, type SectionProps } from "./section";

/** Where and how to collect the keys (vacation rentals mostly). */
export function KeysSection({ record: r, language, m }: SectionProps) {
  const keys = r.key_collection_info;
  if (!keys) return null;
  const rich = (t: Translation) => richHtml(t, language);
  const alternative = keys.alternative_key_location;
  const street = localizedSpan(alternative?.address, language);
  const rest = [oneLine(alternative?.zip), oneLine(alternative?.city)].filter(Boolean).join(", ");
  return (
    <Section id="keys" title={m.keyCollection}>
      <dl className="facts">
        <Row term={m.keyLocation}>{rich(keys.key_location)}</Row>
        <Row term={m.howToCollect}>{rich(keys.how_to_collect)}</Row>
        <Row term={m.alternativeKeyLocation}>
          {(street || rest) && (
            <>
              {street}
              {street && rest ? ", " : ""}
              {rest}
            </>
          )}
        </Row>
      </dl>
    </Section>
  );
}
