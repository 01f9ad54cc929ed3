/**
 * The assistant endpoint (MCP): its handler in Next, access rules and partner keys.
 */
export { canonicalMcpTarget } from "./access";
export { handleMcp, mcpMethodNotAllowed, mcpOptions } from "./handler";
export { addKey, listKeys, revokeKey, type McpKey } from "./keys";
