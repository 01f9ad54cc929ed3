/**
 * A count message in ICU MessageFormat's plural form ("{n, plural, one {# night} other {# nights}}"), formatted with
 * the browser's and Node's own Intl.PluralRules, on the server and in the search box alike.
 *
 * Not a library: intl-messageformat (the usual one) is 12 KB gzip on every page with a search box, for the one plural
 * the range calendar counts live; this reads only that shape (exact `=N` and the language's categories, `#` for the
 * number) and gives any other text back with {n} filled.
 */
export function formatCount(template: string, n: number, language: string): string {
  const number = n.toLocaleString(language);
  const head = /^\{\s*(\w+)\s*,\s*plural\s*,/.exec(template);
  if (!head || !template.endsWith("}")) return template.replace(/\{n\}/g, number);
  const options = new Map<string, string>();
  const body = template.slice(head[0].length, -1);
  const option = /\s*(=\d+|\w+)\s*\{/y;
  let at = 0;
  while (at < body.length) {
    option.lastIndex = at;
    const m = option.exec(body);
    if (!m) break;
    let depth = 1;
    let end = option.lastIndex;
    for (; end < body.length && depth > 0; end++) depth += body[end] === "{" ? 1 : body[end] === "}" ? -1 : 0;
    options.set(m[1]!, body.slice(option.lastIndex, end - 1));
    at = end;
  }
  const chosen = options.get(`=${n}`) ?? options.get(new Intl.PluralRules(language).select(n)) ?? options.get("other");
  return chosen === undefined ? template : chosen.replace(/#/g, number);
}
