import { z } from "zod";

/**
 * LOG_LEVEL, the one setting the logger needs before anything else is configured. Its own module (zod only) so that
 * lib/log can read it without importing the rest of lib/config (whose checks log).
 */
export const logLevelSchema = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info");

export type LogLevel = z.infer<typeof logLevelSchema>;

/**
 * The log level the environment names; a level that is not one is logged at "info" here, and refused with the other
 * settings' problems where the configuration is parsed (lib/config: start-up and the commands).
 */
export function logLevel(env: Record<string, string | undefined> = process.env, unset: LogLevel = "info"): LogLevel {
  if (env.LOG_LEVEL === undefined) return unset;
  const parsed = logLevelSchema.safeParse(env.LOG_LEVEL);
  return parsed.success ? parsed.data : "info";
}
