import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";

/**
 * Folders under lib/ are rooms with doors (docs/decisions.md, "Folders and their doors"): from outside lib/F, only
 * its doors may be imported: `@/lib/F` (index.ts), `@/lib/F/client` (browser-safe, for 'use client' components) and
 * `@/lib/F/node` (runs without Next's request scope or Auth.js: commands, workers, proxy.ts, tests). Inside lib/F
 * (sub-folders and __tests__ included) files import each other relatively. A regex cannot tell whether `../x` leaves
 * the importer's folder, so the rule resolves each path and compares top folders.
 */
const ROOT = import.meta.dirname;
const DOORS = new Set(["", "index", "client", "node"]);

/** "lib/F/rest" → ["F", "rest"] for a path inside lib/, else undefined. */
function libFolder(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] !== "lib" || rel.length < 3) return undefined;
  return [
    rel[1],
    rel
      .slice(2)
      .join("/")
      .replace(/\.(ts|tsx|mjs|js)$/, ""),
  ];
}

const throughDoors = {
  meta: {
    type: "problem",
    messages: {
      deep: "Import lib/{{folder}} through its door: {{doors}}, not {{source}}.",
      climb: "{{source}} climbs out of lib/{{from}} into lib/{{folder}}: import {{doors}}.",
      self: "Inside lib/{{folder}}, import its files relatively, not through {{source}}.",
    },
    schema: [],
  },
  create(context) {
    const importer = libFolder(context.filename)?.[0];
    function check(node, source) {
      if (!source || typeof source.value !== "string") return;
      const spec = source.value;
      let target;
      if (spec.startsWith("@/lib/")) target = path.join(ROOT, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const [folder, rest] = libFolder(target) ?? [];
      if (!folder) return;
      const doors = `"@/lib/${folder}"${rest ? ` (or /client, /node where they exist)` : ""}`;
      const data = { folder, from: importer, source: spec, doors };
      if (folder === importer) {
        if (spec.startsWith("@/lib/") && rest) context.report({ node, messageId: "self", data });
      } else if (spec.startsWith(".")) context.report({ node, messageId: importer ? "climb" : "deep", data });
      else if (!DOORS.has(rest)) context.report({ node, messageId: "deep", data });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

const config = [
  ...next,
  ...nextTs,
  // lib/doors-lint-*: lib/testing/__tests__/doors.test.ts's own files, should a killed run leave them behind.
  {
    ignores: [
      ".next/**",
      ".build/**",
      ".data/**",
      "node_modules/**",
      "next-env.d.ts",
      "test-results/**",
      "lib/doors-lint-*/**",
    ],
  },
  {
    // The browser tests' folder is theirs: shared test support (app server, SFTP server, identity providers, store
    // helpers) lives in lib/testing, which both vitest files and Playwright specs import. The browser tier's own
    // config may read its fixtures.
    files: ["**/*.{ts,tsx,mjs,js}"],
    ignores: ["e2e/**", "playwright.config.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/e2e(/|$)|(\\.\\./)+e2e(/|$)|\\./e2e(/|$))",
              message: "Only e2e/ imports from e2e/: shared test support lives in lib/testing/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    plugins: { doors: { rules: { "through-doors": throughDoors } } },
    rules: { "doors/through-doors": "error" },
  },
  {
    // Next loads its config with its own require, which does not follow "@/" paths in the files the config imports:
    // a door (lib/http's index loads lib/config through "@/") fails there. The config takes one file that imports
    // nothing of the project.
    files: ["next.config.ts"],
    rules: { "doors/through-doors": "off" },
  },
  {
    // A cycle of imports makes load order decide what a module sees at start (undefined exports); type-only imports
    // are erased and do not count.
    // Packages cannot import the project back, so their files are not read (most of the rule's time otherwise).
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "proxy.ts"],
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
];

export default config;
