import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * Process CPU times from /proc (Linux), for the benchmarks that report what a run cost the machine beyond their own
 * process. Everything here answers undefined (or nothing) where /proc cannot be read.
 */

/** One process's /proc/<pid>/stat: its command name and the fields after it (field 3, the state, first). */
export function procStat(pid: string | number): { comm: string; fields: string[] } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = text.lastIndexOf(")"); // a command name may itself hold ")" or spaces
    return { comm: text.slice(text.indexOf("(") + 1, close), fields: text.slice(close + 2).split(" ") };
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc's times (USER_HZ): getconf's answer, else 100 as almost everywhere. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds of a process's stat: its own (utime + stime) and that of the children it has reaped (cutime + cstime). */
export function cpuSeconds(stat: { fields: string[] }): { own: number; reaped: number } {
  const f = stat.fields.map(Number);
  return { own: (f[11]! + f[12]!) / clockTicks(), reaped: (f[13]! + f[14]!) / clockTicks() };
}

/** Pids of the live descendants of a process (children, their children, …); empty where /proc cannot be read. */
export function descendants(root: number = process.pid): string[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const parent = new Map<string, string>();
  for (const pid of entries) {
    const stat = procStat(pid);
    if (stat) parent.set(pid, stat.fields[1]!);
  }
  const mine = new Set([String(root)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent)
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
  }
  mine.delete(String(root));
  return [...mine];
}

/** Pids of every live process whose command name is one of these. */
export function processesNamed(names: ReadonlySet<string>): string[] {
  try {
    return fs
      .readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => names.has(procStat(pid)?.comm ?? ""));
  } catch {
    return [];
  }
}
