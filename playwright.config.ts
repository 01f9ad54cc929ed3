import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);

/** Browser tests in Debian's Chromium against the built app (next build, served by lib/server) on a freshly seeded store (e2e/seed.ts). */
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
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  webServer: {
    command: `node --import tsx e2e/seed.ts serve ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { LOG_LEVEL: "warn" },
  },
});
