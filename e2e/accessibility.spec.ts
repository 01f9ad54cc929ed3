import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PORT, site } from "./fixtures/site";

/** Every page type of both brands, and the operators' sign-in, checked with axe-core (WCAG 2.1 A and AA rules). */
const PAGES = [
  site("aurora"),
  site("sakura"),
  site("aurora", "/search?q=Paris"),
  site("sakura", "/search?q=Paris&sort=name&pets=1"),
  site("aurora", "/hotels/HTL-0000001"),
  site("sakura", "/hotels/HTL-0000002"),
  site("aurora", "/no-such-page"),
  `http://127.0.0.1:${PORT}/ops`,
];

for (const url of PAGES) {
  test(`accessible: ${url.replace(/^http:\/\//, "")}`, async ({ page }) => {
    await page.goto(url);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const summary = violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
}
