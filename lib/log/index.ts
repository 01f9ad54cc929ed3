import pino from "pino";

/** Structured logs (pino) to stderr, so stdout stays free for a command's own output (--json). */
export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "hotel-platform" },
    redact: {
      paths: [
        "password",
        "passphrase",
        "privateKey",
        "*.password",
        "*.passphrase",
        "*.privateKey",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  },
  pino.destination(2),
);

export type Logger = pino.Logger;
