import path from "node:path";
import { z } from "zod";

/**
 * The reads of the environment that are not settings of the parsed configuration (index.ts): variables named at run
 * time (a secret a brand registry or clients file names), the environment a child process inherits, and the few
 * values read before or without the whole configuration (a command's terminal, the browser the tools drive, the test
 * harness). With index.ts and log-level.ts, the only reads of process.env, besides the test helpers that hand theirs
 * to a child process.
 */
/** What a function that reads variables by name takes: the environment, or a test's own. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The environment as this process got it: for variables named at run time, and to pass on to a child process. */
export function environment(): NodeJS.ProcessEnv {
  return process.env;
}

/**
 * NODE_ENV set to development (next dev sets it), not merely unset: a production sync or server that forgot NODE_ENV
 * is no development one (config()'s NODE_ENV defaults to development for its other uses).
 */
export const isDevelopment = () => process.env.NODE_ENV === "development";

/** CI=true: no progress bars, a structured line instead. */
export const underCi = () => process.env.CI === "true";

/** The Chromium the validator, the benchmarks and the browser tests drive (Debian's by default; never downloaded). */
export const chromiumPathSchema = z.string().min(1).default("/usr/bin/chromium");
export const chromiumPath = (): string =>
  chromiumPathSchema.catch("/usr/bin/chromium").parse(process.env.CHROMIUM_PATH);

const testSchema = z.object({
  /** PostgreSQL for tests: the machine's local server (127.0.0.1:5432, database test) unless this says otherwise. */
  TEST_DATABASE_URL: z.string().min(1).default("postgres://postgres@127.0.0.1:5432/test"),
  /** LemonLDAP::NG's log level in the sign-on interoperability tests. */
  LLNG_LOG_LEVEL: z.string().min(1).default("warn"),
  /** Where screenshots go: e2e/screenshots under `npm run screenshots`, else under .data. */
  SCREENSHOT_DIR: z.string().min(1).default(path.join(".data", "screenshots")),
});

/** The test harness's settings (lib/testing, e2e): read when asked, since test tiers set them per run. */
export function testSettings(): z.infer<typeof testSchema> {
  return testSchema.parse(process.env);
}
