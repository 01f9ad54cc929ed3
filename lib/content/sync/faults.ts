import type { PauseAt, PauseStep } from "@/lib/config";
import type { Logger } from "@/lib/log";

/** A pause point: waits when the run was told to pause at this step, else returns at once. */
export function faultPoint(pauseAt: PauseAt | undefined, log: Logger) {
  return async (step: PauseStep): Promise<void> => {
    if (pauseAt?.step !== step) return;
    log.warn({ step, ms: pauseAt.ms }, "fault point");
    await new Promise((r) => setTimeout(r, pauseAt.ms));
  };
}
