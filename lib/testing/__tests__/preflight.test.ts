import { describe, expect, it } from "vitest";
import { missing, missingLine } from "../preflight";
import { TEST_POSTGRES_URL } from "../store";

describe("a tier's check of what it needs", () => {
  it("names a database that does not answer, and the command that starts it, on one line and at once", async () => {
    // The unit tier points the test database at a closed port (vitest.config.ts).
    expect(new URL(TEST_POSTGRES_URL).port).toBe("1");
    const started = Date.now();
    const found = await missing(["postgres"]);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(found).toEqual([
      expect.stringMatching(/^PostgreSQL does not answer on 127\.0\.0\.1:1: run `npm run pretest`/),
    ]);
    const line = missingLine("integration", found);
    expect(line).toMatch(/^integration tests cannot run, missing: PostgreSQL/);
    expect(line).not.toContain("\n");
  });
});
