import { Writable } from "node:stream";
import pino from "pino";

/** A pino logger at debug level whose lines a test reads back: parsed in `lines`, all as one string by `text()`. */
export function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: "debug" },
    new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    }),
  );
  return { log, lines, text: () => lines.map((l) => JSON.stringify(l)).join("\n") };
}
