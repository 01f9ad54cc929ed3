import { handleMcp, mcpMethodNotAllowed, mcpOptions } from "@/lib/mcp";

export const dynamic = "force-dynamic";

/** Spec §4.2: the assistant endpoint (MCP over stateless Streamable HTTP) on every brand host. */
export const POST = handleMcp;
export const OPTIONS = mcpOptions;

export {
  mcpMethodNotAllowed as GET,
  mcpMethodNotAllowed as DELETE,
  mcpMethodNotAllowed as PUT,
  mcpMethodNotAllowed as PATCH,
};
