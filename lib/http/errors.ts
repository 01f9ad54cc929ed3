import { log } from "@/lib/log";

/**
 * The platform's HTTP error vocabulary: every code a client, an operator or a partner can be answered with, its
 * status and whether its message may be shown. A closed table: AppError takes only these codes and derives the
 * status from them, so one code always answers with one status. Sync-only failures (the content pipeline and its
 * commands) have their own vocabulary without statuses: lib/content/errors.ts.
 */
export const ERROR_CODES = {
  // 400: the request is wrong, and the message says how.
  INVALID_JSON: { status: 400, expose: true },
  INVALID_BODY: { status: 400, expose: true },
  INVALID_REQUEST: { status: 400, expose: true },
  INVALID_REQUEST_TARGET: { status: 400, expose: true },
  MISSING_FIELD: { status: 400, expose: true },
  INVALID_FIELD: { status: 400, expose: true },
  UNKNOWN_FIELD: { status: 400, expose: true },
  INVALID_MAP_VIEW: { status: 400, expose: true },
  INVALID_STEP: { status: 400, expose: true },
  // 401, 403: who may ask.
  UNAUTHORIZED: { status: 401, expose: true },
  OPS_SIGN_IN_REQUIRED: { status: 401, expose: true },
  CROSS_SITE_FORM: { status: 403, expose: true },
  HTTPS_REQUIRED: { status: 403, expose: true },
  ADDRESS_NOT_ALLOWED: { status: 403, expose: true },
  UNKNOWN_API_KEY: { status: 403, expose: true },
  // 404: nothing there.
  NOT_FOUND: { status: 404, expose: true },
  UNKNOWN_HOST: { status: 404, expose: true },
  BRAND_NOT_FOUND: { status: 404, expose: true },
  HOTEL_NOT_FOUND: { status: 404, expose: true },
  PLACE_NOT_FOUND: { status: 404, expose: true },
  // 405..429: how it was asked.
  METHOD_NOT_ALLOWED: { status: 405, expose: true },
  NOT_ACCEPTABLE: { status: 406, expose: true },
  STEP_OUT_OF_ORDER: { status: 409, expose: true },
  CHECK_RUNNING: { status: 409, expose: true },
  PAYLOAD_TOO_LARGE: { status: 413, expose: true },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, expose: true },
  RATE_LIMITED: { status: 429, expose: true },
  // 5xx: a partner's identity provider failed us (its failure is the operator's to read), or we failed.
  IDP_UNAVAILABLE: { status: 502, expose: true },
  IDP_BAD_RESPONSE: { status: 502, expose: true },
  ID_TOKEN_INVALID: { status: 502, expose: true },
  CHECK_TIMEOUT: { status: 504, expose: true },
  /** Anything unexpected: its message may name internals, so it is never shown. */
  INTERNAL: { status: 500, expose: false },
} as const satisfies Record<string, { status: number; expose: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** What a client reads of an error whose message is not shown. */
export const GENERIC_MESSAGE = "An unexpected error occurred.";

/**
 * The one error type of the platform's HTTP answers. Every failure a client, an operator or a partner can cause is
 * an AppError with a code of ERROR_CODES (its status follows), a readable message and, where one field is at fault,
 * that field.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Whether the message may be shown to the client (ERROR_CODES). */
  readonly expose: boolean;
  readonly field?: string;
  readonly details?: unknown;
  /** Seconds the client should wait before asking again (a refusal by a limit): sent as Retry-After. */
  readonly retryAfter?: number;

  constructor(opts: {
    code: ErrorCode;
    message: string;
    field?: string;
    details?: unknown;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(opts.message, { cause: opts.cause });
    this.name = "AppError";
    this.code = opts.code;
    this.status = ERROR_CODES[opts.code].status;
    this.expose = ERROR_CODES[opts.code].expose;
    this.field = opts.field;
    this.details = opts.details;
    this.retryAfter = opts.retryAfter;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string; details?: unknown };
}

/** The one mapper from any thrown value to a status and JSON body. Unknown errors never leak internals. */
export function toErrorBody(e: unknown): { status: number; body: ErrorBody } {
  if (isAppError(e) && e.expose) {
    const error: ErrorBody["error"] = { code: e.code, message: e.message };
    if (e.field !== undefined) error.field = e.field;
    if (e.details !== undefined) error.details = e.details;
    return { status: e.status, body: { error } };
  }
  const code = isAppError(e) ? e.code : "INTERNAL";
  return { status: ERROR_CODES[code].status, body: { error: { code, message: GENERIC_MESSAGE } } };
}

/** The JSON error response of any route handler; an unexpected error is logged (its message, never the request). */
export function errorResponse(e: unknown, headers?: Record<string, string>): Response {
  const { status, body } = toErrorBody(e);
  if (status >= 500)
    log.error(
      { err: e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : String(e) },
      "request failed",
    );
  const retryAfter: Record<string, string> =
    isAppError(e) && e.retryAfter !== undefined ? { "Retry-After": String(e.retryAfter) } : {};
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...retryAfter, ...headers } });
}

/** Any method on an API path (/api, /v1) that no route serves: the one JSON error answer, not a brand's HTML page. */
export function apiNotFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(
    new AppError({
      code: "NOT_FOUND",
      message: `Nothing is served at ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`,
    }),
  );
}

/** A 405 naming the methods the path takes (RFC 9110 §15.5.6: with Allow). */
export function methodNotAllowed(allow: string, message: string): Response {
  return errorResponse(new AppError({ code: "METHOD_NOT_ALLOWED", message }), { Allow: allow });
}
