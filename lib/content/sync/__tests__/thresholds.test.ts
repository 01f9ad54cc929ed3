import { describe, expect, it } from "vitest";
import { thresholdRefusal } from "../thresholds";
import { emptyCounts } from "../stage";

const limits = { maxRemovedShare: 0.2, maxRejectedShare: 0.1 };
const counts = (seen: number, rejected: number) => ({ ...emptyCounts(), seen, rejected });

describe("safety thresholds", () => {
  it("allows removing exactly the configured share and refuses one more", () => {
    expect(thresholdRefusal(counts(80, 0), { active: 100, toRemove: 20 }, limits)).toBeUndefined();
    expect(thresholdRefusal(counts(79, 0), { active: 100, toRemove: 21 }, limits)).toMatchObject({
      code: "REMOVAL_THRESHOLD",
    });
  });

  it("never refuses a first load, even of an empty export", () => {
    expect(thresholdRefusal(counts(0, 0), { active: 0, toRemove: 0 }, limits)).toBeUndefined();
  });

  it("refuses an empty export over a loaded store as a removal of everything", () => {
    const r = thresholdRefusal(counts(0, 0), { active: 5, toRemove: 5 }, limits);
    expect(r?.message).toContain("remove 5 of 5 properties (100.0 % > 20.0 %)");
  });

  it("allows exactly the configured share of rejections and refuses one more", () => {
    expect(thresholdRefusal(counts(100, 10), { active: 0, toRemove: 0 }, limits)).toBeUndefined();
    expect(thresholdRefusal(counts(100, 11), { active: 0, toRemove: 0 }, limits)).toMatchObject({
      code: "REJECTION_THRESHOLD",
      message: expect.stringContaining("11 of 100 records were rejected (11.0 % > 10.0 %)"),
    });
  });
});
