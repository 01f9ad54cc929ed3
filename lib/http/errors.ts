import { log } from "@/lib/log";

/**
 * The one error type of the platform. Every failure a client, an operator or a partner can cause is an AppError
 * with an HTTP status, a stable code, a readable message and, where one field is at fault, that field.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly details?: unknown;

  constructor(opts: {
    status: number;
    code: string;
    message: string;
    field?: string;
    details?: unknown;
    cause?: unknown;
  }) {
    super(opts.message, { cause: opts.cause });
    this.name = "AppError";
    this.status = opts.status;
    this.code = opts.code;
    this.field = opts.field;
    this.details = opts.details;
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
  if (isAppError(e)) {
    const error: ErrorBody["error"] = { code: e.code, message: e.message };
    if (e.field !== undefined) error.field = e.field;
    if (e.details !== undefined) error.details = e.details;
    return { status: e.status, body: { error } };
  }
  return { status: 500, body: { error: { code: "INTERNAL", message: "An unexpected error occurred." } } };
}

/** The JSON error response of any route handler; an unexpected error is logged (its message, never the request). */
export function errorResponse(e: unknown, headers?: Record<string, string>): Response {
  const { status, body } = toErrorBody(e);
  if (status >= 500)
    log.error(
      { err: e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : String(e) },
      "request failed",
    );
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** A route handler whose failures all become the one JSON error answer (thin routes: parse → lib → respond). */
export function handled<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A): Promise<Response> => {
    try {
      return await handler(...args);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/** Any method on an API path (/api, /v1) that no route serves: the one JSON error answer, not a brand's HTML page. */
export function apiNotFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(
    new AppError({
      status: 404,
      code: "NOT_FOUND",
      message: `Nothing is served at ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`,
    }),
  );
}
