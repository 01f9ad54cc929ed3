import { defineConfig } from "vitest/config";

/**
 * Two tiers of vitest files (the browser tier is Playwright's, playwright.config.ts), told apart by name:
 * - unit: `*.test.ts`, pure logic. No service, no build, no root; in-process loopback servers and temporary SQLite
 *   files are fine. Its PostgreSQL URL points at a closed port, so a unit file that reaches for a database fails.
 * - integration: `*.integration.test.ts`, anything that needs PostgreSQL, Redis, OpenSSH, the built app over HTTP
 *   (.next and the command-line bundle), an identity provider, or a command run as a user runs it.
 * lib/testing/__tests__/tiers.test.ts checks that no unit file uses what only the integration tier has.
 */
export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default", "json"],
    outputFile: { json: ".data/test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts"],
          exclude: ["lib/**/*.integration.test.ts"],
          env: { TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:1/the-unit-tier-has-no-database" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["lib/**/*.integration.test.ts"],
          globalSetup: ["lib/testing/setup-integration.ts"],
          // The store suites share one PostgreSQL database; files run one at a time to keep them apart.
          fileParallelism: false,
        },
      },
    ],
  },
});
