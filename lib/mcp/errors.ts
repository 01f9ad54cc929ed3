import { AppError, toErrorBody } from "@/lib/http/node";

/**
 * The assistant endpoint answers failures that happen before MCP runs (access, limits, unreadable bodies) as
 * JSON-RPC error objects, so every MCP client shows their message. Spec §7 leaves the MCP error's code and structure
 * open; this is the decision (docs/assistant-endpoint.md): the platform's one error type (AppError, its status and
 * stable code) mapped once here to a JSON-RPC code in the range for server errors, the stable code in `data.code`.
 */
const JSONRPC_CODES: Record<string, number> = {
  /** Over a tier's limit: HTTP 200 and no Retry-After, nothing that invites an automatic retry (spec §7). */
  RATE_LIMITED: -32029,
  /** api_key not issued, revoked, empty, misspelt or given twice. */
  UNKNOWN_API_KEY: -32010,
  /** A partner key used from outside its IP ranges (spec §5 rule 1, §7: HTTP 403). */
  ADDRESS_NOT_ALLOWED: -32011,
  /** Plain HTTP from another machine (spec §5 rule 3). */
  HTTPS_REQUIRED: -32012,
  /** The Host names no brand. */
  UNKNOWN_HOST: -32013,
  METHOD_NOT_ALLOWED: -32000,
  NOT_ACCEPTABLE: -32000,
  /** The body is not JSON (or not UTF-8): JSON-RPC's parse error. */
  INVALID_JSON: -32700,
  /** JSON, but not a request this endpoint takes (a batch, a tools/call without an object of arguments, …). */
  INVALID_REQUEST: -32600,
  PAYLOAD_TOO_LARGE: -32600,
  UNSUPPORTED_MEDIA_TYPE: -32600,
};

export type RequestId = string | number | null;

/** The JSON-RPC error object of any thrown value (an unexpected one says nothing of itself). */
export function errorObject(e: unknown, id: RequestId = null) {
  const { body } = toErrorBody(e);
  const { code, message, details, ...rest } = body.error;
  // Details that are an object join data (data.tier); anything else stays under data.details.
  const extra =
    details && typeof details === "object" && !Array.isArray(details)
      ? (details as Record<string, unknown>)
      : { details };
  return {
    jsonrpc: "2.0" as const,
    id,
    error: {
      code: JSONRPC_CODES[code] ?? (e instanceof AppError && e.status < 500 ? -32600 : -32603),
      message,
      data: { ...extra, ...rest, code },
    },
  };
}

/** The HTTP answer of a failure before MCP: the AppError's status (a rate limit: 200), the request's id if known. */
export function mcpErrorResponse(e: unknown, ids: RequestId[] = []): Response {
  const { status } = toErrorBody(e);
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (e instanceof AppError && e.code === "METHOD_NOT_ALLOWED") headers.Allow = "POST";
  return Response.json(errorObject(e, ids[0] ?? null), {
    status: e instanceof AppError && e.code === "RATE_LIMITED" ? 200 : status,
    headers,
  });
}
