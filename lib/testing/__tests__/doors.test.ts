import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The lint rules behind the folders' doors (eslint.config.mjs, docs/decisions.md "Folders and their doors") fire on
 * what they forbid and let the doors through. The files linted are real files in a fresh folder under lib/ (the cycle
 * rule reads the files an import names), made with mkdtemp so parallel runs never share one, and removed in afterAll
 * whatever the outcome. The content type-checks, so a folder left behind by a killed run breaks no typecheck.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("folders' doors, as lint sees them", () => {
  let dir: string;
  let folder: string;
  let eslint: ESLint;

  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  async function problems(name: string): Promise<string[]> {
    const [result] = await eslint.lintFiles([path.join(dir, name)]);
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.line}:${m.ruleId}`);
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(ROOT, "lib", "doors-lint-"));
    folder = path.basename(dir);
    // The project's own config; leftover folders of this kind are ignored there, not here.
    eslint = new ESLint({ cwd: ROOT, ignore: false });
    write("deep.ts", 'import { AppError } from "@/lib/http/errors";\n\nexport const deep = AppError;\n');
    write("climb.ts", 'import { AppError } from "../http/errors";\n\nexport const climb = AppError;\n');
    write(
      "door.ts",
      [
        'import { AppError } from "@/lib/http";',
        'import { brands } from "@/lib/brands/node";',
        'import { format } from "@/lib/i18n/client";',
        'import { deep } from "./deep";',
        "",
        "export const door = [AppError, brands, format, deep];",
        "",
      ].join("\n"),
    );
    write("cycle-a.ts", 'import { b } from "./cycle-b";\n\nexport const a = (): unknown => b;\n');
    write("cycle-b.ts", 'import { a } from "./cycle-a";\n\nexport const b = (): unknown => a;\n');
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reports a deep import into another folder", async () => {
    expect(await problems("deep.ts")).toEqual(["1:doors/through-doors"]);
  });

  it("reports a relative import that climbs into another folder", async () => {
    expect(await problems("climb.ts")).toEqual(["1:doors/through-doors"]);
  });

  it("lets imports through the doors, and a folder's own files relatively", async () => {
    expect(await problems("door.ts")).toEqual([]);
  });

  it("reports a cycle of two files", async () => {
    expect(await problems("cycle-a.ts")).toEqual(["1:import/no-cycle"]);
    expect(await problems("cycle-b.ts")).toEqual(["1:import/no-cycle"]);
  });

  it("finds a door in every folder under lib/", () => {
    const missing = fs
      .readdirSync(path.join(ROOT, "lib"), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== folder && !e.name.startsWith("doors-lint-"))
      .filter((e) => !fs.existsSync(path.join(ROOT, "lib", e.name, "index.ts")))
      .map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it("has no two folders that depend on each other, through any chain (tests aside; type-only imports aside)", () => {
    const lib = path.join(ROOT, "lib");
    const uses = new Map<string, Set<string>>();
    const walk = (d: string): string[] =>
      fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return e.name === "__tests__" || e.name.startsWith("doors-lint-") ? [] : walk(p);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
      });
    const topFolder = (file: string) => path.relative(lib, file).split(path.sep)[0]!;
    for (const file of walk(lib)) {
      const from = topFolder(file);
      const text = fs.readFileSync(file, "utf8");
      for (const [, kind, spec] of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
        if (kind) continue;
        const target = spec!.startsWith("@/lib/")
          ? spec!.slice(6).split("/")[0]!
          : spec!.startsWith(".")
            ? topFolder(path.resolve(path.dirname(file), spec!))
            : undefined;
        if (target && target !== from && !target.startsWith("..")) {
          if (!uses.has(from)) uses.set(from, new Set());
          uses.get(from)!.add(target);
        }
      }
    }
    // Folders that reach themselves again through other folders.
    const reaches = (start: string) => {
      const seen = new Set<string>();
      const stack = [...(uses.get(start) ?? [])];
      while (stack.length) {
        const f = stack.pop()!;
        if (seen.has(f)) continue;
        seen.add(f);
        stack.push(...(uses.get(f) ?? []));
      }
      return seen;
    };
    expect(uses.size).toBeGreaterThan(20);
    expect([...uses.keys()].filter((f) => reaches(f).has(f)).sort()).toEqual([]);
  });
});
