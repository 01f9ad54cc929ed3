/** A Markdown table: the first column left-aligned, the others right-aligned (numbers). */
export function markdownTable(header: string[], rows: string[][], leftAligned: number[] = [0]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const left = (i: number) => leftAligned.includes(i);
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (left(i) ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
