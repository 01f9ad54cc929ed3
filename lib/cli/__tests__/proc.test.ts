import { spawn } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { affinityOf, setAffinity } from "../proc";

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** A process to pin: pinning the test runner itself would slow every other test of the run. */
async function sleeper() {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  await once(child, "spawn");
  return child.pid!;
}

// taskset is util-linux's, part of every Debian machine of this kind: without it these fail rather than skip.
describe("CPU affinity (bench:sync's servers on their own core)", () => {
  it("reads a process's mask: one bit per CPU it may run on", () => {
    const own = affinityOf(process.pid);
    expect(own).toMatch(/^[0-9a-f]+$/);
    const mask = BigInt(`0x${own}`);
    expect(mask.toString(2).replaceAll("0", "").length).toBe(os.availableParallelism());
  });

  it("moves a process to one CPU and back", async () => {
    const pid = await sleeper();
    const own = affinityOf(pid)!;
    const last = (2n ** BigInt(os.availableParallelism() - 1)).toString(16);
    expect(setAffinity(pid, last)).toBe(true);
    expect(affinityOf(pid)).toBe(last);
    expect(setAffinity(pid, own)).toBe(true);
    expect(affinityOf(pid)).toBe(own);
  });

  it("answers undefined and false for a process that is gone", async () => {
    const pid = await sleeper();
    const child = children.pop()!;
    child.kill();
    await once(child, "exit");
    expect(affinityOf(pid)).toBeUndefined();
    expect(setAffinity(pid, "1")).toBe(false);
  });
});
