import { BUDGET_HEADER, budgetRows, measurePageScripts, PAGE_TYPES } from "@/lib/bench";
import { markdownTable } from "@/lib/text";
import { expect, test } from "./fixtures/test";
import { site } from "./fixtures/site";

test("client JavaScript per page type stays within its budget over the trivial page", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A place of the seed (the first Paris suggestion), as bench:js finds one.
  await page.goto(site("aurora", "/search?q=Paris"));
  const placeId =
    new URL(page.url()).searchParams.get("placeId") ??
    (await page.locator("form.filters input[name=placeId]").getAttribute("value"));
  expect(placeId).toBeTruthy();
  // The configured browser: it trusts the demo IdP's certificate (a brand page may first try a silent sign-in there).
  const results = await measurePageScripts(
    browser,
    site("aurora", ""),
    PAGE_TYPES({ placeId: placeId!, hotelId: "HTL-0000001" }),
  );
  console.log(markdownTable(BUDGET_HEADER, budgetRows(results)));
  expect(results[0]!.gzipBytes).toBeGreaterThan(50 * 1024); // React and Next at least: the measure sees scripts
  expect(results.filter((r) => !r.withinBudget).map((r) => r.name)).toEqual([]);
});
