/** The q-quantile of sorted values (linear interpolation between closest ranks). */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface Stats {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** p50, p90, p99, max and mean of a benchmark's times. */
export function stats(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  return {
    p50: quantile(s, 0.5),
    p90: quantile(s, 0.9),
    p99: quantile(s, 0.99),
    max: s.at(-1) ?? NaN,
    mean: s.reduce((a, b) => a + b, 0) / Math.max(s.length, 1),
  };
}

/** A run i/N line on a terminal (overwritten), else a line every 10 %. */
export function runProgress(total: number) {
  const tty = Boolean(process.stderr.isTTY);
  let lastTenth = -1;
  return {
    update(done: number, label: string, failures: number) {
      const text = `${label} ${done}/${total}${failures ? ` (${failures} failed)` : ""}`;
      if (tty) process.stderr.write(`\r${text}   `);
      else if (Math.floor((done * 10) / total) > lastTenth || done === total) {
        lastTenth = Math.floor((done * 10) / total);
        process.stderr.write(`${text}\n`);
      }
    },
    done() {
      if (tty) process.stderr.write("\n");
    },
  };
}
