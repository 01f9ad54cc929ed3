import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from "lighthouse";
import { userAgents } from "lighthouse/core/config/constants.js";
import { SSO_COOKIES } from "@/lib/auth/node";
import { demoBrands } from "@/lib/brands/node";
import { hotelId } from "@/lib/content";
import { startDemoSso, type DemoSso } from "@/lib/partner-idp";
import { getJson, withLoadedServer } from "./http";
import { commandLine, usageError } from "@/lib/cli";
import { markdownTable } from "@/lib/text";
import { chromiumPath } from "@/lib/config";

const usage = `Usage: npm run bench:lighthouse -- [--count 2000] [--presets mobile,desktop] [--no-first-visit]

Builds the app, loads --count generated hotels into a fresh SQLite store, starts the reference partner IdP with the
demo brands registered (silent sign-in on) and serves the built app as npm start does. Then runs Lighthouse 12
(Debian Chromium, or CHROMIUM_PATH; mobile and desktop presets, simulated throttling) on the home, destination and
hotel pages of both demo brands, next to the trivial page (/ping) as the baseline, and prints the four category
scores with LCP, TBT and CLS:

  returning visitor  a browser that already tried a silent sign-in this session (the brand's sso_attempt cookie):
                     the page alone. Targets: performance ≥ 95, accessibility, best practices and SEO 100, CLS 0.
  first visit        no cookie: the silent sign-in round trip through the partner IdP (no session there, so
                     login_required) comes first. Reported beside, no target (--no-first-visit leaves it out).

Lighthouse's own user agent names it, and brands never send a robot to the IdP: the runs use the preset's user agent
without "Chrome-Lighthouse", as a traveller's browser sends it. Exit code 1 when a returning-visitor target fails.`;

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const CATEGORIES = Object.keys(TARGETS) as (keyof typeof TARGETS)[];
const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

type Preset = "mobile" | "desktop";
type Visit = "returning" | "first";

interface Measured {
  scores: Record<keyof typeof TARGETS, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Where the browser ended up (a redirect chain that did not come back shows here). */
  finalUrl: string;
  /** What moved, when anything did: each shift's element (its selector) and score, from the layout-shifts audit. */
  shifts: string[];
}

/**
 * A Chromium of its own for Lighthouse to drive, on a free DevTools port: resolves once it says where it listens.
 * The partner IdP's certificate comes from the demo's local CA, which this profile does not know.
 */
async function launchChromium(profile: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(
    chromiumPath(),
    [...CHROMIUM_FLAGS, "--ignore-certificate-errors", "--remote-debugging-port=0", `--user-data-dir=${profile}`],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`chromium exited (${code}) before listening: ${err.slice(-500)}`)));
  });
  return { port, process: child };
}

async function audit(port: number, url: string, preset: Preset, visit: Visit): Promise<Measured> {
  const agent = (preset === "mobile" ? userAgents.mobile : userAgents.desktop).replace(/ Chrome-Lighthouse$/, "");
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    emulatedUserAgent: agent,
    // A returning visitor's browser holds the brand's attempt cookie (Lighthouse clears the origin's own storage
    // before each run, so it is sent as a header).
    ...(visit === "returning"
      ? { extraHeaders: { Cookie: `${SSO_COOKIES.attempt}=${Math.floor(Date.now() / 1000)}` } }
      : {}),
  };
  const config: Config | undefined = preset === "desktop" ? desktopConfig : undefined;
  const result: RunnerResult | undefined = await lighthouse(url, flags, config);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Measured["scores"],
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    finalUrl: lhr.finalDisplayedUrl,
    shifts: (
      (lhr.audits["layout-shifts"]?.details as { items?: { node?: { selector?: string }; score?: number }[] })?.items ??
      []
    ).map((i) => `${i.node?.selector ?? "?"} (${(i.score ?? 0).toFixed(3)})`),
  };
}

function options() {
  const { values } = commandLine("bench:lighthouse", usage, {
    options: {
      count: { type: "string", default: "2000" },
      presets: { type: "string", default: "mobile,desktop" },
      "no-first-visit": { type: "boolean", default: false },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 10)
    usageError("bench:lighthouse", `--count must be an integer ≥ 10 (got ${values.count})`);
  const presets = values.presets.split(",").map((p) => p.trim());
  for (const p of presets)
    if (p !== "mobile" && p !== "desktop")
      usageError("bench:lighthouse", `--presets takes mobile and/or desktop (got ${p})`);
  return { count, presets: presets as Preset[], firstVisit: !values["no-first-visit"] };
}

const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "-");

async function main(): Promise<void> {
  const opts = options();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
  let sso: DemoSso | undefined;
  let missed: string[] = [];
  try {
    missed = await withLoadedServer(
      opts.count,
      async (server) => {
        const brands = demoBrands.brands.map((b) => ({
          name: b.displayName,
          origin: `http://${b.hosts[0]}:${server.port}`,
        }));
        const { places } = await getJson<{ places: { placeId: string }[] }>(server.port, "/api/suggest?q=Paris");
        if (!places[0]) throw new Error("no place found for Paris");
        const pages = [
          ["trivial (/ping)", "/ping"],
          ["home", "/"],
          ["destination", `/search?placeId=${encodeURIComponent(places[0].placeId)}`],
          ["hotel", `/hotels/${hotelId(1)}`],
        ] as const;
        const rows: string[][] = [];
        const failed: string[] = [];
        const visits: Visit[] = opts.firstVisit ? ["returning", "first"] : ["returning"];
        const total = brands.length * pages.length * opts.presets.length * visits.length;
        let done = 0;
        for (const preset of opts.presets) {
          for (const brand of brands) {
            const baseline: Partial<Record<Visit, Measured>> = {};
            for (const [name, p] of pages) {
              for (const visit of visits) {
                // A fresh profile per run: nothing cached, no cookie but the one a returning visitor sends.
                const profile = fs.mkdtempSync(path.join(dataDir, "profile-"));
                const chromium = await launchChromium(profile);
                let m: Measured;
                try {
                  m = await audit(chromium.port, `${brand.origin}${p}`, preset, visit);
                } finally {
                  chromium.process.kill();
                }
                done++;
                console.log(
                  `[${done}/${total}] ${preset} ${brand.name} ${name} (${visit} visit): performance ${m.scores.performance}`,
                );
                if (p === "/ping") baseline[visit] = m;
                const base = baseline[visit];
                const checked = visit === "returning" && p !== "/ping";
                const misses = checked
                  ? [
                      ...CATEGORIES.filter((c) => m.scores[c] < TARGETS[c]).map((c) => `${c} ${m.scores[c]}`),
                      ...(m.cls > 0 ? [`CLS ${m.cls.toFixed(3)}`] : []),
                    ]
                  : [];
                if (misses.length) failed.push(`${preset} ${brand.name} ${name}: ${misses.join(", ")}`);
                if (m.cls > 0) console.log(`  what moved: ${m.shifts.join("; ") || "(not named by Lighthouse)"}`);
                rows.push([
                  preset,
                  brand.name,
                  name,
                  visit,
                  ...CATEGORIES.map((c) => String(m.scores[c])),
                  ms(m.lcpMs),
                  base && p !== "/ping" ? `${(m.lcpMs / base.lcpMs).toFixed(2)}×` : "",
                  ms(m.tbtMs),
                  m.cls.toFixed(3),
                  checked ? (misses.length ? "MISSED" : "ok") : "",
                ]);
              }
            }
          }
        }
        console.log(
          `\nLighthouse 12.2.3, ${opts.count} hotels, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ` +
            `${new Date().toISOString().slice(0, 10)}. Targets for a returning visitor: performance ≥ 95, ` +
            `accessibility / best practices / SEO 100, CLS 0. "LCP ×": over the trivial page's.\n`,
        );
        console.log(
          markdownTable(
            [
              "preset",
              "brand",
              "page",
              "visit",
              "perf",
              "a11y",
              "best pr.",
              "SEO",
              "LCP",
              "LCP ×",
              "TBT",
              "CLS",
              "target",
            ],
            rows,
            [0, 1, 2, 3],
          ),
        );
        return failed;
      },
      async (port) => {
        sso = await startDemoSso({ appPort: port, idpPort: 0, dataDir: path.join(dataDir, "sso") });
        return sso.env;
      },
    );
  } finally {
    await sso?.idp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed.length) {
    console.error(`\ntargets missed:\n  ${missed.join("\n  ")}`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  console.error(`bench:lighthouse failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
