/**
 * Where the crash tests can pause a sync (SYNC_TEST_PAUSE_AT=<step>:<ms>, test only) to kill, stop or cut it there:
 * - staging: every batch sent, before the run's writes are finished (PostgreSQL: its versions' COPY still open);
 * - staged: every record staged, nothing published yet;
 * - publish: inside the open publish transaction, its writes done, before the lock check and the commit;
 * - published: committed, before the run's clean-up and recount;
 * - recount: the places' new hotel counts computed, before they are saved.
 * The log line "fault point" (with the step) is written when the pause begins, so a test waits for it, not a time.
 */
export const PAUSE_STEPS = ["staging", "staged", "publish", "published", "recount"] as const;
export type PauseStep = (typeof PAUSE_STEPS)[number];
export interface PauseAt {
  step: PauseStep;
  ms: number;
}

export function parsePause(value: string): PauseAt | undefined {
  const [step, ms] = value.split(":");
  return (PAUSE_STEPS as readonly string[]).includes(step!) ? { step: step as PauseStep, ms: Number(ms) } : undefined;
}
