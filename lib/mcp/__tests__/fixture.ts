import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { AppServer } from "@/lib/testing";
import { loopbackFetch } from "@/lib/http/node";

export interface CallerOptions {
  host?: string;
  apiKey?: string;
  /** Headers as a trusted proxy in front would set them (X-Forwarded-For, X-Forwarded-Proto). */
  headers?: Record<string, string>;
}

export function mcpUrl(server: AppServer, opts: CallerOptions = {}): URL {
  const url = new URL(`http://${opts.host ?? "brand-a.localhost"}:${server.port}/mcp`);
  if (opts.apiKey !== undefined) url.searchParams.set("api_key", opts.apiKey);
  return url;
}

/** The MCP SDK's own client over HTTP, connected (initialize done). */
export async function connect(server: AppServer, opts: CallerOptions = {}): Promise<Client> {
  const client = new Client({ name: "platform-tests", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl(server, opts), {
      fetch: loopbackFetch,
      requestInit: { headers: opts.headers ?? {} },
    }),
  );
  return client;
}

export const ACCEPT = "application/json, text/event-stream";

/** One raw POST to /mcp: the status, headers and parsed JSON body (undefined when empty or not JSON). */
export async function post(
  server: AppServer,
  body: unknown,
  opts: CallerOptions & { contentType?: string; method?: string } = {},
) {
  const res = await loopbackFetch(mcpUrl(server, opts), {
    method: opts.method ?? "POST",
    headers: {
      "content-type": opts.contentType ?? "application/json",
      accept: ACCEPT,
      "mcp-protocol-version": "2025-06-18",
      ...opts.headers,
    },
    body:
      opts.method === "GET" || opts.method === "DELETE" || opts.method === "OPTIONS"
        ? undefined
        : typeof body === "string" || body instanceof Uint8Array
          ? (body as BodyInit)
          : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as the JSON they are
  return { status: res.status, headers: res.headers, json: json as Record<string, any> | undefined, text };
}

/** A tools/call request body. */
export const toolCall = (name: string, args: unknown, id: number | string = 1, meta?: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});
