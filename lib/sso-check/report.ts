import { markdownTable } from "@/lib/text";
import { itemOf, RESULT_LABEL, type CheckResult } from "./items";
import type { SsoCheckReport } from "./run";

/** One line of the report: the item, its spec rule, the result and why. */
export function resultLine(r: CheckResult): string {
  const item = itemOf(r.id);
  return `${RESULT_LABEL[r.status].padEnd(15)} ${item.title} (${item.rule}): ${r.reason}`;
}

/** The report's verdict in a line: failed, passed but incomplete, or passed (every item, or every required one). */
export function verdict(report: Omit<SsoCheckReport, "results">): string {
  return !report.ok
    ? `FAILED: ${report.failed} item(s) failed`
    : !report.complete
      ? "passed, but incomplete: required items could not be checked"
      : report.skipped
        ? `PASSED: every required item (optional ones not checked: ${report.skipped})`
        : "PASSED: every item of the checklist";
}

/** The report as a table (the spec rule per row), the hints of the failures, and a verdict. */
export function formatReport(report: SsoCheckReport): string {
  const rows = report.results.map((r) => {
    const item = itemOf(r.id);
    return [RESULT_LABEL[r.status], item.group, item.title, item.rule, r.reason + (r.seen ? ` [${r.seen}]` : "")];
  });
  const hints = report.results
    .filter((r) => r.status === "fail" && r.hint)
    .map((r) => `- ${itemOf(r.id).title}: ${r.hint}`);
  return [
    `Sign-on check of ${report.issuer} (client ${report.clientId}), ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s`,
    "",
    markdownTable(["result", "group", "item", "spec", "what was seen"], rows),
    ...(hints.length ? ["", "What to change:", ...hints] : []),
    ...(report.refused?.length
      ? [
          "",
          "The provider's pages tried to reach (refused by the outbound rules):",
          ...report.refused.map((r) => `- ${r.target}: ${r.reason}`),
        ]
      : []),
    "",
    `${verdict(report)} (${report.passed} passed, ${report.failed} failed, ${report.skipped} could not be checked)`,
  ].join("\n");
}
