import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "@/package.json" with { type: "json" };

/**
 * Every command and benchmark the docs tell people to run is an npm script that builds it: a bench written but not
 * wired up (its entry left out of build:cli, or no script) is only found when an operator types its name.
 */
const cliDir = path.join(process.cwd(), "lib/cli");
const entries = fs
  .readdirSync(cliDir)
  // A command runs its main() when loaded; a shared harness (bench-http) does not.
  .filter((f) => /^bench-.*\.ts$/.test(f) && /^main\(\)/m.test(fs.readFileSync(path.join(cliDir, f), "utf8")))
  .map((f) => f.replace(/\.ts$/, ""));

describe("npm scripts of the benchmarks", () => {
  it.each(entries)("%s is bundled by build:cli and run by npm run bench:…", (entry) => {
    const scripts = pkg.scripts as Record<string, string>;
    expect(scripts["build:cli"]).toContain(`lib/cli/${entry}.ts`);
    const name = entry.replace(/^bench-/, "bench:");
    expect(scripts[name]).toBe(`npm run -s build:cli && node .build/cli/${entry}.mjs`);
  });

  it("every bench:… script named in docs/benchmarks.md exists", () => {
    const named = new Set(fs.readFileSync("docs/benchmarks.md", "utf8").match(/npm run (bench:[a-z-]+)/g) ?? []);
    expect(named.size).toBeGreaterThan(0);
    for (const n of named) expect(Object.keys(pkg.scripts), n).toContain(n.replace("npm run ", ""));
  });
});
