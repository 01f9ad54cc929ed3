/**
 * Supplier HTML that lib/hotels/html.ts has already reduced to its allow-list (no attributes, no scripts); `lang` when
 * it is in another language than the page (English standing in for the visitor's).
 */
export function RichText({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  return (
    <div className={className ? `rich ${className}` : "rich"} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
