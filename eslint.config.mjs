import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  { ignores: [".next/**", ".build/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**"] },
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
];

export default config;
