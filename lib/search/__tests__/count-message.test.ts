import { describe, expect, it } from "vitest";
import { messages } from "@/lib/i18n/messages";
import { formatCount } from "../count-message";

describe("formatCount", () => {
  it("picks the language's plural form of a count message, with the number in its digits", () => {
    expect(formatCount(messages("en").stayNights, 1, "en")).toBe("1 night");
    expect(formatCount(messages("en").stayNights, 2, "en")).toBe("2 nights");
    expect(formatCount(messages("de").stayNights, 3, "de")).toBe("3 Nächte");
    expect(formatCount(messages("fr").stayNights, 1, "fr")).toBe("1 nuit");
    expect(formatCount(messages("ja").stayNights, 4, "ja")).toBe("4泊");
    expect(formatCount("{n, plural, =0 {none} one {# item} other {# items}}", 0, "en")).toBe("none");
    expect(formatCount("{n, plural, one {# Woche} other {# Wochen}}", 1234, "de")).toBe("1.234 Wochen");
  });

  it("fills {n} in a message that is no plural", () => {
    expect(formatCount(messages("ja").pageNumber, 3, "ja")).toBe("3ページ");
    expect(formatCount("Page {n}", 12, "en")).toBe("Page 12");
  });
});
