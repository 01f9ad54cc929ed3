import { fallbackLanguage, localizedHtml, localizedText, type Translation, type HotelExportRecord } from "@/lib/hotels";
import type { Messages } from "@/lib/i18n";
import type { Language } from "@/lib/locale";
import { RichText } from "../../../_components/rich-text";

/** What every section of the hotel page is given: the record, read once by the page, and the visitor's language. */
export interface SectionProps {
  record: HotelExportRecord;
  language: Language;
  m: Messages;
}

/** A titled panel of the page. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A definition-list row, left out when there is nothing to show. */
export function Row({ term, children }: { term: string; children: React.ReactNode }) {
  if (children === undefined || children === null || children === false || children === "") return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function yesNo(v: boolean | null | undefined, m: Messages): string | undefined {
  return v === undefined || v === null ? undefined : v ? m.yes : m.no;
}

/**
 * Allow-listed HTML of a value in the visitor's language, sanitised once, or the English one marked lang="en";
 * undefined leaves its row out.
 */
export function richHtml(t: Translation, language: Language): React.ReactNode {
  const html = localizedHtml(t, language);
  return html ? <RichText html={html} lang={fallbackLanguage(t, language)} /> : undefined;
}

/** Plain text of a value in the visitor's language, or the English one in a span marked lang="en". */
export function localizedSpan(t: Translation, language: Language): React.ReactNode {
  const text = localizedText(t, language);
  const lang = fallbackLanguage(t, language);
  return text && lang ? <span lang={lang}>{text}</span> : text;
}

/** Numbers as the record gives them (coordinates, sizes, amounts), in the visitor's language. */
export const decimals = (language: Language) => new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
