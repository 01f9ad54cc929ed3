/** Supplier HTML that lib/hotels/html.ts has already reduced to its allow-list (no attributes, no scripts). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich ${className}` : "rich"} dangerouslySetInnerHTML={{ __html: html }} />;
}
