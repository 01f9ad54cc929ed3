import { fallbackLanguage, localizedHtml } from "@/lib/hotels";
import { RichText } from "../../../_components/rich-text";
import { Section, type SectionProps } from "./section";

/** Spec §2.1 descriptions, in the order a reader wants them (headline is shown under the name). */
const DESCRIPTIONS = [
  "overall",
  "location",
  "rooms",
  "amenities",
  "dining",
  "business_amenities",
  "attractions",
  "renovations",
  "national_ratings",
] as const;

/** The descriptions the record has in the visitor's language (or English); none, no section. */
export function AboutSection({ record: r, language, m }: SectionProps) {
  const descriptions = DESCRIPTIONS.flatMap((k) => {
    const html = localizedHtml(r.descriptions?.[k], language);
    return html ? [{ k, html, lang: fallbackLanguage(r.descriptions?.[k], language) }] : [];
  });
  if (descriptions.length === 0) return null;
  return (
    <Section id="about" title={m.about}>
      {descriptions.map(({ k, html, lang }) => (
        <div key={k} className="description">
          <h3>{m[k]}</h3>
          <RichText html={html} lang={lang} />
        </div>
      ))}
    </Section>
  );
}
