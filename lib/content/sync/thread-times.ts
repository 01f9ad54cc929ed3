import fs from "node:fs";
import { performance, type EventLoopUtilization } from "node:perf_hooks";

/** Where one thread's time went during a run: its CPU, its busy (non-idle) wall time and named steps within it. */
export interface ThreadTimes {
  thread: string;
  /** CPU time of this OS thread (Linux: /proc/thread-self/stat, 10 ms resolution); absent elsewhere. */
  cpuMs?: number;
  /** Wall time the thread's event loop was busy (performance.eventLoopUtilization), waiting excluded. */
  busyMs: number;
  /** Wall time of named steps (performance.now() sums); steps do not overlap within a thread. */
  steps: Record<string, number>;
}

/** What bench:sync prints as "where the time goes": every thread of the run, plus the process's CPU in all. */
export interface RunTimes {
  threads: ThreadTimes[];
  /** CPU of the whole process during the run: the threads above plus libuv's pool (gunzip) and V8's helpers (GC). */
  processCpuMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** This thread's CPU time in ms, where the OS tells it (Linux); undefined elsewhere. */
export function threadCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    // Fields after the ")" that closes the command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Sums of wall time per named step on one thread, plus that thread's CPU and busy time since the clock started. */
export class StepClock {
  private readonly steps: Record<string, number> = {};
  private readonly cpuStart = threadCpuMs();
  private readonly eluStart: EventLoopUtilization = performance.eventLoopUtilization();

  constructor(readonly thread: string) {}

  add(step: string, ms: number): void {
    this.steps[step] = (this.steps[step] ?? 0) + ms;
  }

  time<T>(step: string, fn: () => T): T {
    const t = performance.now();
    try {
      return fn();
    } finally {
      this.add(step, performance.now() - t);
    }
  }

  async timeAsync<T>(step: string, fn: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      this.add(step, performance.now() - t);
    }
  }

  report(): ThreadTimes {
    const cpu = threadCpuMs();
    const elu = performance.eventLoopUtilization(this.eluStart);
    const steps = Object.fromEntries(Object.entries(this.steps).map(([k, v]) => [k, Math.round(v)]));
    return {
      thread: this.thread,
      ...(cpu !== undefined && this.cpuStart !== undefined ? { cpuMs: cpu - this.cpuStart } : {}),
      busyMs: Math.round(elu.active),
      steps,
    };
  }
}

/** The whole process's CPU (all threads) since `start`, in ms. */
export function processCpuMs(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return Math.round((u.user + u.system) / 1000);
}
