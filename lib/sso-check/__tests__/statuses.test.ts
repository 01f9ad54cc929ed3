import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { judgeStatus, STATUS_RULES } from "../statuses";

/** The table of docs/partner-onboarding.md that says how strict each refusal's status must be, row by row. */
function documentedTable(): string[][] {
  const doc = fs.readFileSync(path.join(import.meta.dirname, "../../../docs/partner-onboarding.md"), "utf8");
  const section = doc.split("### How strict a refusal's status must be")[1]!.split("\n### ")[0]!;
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("how strict a refusal's status must be", () => {
  it("is written once: the documented table is the code's definition, row by row", () => {
    expect(documentedTable()).toEqual(
      Object.entries(STATUS_RULES).map(([id, rule]) => [`\`${id}\``, String(rule.spec), rule.alsoPasses, rule.why]),
    );
  });

  it("passes §7's status, another 4xx of a browser page with a note, and fails a token endpoint's 403", () => {
    expect(judgeStatus("authorize.unknown_client", 400)).toEqual({ pass: true, text: "refused with 400" });
    expect(judgeStatus("authorize.unknown_client", 403)).toEqual({
      pass: true,
      text: "refused with 403 (§7 says 400)",
    });
    expect(judgeStatus("authorize.unregistered_redirect", 200).pass).toBe(false);
    expect(judgeStatus("token.reused_code", 403, "invalid_grant")).toEqual({
      pass: false,
      text: "403 error=invalid_grant, spec §7 says 400",
    });
    expect(judgeStatus("token.wrong_secret", 401)).toEqual({ pass: true, text: "refused with 401" });
    expect(judgeStatus("token.wrong_secret", 400, "invalid_client")).toEqual({
      pass: true,
      text: "refused with 400 error=invalid_client (§7 says 401)",
    });
    expect(judgeStatus("token.wrong_secret", 400, "invalid_request").pass).toBe(false);
    expect(judgeStatus("token.wrong_secret", 403, "invalid_client").pass).toBe(false);
  });
});
