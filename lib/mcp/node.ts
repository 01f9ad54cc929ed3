/**
 * The part of lib/mcp that runs without Next's request scope: access and partner keys (proxy, mcp:keys).
 */
export { canonicalMcpTarget } from "./access";
export { addKey, listKeys, revokeKey, type McpKey } from "./keys";
