export { canonicalMcpTarget } from "./access";
export { addKey, listKeys, revokeKey, type McpKey } from "./keys";
