import type { LoggerInstance } from "@auth/core/types";
import { log } from "@/lib/log";

/**
 * Auth.js's messages into the platform's log, without what they may carry: only an error's type and message (Auth.js
 * attaches the callback's parameters, claims or tokens as `cause` objects, which are never logged); debug output off.
 */
export function authLogger(brandId: string): Partial<LoggerInstance> {
  return {
    error(error: Error) {
      const cause = (error as { cause?: unknown }).cause;
      const inner = cause instanceof Error ? cause : (cause as { err?: unknown } | undefined)?.err;
      const idpCode = (cause as { error?: unknown } | undefined)?.error;
      log.warn(
        {
          brand: brandId,
          type: (error as { type?: string }).type ?? error.name,
          err: error.message,
          ...(inner instanceof Error && {
            cause: `${(inner as { code?: string }).code ?? inner.name}: ${inner.message}`,
          }),
          ...(typeof idpCode === "string" && { idpError: idpCode.slice(0, 64) }),
        },
        "sign-on: Auth.js refused the sign-in",
      );
    },
    warn(code) {
      log.warn({ brand: brandId, code }, "sign-on: Auth.js warning");
    },
    debug() {},
  };
}
