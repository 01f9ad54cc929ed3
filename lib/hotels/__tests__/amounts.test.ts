import { describe, expect, it } from "vitest";
import { afterAmounts, readAmount } from "../amounts";
import { safeHtml } from "../html";

const mark = (text: string) => afterAmounts(text, (amount, code) => ` [${code} ${amount}]`);

describe("amounts in fee texts", () => {
  it("are found with their ISO code before or after the number", () => {
    expect(mark("A city tax of EUR 3.21 per person")).toBe("A city tax of EUR 3.21 [EUR 3.21] per person");
    expect(mark("Parking: 16 GBP per day, breakfast JPY1,500.")).toBe(
      "Parking: 16 GBP [GBP 16] per day, breakfast JPY1,500 [JPY 1500].",
    );
  });

  it("leave alone words that look like codes and codes of no currency", () => {
    expect(mark("The 3 BIG rooms and ABC 12 and Eur 5")).toBe("The 3 BIG rooms and ABC 12 and Eur 5");
    expect(mark("No amount here: EUR alone")).toBe("No amount here: EUR alone");
  });

  it("read grouping and decimal marks", () => {
    expect([readAmount("1,250"), readAmount("1.250"), readAmount("3,5"), readAmount("1.250,75")]).toEqual([
      1250, 1250, 3.5, 1250.75,
    ]);
  });

  it("add only escaped text after the supplier's text, which stays sanitised", () => {
    const html = safeHtml('<p onclick="x()">Pet fee: USD 20 <script>alert(1)</script></p>', (text) =>
      afterAmounts(text, () => " <small>≈ 18 €</small>"),
    );
    expect(html).toBe("<p>Pet fee: USD 20 <small>≈ 18 €</small> </p>");
  });
});
