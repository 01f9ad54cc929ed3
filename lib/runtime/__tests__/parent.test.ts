import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Running (a zombie, exited but not yet reaped by an init that may never reap it, counts as gone). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/** A parent process that starts a child (watching its parent or not), prints the child's pid, then idles. */
function parentOf(watch: boolean) {
  const source = path.resolve("lib/runtime/parent.ts");
  const child = `import(${JSON.stringify(source)}).then((m) => { m.exitWithParent(${watch} ? Number(process.env.PARENT) : undefined); console.log(process.pid); setInterval(() => {}, 1000); })`;
  // The parent passes its pid and relays the child's "ready" line (the child's pid).
  const parent = `const c = require("child_process").spawn(process.execPath, ["--import", "tsx", "-e", ${JSON.stringify(child)}], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, PARENT: String(process.pid) } }); setInterval(() => {}, 1000);`;
  const p = spawn(process.execPath, ["-e", parent], { stdio: ["ignore", "pipe", "inherit"] });
  const pid = new Promise<number>((resolve) => p.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
  return { p, pid };
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe("a process started by a test harness (EXIT_WITH_PARENT)", () => {
  it("exits within seconds when its parent is killed hard; one that does not watch stays orphaned", async () => {
    const watching = parentOf(true);
    const ignoring = parentOf(false);
    const [w, i] = [await watching.pid, await ignoring.pid];
    expect([alive(w), alive(i)]).toEqual([true, true]);
    watching.p.kill("SIGKILL");
    ignoring.p.kill("SIGKILL");
    expect(await waitUntil(() => !alive(w), 5000)).toBe(true);
    expect(alive(i)).toBe(true);
    process.kill(i, "SIGKILL");
  }, 30_000);
});
