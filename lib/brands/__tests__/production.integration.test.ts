import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { brandRegistryProblem } from "..";
import { cliEntry } from "@/lib/testing";

/** In production the demo brands (their keys are public) are never served by default. */
describe("the production server's brand registry", () => {
  it("refuses to start under NODE_ENV=production without BRANDS_FILE, saying what to set", () => {
    const run = spawnSync(process.execPath, [...cliEntry("start"), "--port", "1"], {
      env: { ...process.env, NODE_ENV: "production", BRANDS_FILE: "", DEMO_BRANDS: "", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("start refused: NODE_ENV=production needs a brand registry: set BRANDS_FILE");
  });

  it("accepts a registry file, the explicit demo switch, or any other environment", () => {
    expect(brandRegistryProblem({ NODE_ENV: "production" })).toMatch(/DEMO_BRANDS=true/);
    expect(brandRegistryProblem({ NODE_ENV: "production", BRANDS_FILE: "/etc/brands.json" })).toBeUndefined();
    expect(brandRegistryProblem({ NODE_ENV: "production", DEMO_BRANDS: "true" })).toBeUndefined();
    expect(brandRegistryProblem({ NODE_ENV: "development" })).toBeUndefined();
    expect(brandRegistryProblem({})).toBeUndefined();
  });
});
