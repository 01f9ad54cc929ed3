import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SAMPLE_CITIES } from "../cities";
import { Random } from "../random";
import { generateRecord } from "../record";

/**
 * The sample export is reproducible from its seed (README, demo data, benchmarks): the same seed must keep giving the
 * same bytes. The digests were taken from the generator before it was split by record part (issue 16); a change to
 * what a record holds, or to the order of the random draws, changes them.
 */
const GOLDEN = [
  { seed: 1, date: "2026-01-15T12:00:00Z", sha256: "fac043ed90621b6e4005243b24b4060b45bf08bbbf9cd0cdb4a15efc0893a45b" },
  {
    seed: 42,
    date: "2026-01-16T00:00:00Z",
    sha256: "298554c7c0fd23b5b63e644d36e55c04c4acd460509ce64d39fd409939c32bb5",
  },
  {
    seed: 2026,
    date: "2026-03-01T12:00:00Z",
    country: "FR",
    sha256: "1ce5fc234095d78d06646671fe3d1d237467efd7dc0887eef2c96abffc7ba861",
  },
];

describe("generateRecord", () => {
  it.each(GOLDEN)("gives the same 200 records for seed $seed as before", ({ seed, date, country, sha256 }) => {
    const r = new Random(seed);
    const ctx = {
      r,
      date: new Date(date),
      imageBase: "/sample-images/",
      ...(country ? { cities: SAMPLE_CITIES.filter((c) => c.country === country) } : {}),
    };
    const hash = createHash("sha256");
    let rentals = 0;
    for (let n = 1; n <= 200; n++) {
      const record = generateRecord(n, ctx);
      if (record.vr_details) rentals++;
      hash.update(`${JSON.stringify(record)}\n`);
    }
    // Both kinds of record are in the digest (the vacation-rental parts are drawn only for rentals).
    expect(rentals).toBeGreaterThan(0);
    expect(rentals).toBeLessThan(200);
    expect(hash.digest("hex")).toBe(sha256);
  });
});
