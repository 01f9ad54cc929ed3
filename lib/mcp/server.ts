import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Brand } from "@/lib/brands/node";
import { isAppError } from "@/lib/http/node";
import { textOnlyDeep } from "@/lib/hotels";
import { log } from "@/lib/log";
import { getHotelsTool, searchHotels } from "./hotels";
import { nearbyPlacesTool, suggestPlaces } from "./places";
import type { ToolDefinition } from "./tool";

export const TOOLS: readonly ToolDefinition[] = [
  searchHotels,
  getHotelsTool,
  nearbyPlacesTool,
  suggestPlaces,
] as unknown as readonly ToolDefinition[];

export const SERVER_VERSION = "1.0.0";

/**
 * A tool's failure as the model sees it: an `isError` result whose text says what to change (the field at fault
 * named). An unexpected failure says only that; its details go to the log, never to the client.
 */
function toolError(tool: string, e: unknown, stats: ToolStats) {
  stats.toolErrors++;
  if (isAppError(e) && e.status < 500) {
    return {
      isError: true,
      content: [{ type: "text" as const, text: e.field ? `${e.message} (argument: ${e.field})` : e.message }],
    };
  }
  log.error({ tool, err: e instanceof Error ? e.message : String(e) }, "mcp: tool failed");
  return {
    isError: true,
    content: [{ type: "text" as const, text: "The tool failed unexpectedly. Try again in a moment." }],
  };
}

/**
 * The MCP server of one request (stateless: a new server per request, never shared between clients), with the
 * platform's tools over the brand whose host was called. Read-only tools: they change nothing and look nothing up
 * outside the platform.
 */
export interface ToolStats {
  toolErrors: number;
}

/**
 * The SDK's JSON Schema validator (for elicitation, which these tools never ask for), made once: the server builds
 * one per instance unless given one, a third of a request's cost here.
 */
const validator = new AjvJsonSchemaValidator();

export function createMcpServer(brand: Brand, stats: ToolStats = { toolErrors: 0 }): McpServer {
  const server = new McpServer(
    { name: "hotel-platform", title: `${brand.displayName} hotels`, version: SERVER_VERSION },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: validator,
      instructions:
        `Hotels of ${brand.displayName} (${brand.canonicalUrl}). Find a place's id with suggest_places, hotels ` +
        "with search_hotels (by destination, placeId or point), details with get_hotels, and places around a " +
        "place with nearby_places. Links in results lead to this site. Pass the visitor's language and currency " +
        "as arguments or in _meta.",
    },
  );
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: {
          title: tool.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      // Every string of every result, text and structuredContent alike, is reduced to plain text here, where the
      // result is assembled: record text reaches a client that may render it as HTML or markdown, and no tool can
      // return one that skipped the reduction.
      async (args: unknown, extra: { _meta?: Record<string, unknown> }) => {
        try {
          const answer = await tool.run(args as never, { brand, meta: extra._meta });
          return textOnlyDeep({
            structuredContent: answer.structured as Record<string, unknown>,
            content: [{ type: "text" as const, text: answer.text }],
          });
        } catch (e) {
          return textOnlyDeep(toolError(tool.name, e, stats));
        }
      },
    );
  }
  return server;
}
