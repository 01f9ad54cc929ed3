import os from "node:os";
import { chromium } from "playwright-core";
import { demoBrands } from "@/lib/brands/node";
import { hotelId } from "@/lib/content";
import { loopbackFetch } from "@/lib/http/node";
import { withLoadedServer } from "./http";
import { commandLine } from "@/lib/cli";
import { markdownTable } from "@/lib/text";
import { BUDGET_HEADER, budgetRows, measurePageScripts, PAGE_TYPES } from "./js-budget";
import { chromiumPath } from "@/lib/config";

const usage = `Usage: npm run bench:js

Builds the app, loads 1 000 generated hotels into a fresh SQLite store, serves the built app (lib/server, as npm start
does) and loads each page type of the first demo brand in Chromium (/usr/bin/chromium, or CHROMIUM_PATH): the trivial
page (/ping), home, search results, a hotel page, the SSO test page and sign-in. Prints the gzip bytes of the
JavaScript each one fetched next to the trivial page's, with the budgets (search ≤ trivial + 60 KB, hotel page ≤
trivial + 40 KB); exits 1 when a page is over its budget.`;

const HOST = demoBrands.brands[0]!.hosts[0]!;

async function main(): Promise<void> {
  commandLine("bench:js", usage, {});
  const over = await withLoadedServer(1000, async (server) => {
    const origin = `http://${HOST}:${server.port}`;
    const suggest = await loopbackFetch(`${origin}/api/suggest?q=Paris`);
    const placeId = ((await suggest.json()) as { places: { placeId: string }[] }).places[0]?.placeId;
    if (!placeId) throw new Error("no place found for Paris");
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      const results = await measurePageScripts(browser, origin, PAGE_TYPES({ placeId, hotelId: hotelId(1) }));
      console.log(
        `\nClient JavaScript per page type (gzip), ${HOST}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ` +
          `${new Date().toISOString().slice(0, 10)}\n`,
      );
      console.log(markdownTable(BUDGET_HEADER, budgetRows(results)));
      return results.filter((r) => !r.withinBudget).map((r) => r.name);
    } finally {
      await browser.close();
    }
  });
  if (over.length > 0) {
    console.error(`over budget: ${over.join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
