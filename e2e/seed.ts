import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { generateExport, nextDayExport, LocalSource, syncExport } from "@/lib/content";
import { openStore } from "@/lib/store";
import { spawn } from "node:child_process";
import { exitWithParent } from "@/lib/runtime";
import { startDemoSso } from "@/lib/partner-idp";
import { cliEntry } from "@/lib/testing";
import { SAMPLE_RATES_FILE } from "@/lib/exchange-rates";
import { E2E_SSO_DIR } from "./fixtures/site";

/** The operators' token of the e2e server (the status page tests sign in with it). */
export const E2E_OPS_TOKEN = "e2e-operators-token-0001";

/** A record carrying hostile content in every place a page shows text, an image or a link. */
export const HOSTILE = {
  id: "XSS-1",
  name: { en: "Hostile <script>window.__pwned = 1</script> Inn" },
  location: {
    address: { en: "<img src=x onerror=window.__pwned=1>" },
    coordinates: { latitude: 48.85, longitude: 2.35 },
    country_code: "FR",
    city: "Paris",
    // Copied as it is into the hotel page's JSON-LD data block: it must not end the block.
    state_province: "</script><script>window.__pwned=1</script><!--",
  },
  images: [
    { href: "javascript:window.__pwned=1", caption: { en: "bad" } },
    {
      href: "https://sample-images.hotel-platform.test/room-1.svg",
      caption: { en: '<b onmouseover="window.__pwned=1">Room</b>' },
      hero_image: true,
    },
  ],
  descriptions: {
    overall: {
      en: '<p onclick="window.__pwned=1">Nice <a href="javascript:alert(1)">place</a></p><script>window.__pwned=1</script><ul><li>open item',
    },
    location: { en: '<iframe src="javascript:window.__pwned=1"></iframe><svg onload="window.__pwned=1"></svg>Central' },
  },
  policies: { know_before_you_go: { en: '<img src=x onerror="window.__pwned=1"><strong>Quiet hours</strong>' } },
  vr_details: { property_manager: { name: "Shady Manager", href: "javascript:window.__pwned=1" } },
};

/**
 * Seeds a fresh SQLite store with two days of a generated export (1 000 hotels, then the next day's changes, removals,
 * additions and a few invalid records) plus one record carrying hostile content.
 */
export async function seed(): Promise<void> {
  const dir = path.join(".data", "e2e");
  fs.rmSync(dir, { recursive: true, force: true });
  const day1 = path.join(dir, "day1");
  const day2 = path.join(dir, "day2");
  await generateExport({ out: day1, count: 1000, seed: 42 });
  await nextDayExport({ from: day1, out: day2, seed: 43, invalid: 3 });
  fs.appendFileSync(path.join(day2, "hotels.jsonl"), JSON.stringify(HOSTILE) + "\n");
  const store = await openStore({ kind: "sqlite", sqliteFile: path.join(dir, "hotels.sqlite") });
  try {
    for (const exportDir of [day1, day2]) {
      const s = await syncExport({
        store,
        source: new LocalSource(exportDir),
        log: pino({ level: "warn" }),
        maxRemovedShare: 0.2,
        maxRejectedShare: 0.1,
        lockStaleSeconds: 30,
      });
      if (s.status !== "published") throw new Error(`e2e seed failed: ${JSON.stringify(s)}`);
    }
  } finally {
    await store.close();
  }
}

/**
 * The e2e web server, as `npm run demo` runs the product: seed a fresh store, start the reference partner IdP with
 * both brands registered (silent login on), then serve the built app on it (Playwright stops it after the run).
 */
/**
 * The shipped sample of the ECB reference rates (lib/exchange-rates/sample) dated today, so that its rates are in
 * force (not stale) whenever the run is: the browser tests check the fees' conversions with its values.
 */
export const E2E_RATES_FILE = path.join(".data", "e2e", "eurofxref-daily.xml");
function freshRates(): void {
  const today = new Date().toISOString().slice(0, 10);
  const sample = fs.readFileSync(SAMPLE_RATES_FILE, "utf8");
  fs.writeFileSync(E2E_RATES_FILE, sample.replace(/time='\d{4}-\d{2}-\d{2}'/, `time='${today}'`));
}

export async function serve(port: string, idpPort: string): Promise<void> {
  exitWithParent(process.ppid);
  await seed();
  freshRates();
  const sso = await startDemoSso({ appPort: Number(port), idpPort: Number(idpPort), dataDir: E2E_SSO_DIR });
  const server = spawn(process.execPath, [...cliEntry("start"), "--port", port, "--hostname", "127.0.0.1"], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: "sqlite://.data/e2e/hotels.sqlite",
      OPS_TOKEN: E2E_OPS_TOKEN,
      EXCHANGE_RATES_FILE: E2E_RATES_FILE,
      EXIT_WITH_PARENT: String(process.pid),
      ...sso.env,
      // The IdP is up for the whole run: the brand trusts the start-up's discovery instead of probing the IdP before
      // each visitor's silent sign-in (a probe the visitor waits 1.5 s for), and a contact on a loaded machine gets
      // time to answer instead of opening the circuit. "An IdP that is down" runs a server of its own with probes.
      SSO_IDP_CHECK_SECONDS: "3600",
      SSO_HTTP_TIMEOUT_MS: "20000",
    },
  });
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.kill(sig));
  server.on("exit", (code) => void sso.idp.close().then(() => process.exit(code ?? 0)));
}

if (process.argv[2] === "serve") void serve(process.argv[3] ?? "3210", process.argv[4] ?? "3211");
