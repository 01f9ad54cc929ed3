import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Cookie } from "tough-cookie";
import { HttpBrowser, samePage, type Hop } from "@/lib/testing";
import { SSO_COOKIES } from "@/lib/auth/node";
import { demoBrands } from "@/lib/brands/node";
import { logLevel, environment } from "@/lib/config";
import { log } from "@/lib/log";
import { DEMO_PASSWORD, demoUsers, startDemoSso, type DemoSso } from "@/lib/partner-idp";
import { withLoadedServer } from "./http";
import { commandLine, runProgress as progress, stats, type Stats } from "@/lib/cli";
import { markdownTable } from "@/lib/text";

const usage = `Usage: npm run bench:sso -- [--runs 200] [--warmup 20] [--page /search?q=Paris] [--count 2000]

Builds the app, loads --count generated hotels into a fresh SQLite store, starts the reference partner IdP (HTTPS,
local CA) with the demo brands registered and silent login on, serves the built app (lib/server, as npm start does)
and signs one user in at the partner's site. Then, for the first demo brand's --page, it measures two kinds of
visitor, each a fresh Node "browser" (cookie jar, redirects followed by hand, a browser's navigation headers) that
holds the IdP's session cookies:

  silent sign-in   no session at the brand: page → IdP /authorize (prompt=none) → /oauth2/idpresponse → page,
                   timed from sending the first request until the signed-in page's 200 has been read;
  anonymous page   the same page for a visitor who already tried a silent login in this browser session (the
                   brand's sso_attempt cookie): one 200, anonymous.

--warmup runs of each (not counted), then --runs of each, interleaved (AB BA AB …) so that a slow moment of the
machine hits both. Connections are kept alive between runs (no TCP or TLS handshake in the times) and bodies are
not compressed; the IdP runs in this process, the app in its own. Targets: exactly 3 redirects in every
silent run; added time (silent − anonymous) at p50 ≤ 150 ms on loopback. Exit code 1 when a target fails.`;

const BRAND = demoBrands.brands[0]!;
const SIGNED_IN = 'class="account-name"';
const TARGET_REDIRECTS = 3;
const TARGET_ADDED_P50_MS = 150;

interface Options {
  runs: number;
  warmup: number;
  page: string;
  count: number;
}

function options(): Options {
  const { values } = commandLine("bench:sso", usage, {
    options: {
      runs: { type: "string", default: "200" },
      warmup: { type: "string", default: "20" },
      page: { type: "string", default: "/search?q=Paris" },
      count: { type: "string", default: "2000" },
    },
  });
  const int = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min} (got ${value})`);
    return n;
  };
  if (!values.page.startsWith("/")) throw new Error(`--page must be a path starting with / (got ${values.page})`);
  return {
    runs: int("runs", values.runs, 1),
    warmup: int("warmup", values.warmup, 0),
    page: values.page,
    count: int("count", values.count, 1),
  };
}

type Kind = "silent" | "anonymous";

interface Run {
  kind: Kind;
  /** From sending the first request until the last answer has been read. */
  ms: number;
  hops: Hop[];
  redirects: number;
  /** The final page's size (uncompressed HTML). */
  bytes: number;
  /** Why the run did not end as it should, or undefined. */
  failure?: string;
}

/** Why a silent run's hops are not page → IdP /authorize → brand /oauth2/idpresponse → page (signed in), if so. */
function silentFailure(hops: Hop[], body: string, pageUrl: string, issuer: string): string | undefined {
  const urls = hops.map((h) => new URL(h.url));
  const last = hops[hops.length - 1]!;
  const chain = hops.map((h) => `${h.status} ${new URL(h.url).pathname}`).join(" → ");
  if (hops.length !== TARGET_REDIRECTS + 1) return `${hops.length - 1} redirects: ${chain}`;
  if (urls[1]!.origin !== issuer || urls[1]!.pathname !== "/authorize") return `2nd hop is not the IdP's: ${chain}`;
  if (urls[2]!.origin !== new URL(pageUrl).origin || urls[2]!.pathname !== "/oauth2/idpresponse")
    return `3rd hop is not /oauth2/idpresponse: ${chain}`;
  if (urls[2]!.searchParams.has("error")) return `the IdP answered error=${urls[2]!.searchParams.get("error")}`;
  if (!samePage(last.url, pageUrl)) return `landed on ${last.url}`;
  if (last.status !== 200) return `final status ${last.status}: ${chain}`;
  if (!body.includes(SIGNED_IN)) return `the final page is anonymous: ${chain}`;
  return undefined;
}

function anonymousFailure(hops: Hop[], body: string): string | undefined {
  const chain = hops.map((h) => `${h.status} ${new URL(h.url).pathname}`).join(" → ");
  if (hops.length !== 1) return `${hops.length - 1} redirects: ${chain}`;
  if (hops[0]!.status !== 200) return `status ${hops[0]!.status}`;
  if (body.includes(SIGNED_IN)) return "the page shows a signed-in user";
  return undefined;
}

/** Signs the first demo user in at the partner's site, as a browser does; returns the IdP's session cookies. */
async function signInAtPartner(issuer: string, ca: Buffer): Promise<Cookie[]> {
  const browser = new HttpBrowser({ ca });
  const form = (body: string) => ({
    method: "POST",
    headers: {
      origin: issuer,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  });
  const start = await browser.request(`${issuer}/partner/signin`, form(""));
  if (start.status !== 303 || !start.headers.location)
    throw new Error(`partner site sign-in: ${start.status} from POST /partner/signin`);
  const toLogin = await browser.navigate(new URL(start.headers.location, issuer).href);
  if (toLogin.status !== 200 || !/^\/login\/[\w-]+$/.test(new URL(toLogin.url).pathname))
    throw new Error(`partner site sign-in: expected the IdP's login page, got ${toLogin.status} ${toLogin.url}`);
  const user = demoUsers[0]!;
  const submitted = await browser.request(
    toLogin.url,
    form(new URLSearchParams({ email: user.email, password: DEMO_PASSWORD }).toString()),
  );
  if (submitted.status < 300 || submitted.status >= 400 || !submitted.headers.location)
    throw new Error(`partner site sign-in: the login form answered ${submitted.status}`);
  const back = await browser.navigate(new URL(submitted.headers.location, toLogin.url).href);
  const home = await browser.request(`${issuer}/`);
  if (back.status !== 200 || !home.body.includes("Signed in as"))
    throw new Error(`partner site sign-in: not signed in at the IdP (${back.status} ${back.url})`);
  const cookies = browser.cookiesFor(`${issuer}/`).filter((c) => c.key.startsWith("_session"));
  if (!cookies.some((c) => c.key === "_session")) throw new Error("partner site sign-in: no _session cookie");
  return cookies;
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");

/** Warm-up pairs, then the measured ones: a silent and an anonymous run each, every visitor a fresh browser. */
async function measure(opts: Options, pageUrl: string, issuer: string, ca: Buffer, idpCookies: Cookie[]) {
  const once = async (kind: Kind): Promise<Run> => {
    const browser = new HttpBrowser({ ca });
    for (const c of idpCookies) browser.addCookie(issuer, c);
    // A visitor who already tried in this browser session: the proxy serves the page, no silent login.
    if (kind === "anonymous") browser.setCookie(pageUrl, SSO_COOKIES.attempt, String(Math.floor(Date.now() / 1000)));
    const { hops, body, ms } = await browser.navigate(pageUrl);
    const failure = kind === "silent" ? silentFailure(hops, body, pageUrl, issuer) : anonymousFailure(hops, body);
    return { kind, ms, hops, redirects: hops.length - 1, bytes: Buffer.byteLength(body), failure };
  };
  const pairs = async (n: number, label: string): Promise<Run[]> => {
    const runs: Run[] = [];
    const bar = progress(n);
    let failures = 0;
    for (let i = 0; i < n; i++) {
      // AB BA AB …: each kind goes first half the time.
      for (const kind of i % 2 ? (["anonymous", "silent"] as const) : (["silent", "anonymous"] as const)) {
        const run = await once(kind);
        if (run.failure) failures++;
        runs.push(run);
      }
      bar.update(i + 1, label, failures);
    }
    bar.done();
    return runs;
  };
  if (opts.warmup) await pairs(opts.warmup, "warm-up");
  return pairs(opts.runs, "run");
}

/** Prints the tables, the failures and the verdicts; whether every target passes. */
function report(opts: Options, runs: Run[], pageUrl: string): boolean {
  const cpus = os.cpus();
  const of = (kind: Kind) => runs.filter((r) => r.kind === kind);
  const [silent, anonymous] = [of("silent"), of("anonymous")];
  const good = (rs: Run[]) => rs.filter((r) => !r.failure);
  const [silentOk, anonymousOk] = [good(silent), good(anonymous)];
  const [s, a] = [stats(silentOk.map((r) => r.ms)), stats(anonymousOk.map((r) => r.ms))];
  const range = (rs: Run[]) => {
    const r = rs.map((x) => x.redirects);
    return r.length ? `${Math.min(...r)}–${Math.max(...r)}` : "–";
  };

  console.log(
    `\nbench:sso — ${BRAND.id} ${opts.page}, ${opts.count} hotels, ${opts.runs} runs of each kind (+${opts.warmup} warm-up), interleaved, on loopback`,
  );
  console.log(
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${os.platform()} ${os.arch()}, Node ${process.version}; ${new Date().toISOString()}\n`,
  );
  const row = (name: string, rs: Run[], st: Stats) => [
    name,
    String(rs.length),
    String(rs.length - good(rs).length),
    range(rs),
    fmt(st.p50),
    fmt(st.p90),
    fmt(st.p99),
    fmt(st.mean),
    rs.length ? `${Math.round(stats(rs.map((r) => r.bytes)).p50 / 1024)} KB` : "–",
  ];
  console.log(
    markdownTable(
      ["scenario", "runs", "failed", "redirects", "p50 ms", "p90 ms", "p99 ms", "mean ms", "page"],
      [row("anonymous page", anonymous, a), row("silent sign-in", silent, s)],
    ),
  );

  const added = { p50: s.p50 - a.p50, p90: s.p90 - a.p90 };
  console.log("");
  console.log(
    markdownTable(
      ["silent − anonymous", "p50", "p90"],
      [
        ["added time ms", fmt(added.p50), fmt(added.p90)],
        ["ratio", `${(s.p50 / a.p50).toFixed(2)}×`, `${(s.p90 / a.p90).toFixed(2)}×`],
      ],
    ),
  );

  // Where a silent run's time goes: each hop's median, and what the client itself spends between them.
  const names = [
    "brand page, no session → IdP",
    "IdP /authorize (prompt=none) → brand",
    "brand /oauth2/idpresponse (code exchange) → page",
    "brand page, signed in",
  ];
  const hopRows: string[][] = [];
  if (silentOk.length) {
    const sample = silentOk[0]!.hops;
    names.forEach((name, i) => {
      const st = stats(silentOk.map((r) => r.hops[i]!.ms));
      hopRows.push([`${i + 1}. ${name}`, String(sample[i]!.status), fmt(st.p50), fmt(st.p90), pct(st.p50, s.p50)]);
    });
    const client = stats(silentOk.map((r) => r.ms - r.hops.reduce((t, h) => t + h.ms, 0)));
    hopRows.push([
      "client between hops (cookie jar, URLs)",
      "",
      fmt(client.p50),
      fmt(client.p90),
      pct(client.p50, s.p50),
    ]);
  }
  const anonHop = stats(anonymousOk.map((r) => r.hops[0]!.ms));
  hopRows.push(["anonymous page (for comparison)", "200", fmt(anonHop.p50), fmt(anonHop.p90), ""]);
  console.log("");
  console.log(markdownTable(["silent sign-in, hop", "status", "p50 ms", "p90 ms", "of silent p50"], hopRows));

  const failed = runs.filter((r) => r.failure);
  if (failed.length) {
    console.log(`\nfailed runs (${failed.length}):`);
    const reasons = new Map<string, number>();
    for (const r of failed) reasons.set(`${r.kind}: ${r.failure}`, (reasons.get(`${r.kind}: ${r.failure}`) ?? 0) + 1);
    for (const [reason, n] of reasons) console.log(`  ${n} × ${reason}`);
  }

  const checks: [string, boolean][] = [
    [
      `exactly ${TARGET_REDIRECTS} redirects in every silent run (page → authorize → idpresponse → page): ${range(silent)}`,
      silent.length > 0 && silent.every((r) => r.redirects === TARGET_REDIRECTS),
    ],
    [
      `added time p50 ≤ ${TARGET_ADDED_P50_MS} ms: ${fmt(added.p50)} ms`,
      silentOk.length > 0 && anonymousOk.length > 0 && added.p50 <= TARGET_ADDED_P50_MS,
    ],
    [
      `every silent run ends signed in on ${new URL(pageUrl).pathname}, every anonymous run on one anonymous 200: ${failed.length} failed`,
      failed.length === 0,
    ],
  ];
  console.log("\ntargets:");
  for (const [text, pass] of checks) console.log(`  ${pass ? "PASS" : "FAIL"}  ${text}`);
  const passed = checks.every(([, pass]) => pass);
  console.log(
    `\nsummary: silent sign-in p50 ${fmt(s.p50)} ms vs anonymous ${fmt(a.p50)} ms (+${fmt(added.p50)} ms, ${(s.p50 / a.p50).toFixed(2)}×), ${range(silent)} redirects, ${failed.length} failed: ${passed ? "PASS" : "FAIL"}`,
  );
  return passed;
}

const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : "–");

async function main(): Promise<void> {
  const opts = options();
  // The IdP runs in this process: its info lines would break the progress line.
  log.level = logLevel(environment(), "warn");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sso-"));
  let sso: DemoSso | undefined;
  let passed = false;
  try {
    passed = await withLoadedServer(
      opts.count,
      async (server) => {
        const idp = sso!.idp;
        const ca = fs.readFileSync(idp.caFile);
        const pageUrl = `http://${BRAND.hosts[0]}:${server.port}${opts.page}`;
        console.log(`signing ${demoUsers[0]!.email} in at the partner's site (${idp.issuer}) …`);
        const idpCookies = await signInAtPartner(idp.issuer, ca);
        console.log(`measuring ${pageUrl}: ${opts.warmup} warm-up + ${opts.runs} runs of each kind …`);
        const runs = await measure(opts, pageUrl, idp.issuer, ca, idpCookies);
        const ok = report(opts, runs, pageUrl);
        if (!ok && runs.some((r) => r.failure)) {
          const errors = server.logs().trim().split("\n").slice(-10).join("\n");
          if (errors) console.log(`\nthe app server's last log lines:\n${errors}`);
        }
        return ok;
      },
      async (port) => {
        sso = await startDemoSso({ appPort: port, idpPort: 0, dataDir });
        return sso.env;
      },
    );
  } finally {
    await sso?.idp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((e: unknown) => {
  console.error(`bench:sso failed: ${(e as Error).message}`);
  process.exit(1);
});
