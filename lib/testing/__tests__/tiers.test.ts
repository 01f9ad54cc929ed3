import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The unit tier (`*.test.ts`, vitest.config.ts) runs with no service, no build and no root: a unit file, or a test
 * helper it imports from a __tests__ folder, must not use what only the integration tier has. Such a file is named
 * `*.integration.test.ts` instead.
 */
const INTEGRATION_ONLY: [RegExp, string][] = [
  [/from "pg"|from "ioredis"|from "ssh2-sftp-client"/, "a PostgreSQL, Redis or SFTP client"],
  [/\bSTORE_KINDS\b|\bTEST_POSTGRES_URL\b|openTestStore\("postgres"\)/, "the PostgreSQL test store"],
  // Test support comes through lib/testing's door, so what a file uses is told by the names it takes from there.
  [/\b(startAppServer|startBrandServer|startNearbyServer|seededStore|startSsoApp)\b/, "the built app over HTTP"],
  [/\b(startSftpServer|startRelay)\b/, "the OpenSSH server"],
  [/\b(cliEntry|runCli|runSyncCli)\b/, "the command-line bundle"],
  [/\bstartTestOp\b|\bstartPartnerIdp\(|\bstartReference\(|\bstartDemoSso\(/, "an identity provider"],
  [/from "(playwright-core|@playwright\/test)"/, "Chromium"],
];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** The file and the helpers it imports from __tests__ folders (relative imports), followed through. */
function withLocalHelpers(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = fs.readFileSync(file, "utf8");
  for (const m of text.matchAll(/from "(\.{1,2}\/[^"]+)"|import\("(\.{1,2}\/[^"]+)"\)/g)) {
    const target = path.join(path.dirname(file), `${m[1] ?? m[2]}.ts`);
    if (target.includes(`${path.sep}__tests__${path.sep}`) && fs.existsSync(target)) withLocalHelpers(target, seen);
  }
  return [...seen];
}

describe("the test tiers", () => {
  const all = testFiles("lib");
  const unit = all.filter((f) => !f.endsWith(".integration.test.ts"));
  // The test support's own tests name what they look for (this file) or check it is closed (preflight.test.ts).
  const own = path.join("lib", "testing", "__tests__") + path.sep;

  it("sorts every vitest file into one of the two tiers", () => {
    expect(unit.length).toBeGreaterThan(0);
    expect(all.length - unit.length).toBeGreaterThan(0);
  });

  it("keeps unit files off the integration tier's services, builds and identity providers", () => {
    const offending = unit
      .filter((f) => !f.startsWith(own))
      .flatMap((file) =>
        withLocalHelpers(file).flatMap((f) => {
          const text = fs.readFileSync(f, "utf8");
          return INTEGRATION_ONLY.filter(([re]) => re.test(text)).map(([, what]) => `${file} (${f}): ${what}`);
        }),
      );
    expect(offending, "rename these to *.integration.test.ts").toEqual([]);
  });
});
