import type { StageCounts } from "./stage";
import type { SyncErrorCode } from "../errors";

export interface Refusal {
  code: SyncErrorCode;
  message: string;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** Why a staged run must not publish (unless forced): too many properties removed, or too many records rejected. */
export function thresholdRefusal(
  counts: StageCounts,
  removal: { active: number; toRemove: number },
  limits: { maxRemovedShare: number; maxRejectedShare: number },
): Refusal | undefined {
  const { active, toRemove } = removal;
  const removedShare = active ? toRemove / active : 0;
  if (removedShare > limits.maxRemovedShare) {
    return {
      code: "REMOVAL_THRESHOLD",
      message: `The export would remove ${toRemove} of ${active} properties (${pct(removedShare)} > ${pct(limits.maxRemovedShare)}); nothing was published. Rerun with --force if this is intended`,
    };
  }
  const rejectedShare = counts.seen ? counts.rejected / counts.seen : 0;
  if (rejectedShare > limits.maxRejectedShare) {
    return {
      code: "REJECTION_THRESHOLD",
      message: `${counts.rejected} of ${counts.seen} records were rejected (${pct(rejectedShare)} > ${pct(limits.maxRejectedShare)}); nothing was published. Rerun with --force to publish the valid ones`,
    };
  }
  return undefined;
}
