import cliProgress from "cli-progress";
import { log } from "@/lib/log";
import { underCi } from "@/lib/config";

/** A progress bar on a terminal; elsewhere a structured progress line every few seconds. */
export function progressReporter(label: string, unit: "bytes" | "records") {
  const tty = Boolean(process.stderr.isTTY) && !underCi();
  const fmt = (n: number) => (unit === "bytes" ? `${(n / 1e6).toFixed(1)} MB` : String(n));
  let bar: cliProgress.SingleBar | undefined;
  let lastLog = 0;
  return {
    update(done: number, total: number, extra: Record<string, string | number> = {}) {
      if (tty) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            {
              stream: process.stderr,
              format: `${label} [{bar}] {percentage}% | {doneText} / {totalText} | {detail}`,
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(Math.max(total, 1), 0, { doneText: fmt(0), totalText: fmt(total), detail: "" });
        }
        bar.setTotal(Math.max(total, 1));
        bar.update(done, {
          doneText: fmt(done),
          totalText: fmt(total),
          detail: Object.entries(extra)
            .map(([k, v]) => `${k} ${v}`)
            .join(" | "),
        });
      } else if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        log.info({ done, total, ...extra }, `${label} progress`);
      }
    },
    stop() {
      bar?.stop();
    },
  };
}
