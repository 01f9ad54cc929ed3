import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { brandForHost } from "@/lib/brands/context";
import { loggedAddress } from "@/lib/http/address";
import { readJsonBody } from "@/lib/http/body";
import { requestFacts } from "@/lib/http/client";
import { AppError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { admit, type Admission } from "./access";
import { mcpErrorResponse, type RequestId } from "./errors";
import { consume } from "./limits";
import { createMcpServer } from "./server";

/** Request bodies above this are refused (413): a tool call is a few hundred bytes. */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;

interface Incoming {
  /** JSON-RPC requests (they get answers), as opposed to notifications and responses. */
  requests: { id: RequestId; method: string; tool?: string }[];
  batch: boolean;
}

function incoming(body: unknown): Incoming {
  const messages = Array.isArray(body) ? body : [body];
  const requests: Incoming["requests"] = [];
  for (const m of messages) {
    if (!m || typeof m !== "object") continue;
    const { id, method, params } = m as { id?: unknown; method?: unknown; params?: { name?: unknown } };
    if (typeof method !== "string" || (typeof id !== "string" && typeof id !== "number")) continue;
    const tool = method === "tools/call" && typeof params?.name === "string" ? params.name.slice(0, 64) : undefined;
    requests.push({ id, method: method.slice(0, 64), tool });
  }
  return { requests, batch: Array.isArray(body) };
}

const tierOf = (a: Admission) =>
  a.tier === "anonymous"
    ? { tier: "anonymous" as const }
    : { tier: "partner" as const, keyId: a.key.id, limit: a.key.rateLimit };

/**
 * POST {host}/mcp (spec §4.2): the brand the Host names; access (spec §5: HTTPS, api_key, IP ranges); the tier's
 * rate limit, counted once per HTTP request that carries JSON-RPC requests; then a new MCP server and
 * web-standard Streamable HTTP transport for this request alone (stateless, JSON responses). Failures before MCP are
 * JSON-RPC error objects (lib/mcp/errors.ts); nothing a client sends is answered with a 5xx. Logs keep the tier, the
 * key's id, the methods and tools called, the status and time, and the client's network (never the full address,
 * the arguments or the key).
 */
export async function handleMcp(request: Request): Promise<Response> {
  const started = performance.now();
  const url = new URL(request.url);
  let admission: Admission | undefined;
  let calls: Incoming = { requests: [], batch: false };
  let outcome = "ok";
  let response: Response;
  try {
    const brand = brandForHost(request.headers.get("host"));
    admission = await admit(url, requestFacts(request.headers));
    const body = await readJsonBody(request, MAX_MCP_BODY_BYTES);
    calls = incoming(body);
    if (calls.requests.length > 0) {
      const limit = await consume(tierOf(admission));
      if (!limit.allowed) {
        outcome = "rate_limited";
        throw new AppError({
          status: 429,
          code: "RATE_LIMITED",
          message:
            admission.tier === "anonymous"
              ? "The assistant endpoint is busy: anonymous use has reached its shared limit. Please wait a couple of minutes, then ask again."
              : "This api_key has reached its request limit. Please wait a couple of minutes, then ask again.",
          details: { tier: admission.tier },
        });
      }
    }
    const server = createMcpServer(brand);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    try {
      await server.connect(transport);
      response = await transport.handleRequest(request, { parsedBody: body });
      // The JSON answer is complete (enableJsonResponse): read it before the server closes.
      const text = await response.text();
      response = new Response(text || null, { status: response.status, headers: response.headers });
    } finally {
      await server.close();
    }
    if (response.status >= 400) outcome = "protocol_error";
  } catch (e) {
    if (outcome === "ok") outcome = e instanceof AppError ? e.code : "error";
    response = mcpErrorResponse(
      e,
      calls.requests.map((r) => r.id),
      calls.batch,
    );
  }
  response.headers.set("Cache-Control", "no-store");
  log.info(
    {
      route: "mcp",
      tier: admission?.tier,
      key: admission?.tier === "partner" ? admission.key.id : undefined,
      methods: calls.requests.map((r) => r.tool ?? r.method),
      status: response.status,
      outcome,
      network: loggedAddress(admission?.address),
      ms: Math.round(performance.now() - started),
    },
    "mcp request",
  );
  return response;
}

/** GET (the optional SSE stream), DELETE (session end) and the rest: this server keeps no sessions or streams. */
export function mcpMethodNotAllowed(): Response {
  return mcpErrorResponse(
    new AppError({
      status: 405,
      code: "METHOD_NOT_ALLOWED",
      message: "The assistant endpoint takes POST only (stateless Streamable HTTP: no sessions, no event stream)",
    }),
  );
}
