import path from "node:path";
import { defineConfig } from "@playwright/test";
import { ensureTls } from "@/lib/partner-idp";
import { E2E_SSO_DIR, IDP_PORT, PORT } from "./e2e/fixtures/site";
import { CHROMIUM, missingLine, missingSync } from "@/lib/testing";

// What the browser tier needs, checked once (workers load this file again): Playwright starts the web server before
// any globalSetup, so the check is here, and a missing piece stops the run with one line instead of a server timeout.
if (!process.env.TEST_BROWSER_PREFLIGHT) {
  const found = missingSync(["chromium", "openssl", "next-build", "cli-bundle"]);
  if (found.length) {
    console.error(missingLine("browser", found));
    process.exit(1);
  }
  process.env.TEST_BROWSER_PREFLIGHT = "ok";
}

// The reference partner IdP serves HTTPS with a certificate of a local CA (made here if missing, the IdP reuses it):
// Chromium trusts that one certificate by its public key, as a browser trusts a real IdP.
const idpTls = ensureTls(path.join(E2E_SSO_DIR, "partner-idp"), "localhost");

/**
 * Browser tests in Debian's Chromium against the built app (next build, served by lib/server) on a freshly seeded
 * store, with the reference partner IdP and silent login on, as the demo runs (e2e/seed.ts).
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [[process.env.CI ? "list" : "line"], ["json", { outputFile: ".data/test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        `--ignore-certificate-errors-spki-list=${idpTls.spkiSha256}`,
      ],
    },
  },
  webServer: {
    command: `node --import tsx e2e/seed.ts serve ${PORT} ${IDP_PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A cap, not a wait: seeding and starting take longer on a busy machine.
    timeout: 180_000,
    env: { LOG_LEVEL: "warn" },
  },
});
