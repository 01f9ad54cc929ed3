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

/** A live process as /proc shows it: its command name, its parent and its CPU seconds (see cpuSeconds). */
export interface ProcessEntry {
  pid: string;
  comm: string;
  ppid: string;
  own: number;
  reaped: number;
}

/** Every live process, each stat file read once; empty where /proc cannot be read. */
export function processTable(): ProcessEntry[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const table: ProcessEntry[] = [];
  for (const pid of entries) {
    const stat = procStat(pid); // undefined when gone meanwhile
    if (stat) table.push({ pid, comm: stat.comm, ppid: stat.fields[1]!, ...cpuSeconds(stat) });
  }
  return table;
}

/** The processes of the table descending from `root` (children, their children, …). */
export function descendantsIn(table: readonly ProcessEntry[], root: number = process.pid): ProcessEntry[] {
  const mine = new Set([String(root)]);
  const found: ProcessEntry[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table)
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        found.push(p);
        grew = true;
      }
  }
  return found;
}

/**
 * A process's CPU affinity through taskset (util-linux), as its hexadecimal mask: undefined when taskset is missing,
 * the process is gone or its affinity cannot be read.
 */
export function affinityOf(pid: string | number): string | undefined {
  try {
    return /:\s*([0-9a-f]+)\s*$/i.exec(execFileSync("taskset", ["-p", String(pid)], { encoding: "utf8" }))?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Sets the affinity of every thread of a process (hexadecimal mask); false when it cannot (gone, not permitted). Read
 * back to be sure: for a process that is gone, `taskset -a` finds no thread to set and still exits 0.
 */
export function setAffinity(pid: string | number, mask: string): boolean {
  try {
    execFileSync("taskset", ["-a", "-p", mask, String(pid)], { stdio: "ignore" });
  } catch {
    return false;
  }
  const now = affinityOf(pid);
  return now !== undefined && BigInt(`0x${now}`) === BigInt(`0x${mask}`);
}
