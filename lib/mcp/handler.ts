import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { brandForHost } from "@/lib/brands";
import { loggedAddress, readJsonBody, AppError, requestFacts } from "@/lib/http/node";
import { log } from "@/lib/log";
import { countMcpCall } from "@/lib/metrics";
import { admit, type Admission } from "./access";
import { mcpErrorResponse, type RequestId } from "./errors";
import { consume, consumeShared, networkOf } from "@/lib/limits";
import { createMcpServer, TOOLS } from "./server";

/** Request bodies above this are refused (413): a tool call is a few hundred bytes, 50 hotel ids a few KB. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** The protocol's methods and the tools, as logs name them (anything else a client sends is "other"). */
const KNOWN = new Set([
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "prompts/list",
  "notifications/initialized",
  "notifications/cancelled",
  ...TOOLS.map((t) => t.name),
]);
const known = (name: unknown) => (typeof name === "string" && KNOWN.has(name) ? name : "other");

interface Message {
  /** Set for a JSON-RPC request (it gets an answer); undefined for a notification or a response. */
  id?: RequestId;
  /** What logs say it is: the tool called, or the method. */
  name: string;
}

function invalidRequest(message: string, field?: string): AppError {
  return new AppError({ code: "INVALID_REQUEST", message, field });
}

/**
 * What the body is, before MCP sees it: one JSON-RPC message (batches are refused: MCP 2025-06-18 removed them, and a
 * batch of 100 tool calls would cost one request of a tier's limit). A tools/call whose params are not an object
 * with a name and object arguments is refused here with the field at fault (the SDK would answer "Internal error").
 */
function messageOf(body: unknown): Message {
  if (Array.isArray(body)) {
    throw invalidRequest(
      "Batches are not supported (MCP 2025-06-18 removed them): send one JSON-RPC message per request",
    );
  }
  if (!body || typeof body !== "object") return { name: "other" };
  const { id, method, params } = body as { id?: unknown; method?: unknown; params?: unknown };
  const isRequest = typeof method === "string" && (typeof id === "string" || typeof id === "number");
  if (method === "tools/call" && isRequest) {
    const p = params as { name?: unknown; arguments?: unknown } | null | undefined;
    const object = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v);
    if (!object(p))
      throw Object.assign(invalidRequest("params must be an object with the tool's name", "params"), { id });
    if (typeof p!.name !== "string")
      throw Object.assign(invalidRequest("params.name must name a tool", "params.name"), { id });
    if (p!.arguments !== undefined && !object(p!.arguments)) {
      throw Object.assign(
        invalidRequest("params.arguments must be an object of the tool's arguments", "params.arguments"),
        { id },
      );
    }
    return { id, name: known(p!.name) };
  }
  return { id: isRequest ? (id as RequestId) : undefined, name: known(method) };
}

/** The SDK's own Accept rule, checked before a request counts against a limit. */
function assertAccept(request: Request): void {
  const accept = request.headers.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
    throw new AppError({
      code: "NOT_ACCEPTABLE",
      field: "Accept",
      message: "Accept must list both application/json and text/event-stream (MCP Streamable HTTP)",
    });
  }
}

/**
 * One request of the admission's tier. Anonymous: the client network's share first (MCP_ANONYMOUS_NETWORK_SHARE),
 * then the one limit all anonymous clients share (spec §5): one client cannot use up what the others share.
 */
function consumeTier(a: Admission) {
  if (a.tier === "partner") return consume({ tier: "partner", counter: a.key.id, limit: a.key.rateLimit });
  return consumeShared({ tier: "anonymous" }, { tier: "anonymous_network", counter: networkOf(a.address) });
}

/**
 * POST {host}/mcp (spec §4.2): the brand the Host names; access (spec §5: HTTPS, api_key, IP ranges); one request of
 * the tier's limit per JSON-RPC request; then a new MCP server and web-standard Streamable HTTP transport for this
 * request alone (stateless, JSON responses). Failures before MCP are JSON-RPC error objects (lib/mcp/errors.ts);
 * nothing a client sends is answered with a 5xx. Logs keep the tier, the key's id, the method or tool (known names
 * only), the status, tool errors and time, and the client's network (never the full address, the arguments or the
 * key).
 */
export async function handleMcp(request: Request): Promise<Response> {
  const started = performance.now();
  let admission: Admission | undefined;
  let message: Message = { name: "other" };
  let outcome = "ok";
  const stats = { toolErrors: 0 };
  let response: Response;
  const facts = requestFacts(request.headers);
  try {
    // Access first (spec §5), before the Host's brand or the body are looked at: a refused request costs nothing more.
    admission = await admit(
      { searchParams: new URL(request.url).searchParams, host: request.headers.get("host") },
      facts,
    );
    const brand = brandForHost(request.headers.get("host"));
    const body = await readJsonBody(request, MAX_MCP_BODY_BYTES);
    message = messageOf(body);
    if (message.id !== undefined) {
      assertAccept(request);
      const limit = await consumeTier(admission);
      if (!limit.allowed) {
        throw new AppError({
          code: "RATE_LIMITED",
          message:
            admission.tier === "partner"
              ? "This api_key has reached its request limit. Please wait a couple of minutes, then ask again."
              : limit.refusedBy === "network"
                ? "The assistant endpoint is busy: anonymous use from your network has reached its share of the shared limit. Please wait a couple of minutes, then ask again."
                : "The assistant endpoint is busy: anonymous use has reached its shared limit. Please wait a couple of minutes, then ask again.",
          details: {
            tier: admission.tier,
            ...(admission.tier === "anonymous" && limit.refusedBy === "network" && { share: "network" }),
          },
        });
      }
    }
    const server = createMcpServer(brand, stats);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    try {
      await server.connect(transport);
      // A complete JSON answer (enableJsonResponse): closing the server afterwards leaves it whole.
      response = await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await server.close();
    }
    if (response.status >= 400) outcome = "protocol_error";
    else if (stats.toolErrors > 0) outcome = "tool_error";
  } catch (e) {
    outcome = e instanceof AppError ? e.code : "error";
    const id = (e as { id?: RequestId }).id ?? message.id;
    response = mcpErrorResponse(e, id === undefined ? [] : [id]);
  }
  response.headers.set("Cache-Control", "no-store");
  countMcpCall(message.name, admission?.tier ?? "none", outcome);
  log.info(
    {
      route: "mcp",
      tier: admission?.tier,
      key: admission?.tier === "partner" ? admission.key.id : undefined,
      call: message.name,
      status: response.status,
      outcome,
      network: loggedAddress(facts.address),
      ms: Math.round(performance.now() - started),
    },
    // Refused by the access rules: neither the tool nor the tier is known.
    admission ? "mcp request" : "mcp request refused",
  );
  return response;
}

/** GET (the optional SSE stream), DELETE (session end) and the rest: this server keeps no sessions or streams. */
export function mcpMethodNotAllowed(): Response {
  return mcpErrorResponse(
    new AppError({
      code: "METHOD_NOT_ALLOWED",
      message: "The assistant endpoint takes POST only (stateless Streamable HTTP: no sessions, no event stream)",
    }),
  );
}

/** OPTIONS: what the endpoint takes (no CORS: MCP clients are not web pages). */
export function mcpOptions(): Response {
  return new Response(null, { status: 204, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
