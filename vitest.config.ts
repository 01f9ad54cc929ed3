import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["lib/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The store suites share one PostgreSQL database; files run one at a time to keep them apart.
    fileParallelism: false,
    reporters: ["default", ["json", { outputFile: ".data/test-results/vitest.json" }]],
  },
});
