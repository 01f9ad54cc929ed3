import { Cron } from "croner";

/** A paused job that only computes times: the worker's schedule, for "when is the next export expected". */
export function scheduleOf(pattern: string, timezone: string): Cron {
  return new Cron(pattern, { paused: true, timezone });
}

/**
 * Why a cron expression (five fields, or six with seconds first) in a time zone cannot be the worker's schedule, or
 * undefined when it can. croner's own message names what is wrong.
 */
export function scheduleProblem(pattern: string, timezone: string): string | undefined {
  try {
    if (!scheduleOf(pattern, timezone).nextRun()) return "never fires";
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
