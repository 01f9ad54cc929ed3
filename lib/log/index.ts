import pino from "pino";
import { logLevel } from "@/lib/config";

/** Fields whose values never reach a log line, wherever they are logged from (main thread or worker). */
export const REDACTED_PATHS = [
  "password",
  "passphrase",
  "privateKey",
  "*.password",
  "*.passphrase",
  "*.privateKey",
  "secret",
  "*.secret",
];

/**
 * A logger with the platform's level, fields and redaction. Structured logs (pino) go to stderr, so stdout stays free
 * for a command's own output (--json); a test passes its own destination.
 */
export function createLogger(bindings: Record<string, unknown> = {}, destination = pino.destination(2)) {
  return pino(
    {
      level: logLevel(),
      base: { service: "hotel-platform", ...bindings },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

/** The process's logger. A worker thread has its own (this module loaded in the thread): the same settings. */
export const log = createLogger();

export type Logger = pino.Logger;
