import fs from "node:fs";

/**
 * Prints a line per test tier of npm test and one closing line over all of them ("N passed, N failed, N skipped"),
 * read from the JSON reports vitest (unit, integration) and Playwright (browser) write under .data/test-results/.
 */
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitest(file: string): Counts {
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as {
    numTotalTests: number;
    numPassedTests: number;
    numFailedTests: number;
  };
  // Whatever neither passed nor failed (skipped or pending) counts as skipped.
  const skipped = r.numTotalTests - r.numPassedTests - r.numFailedTests;
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped };
}

function playwright(file: string): Counts {
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [tier, file, read] of [
  ["unit", ".data/test-results/vitest-unit.json", vitest],
  ["integration", ".data/test-results/vitest-integration.json", vitest],
  ["browser", ".data/test-results/playwright.json", playwright],
] as const) {
  if (!fs.existsSync(file)) {
    console.error(`missing ${file}: the ${tier} tier did not run`);
    process.exit(1);
  }
  const c = read(file);
  console.log(`${tier}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || total.passed === 0 ? 1 : 0);
