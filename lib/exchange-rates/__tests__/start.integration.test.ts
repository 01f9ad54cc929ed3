import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliEntry, tempDir } from "@/lib/testing";

/** A rates file the operator named but that does not read stops the server's start, naming the file and why. */
describe("the server's start with EXCHANGE_RATES_FILE", () => {
  const start = (file: string) =>
    spawnSync(process.execPath, [...cliEntry("start"), "--port", "1"], {
      env: { ...process.env, EXCHANGE_RATES_FILE: file, LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("refuses a file that is missing or not the ECB format", () => {
    const dir = tempDir("rates-start-");
    const missing = start(path.join(dir, "missing.xml"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/EXCHANGE_RATES_FILE .*missing\.xml: cannot be read/);
    fs.writeFileSync(path.join(dir, "page.xml"), "<html><body>Maintenance</body></html>");
    const page = start(path.join(dir, "page.xml"));
    expect(page.status).toBe(1);
    expect(page.stderr).toMatch(/page\.xml: not the ECB reference rates format/);
  });
});
