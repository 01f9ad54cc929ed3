import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

/**
 * The JavaScript each brand page type sends: a page is loaded in Chromium until the network is
 * idle and every script response it fetched is gzipped (level 6, what a server sends) and summed. Budgets are over
 * the brand's trivial page (/ping: React, Next and the layout's client parts).
 */
export interface PageType {
  name: string;
  /** Path and query on the brand host. */
  path: string;
  /** Allowed gzip bytes over the trivial page; none: reported only. */
  budgetOverTrivial?: number;
}

export const KB = 1024;

export const PAGE_TYPES = (ids: { placeId: string; hotelId: string }): PageType[] => [
  { name: "trivial page (/ping)", path: "/ping" },
  { name: "home", path: "/" },
  { name: "search results", path: `/search?placeId=${ids.placeId}`, budgetOverTrivial: 60 * KB },
  { name: "hotel page", path: `/hotels/${encodeURIComponent(ids.hotelId)}`, budgetOverTrivial: 40 * KB },
  { name: "SSO test page", path: "/sso-test" },
  { name: "sign-in", path: "/sign-in" },
];

export interface PageScripts extends PageType {
  scripts: number;
  gzipBytes: number;
  overTrivial: number;
  withinBudget: boolean;
}

/** Loads each page (origin: the brand host, e.g. http://brand-a.localhost:3000) in a fresh context. */
export async function measurePageScripts(browser: Browser, origin: string, pages: PageType[]): Promise<PageScripts[]> {
  const measured: { page: PageType; scripts: number; gzipBytes: number }[] = [];
  for (const p of pages) {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      const sizes: Promise<number>[] = [];
      tab.on("response", (res) => {
        if (res.request().resourceType() !== "script" || res.status() !== 200) return;
        sizes.push(
          res
            .body()
            .then((b) => gzipSync(b).length)
            .catch(() => 0),
        );
      });
      const res = await tab.goto(origin + p.path, { waitUntil: "networkidle" });
      if (!res || res.status() !== 200) throw new Error(`${p.path}: status ${res?.status()}`);
      const all = await Promise.all(sizes);
      measured.push({ page: p, scripts: all.length, gzipBytes: all.reduce((a, b) => a + b, 0) });
    } finally {
      await context.close();
    }
  }
  const trivial = measured[0]?.gzipBytes ?? 0;
  return measured.map(({ page, scripts, gzipBytes }) => ({
    ...page,
    scripts,
    gzipBytes,
    overTrivial: gzipBytes - trivial,
    withinBudget: page.budgetOverTrivial === undefined || gzipBytes - trivial <= page.budgetOverTrivial,
  }));
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** The report's table rows: page, scripts, gzip, over the trivial page, budget, verdict. */
export function budgetRows(results: PageScripts[]): string[][] {
  return results.map((r, i) => [
    r.name,
    String(r.scripts),
    kb(r.gzipBytes),
    i === 0 ? "(baseline)" : `${r.overTrivial >= 0 ? "+" : ""}${kb(r.overTrivial)}`,
    r.budgetOverTrivial === undefined ? "–" : `≤ +${kb(r.budgetOverTrivial)}`,
    r.budgetOverTrivial === undefined ? "" : r.withinBudget ? "ok" : "OVER",
  ]);
}

export const BUDGET_HEADER = ["page", "scripts", "gzip", "over trivial", "budget", ""];
