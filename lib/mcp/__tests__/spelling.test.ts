import { NextRequest } from "next/server";
import { expect, it } from "vitest";
import { proxy } from "@/proxy";
import { canonicalMcpTarget } from "../access";

/**
 * Every spelling of the assistant endpoint reaches its route, where the access rules run: lib/server rewrites the
 * target before Next (what access.integration.test.ts shows on the built app), proxy.ts does it under `next dev`.
 */
const SPELLINGS = ["/MCP", "/%6dcp", "/mcp/", "/./mcp", "/x/../mcp", "/%2e/mcp", "/_next/../mcp", "/Mcp/?a=1"];

it("takes every spelling of /mcp for /mcp, its query kept, and leaves /mcp itself and other paths alone", () => {
  for (const path of SPELLINGS) {
    const query = path.includes("?") ? "&api_key=k" : "?api_key=k";
    expect(canonicalMcpTarget(`${path}${query}`), path).toBe(
      `/mcp${path.includes("?") ? "?a=1&api_key=k" : "?api_key=k"}`,
    );
  }
  for (const path of ["/mcp", "/mcp?api_key=k", "/mcpx", "/api/mcp", "/mcp/x", "/", "/search?q=mcp"]) {
    expect(canonicalMcpTarget(path), path).toBeUndefined();
  }
});

it("proxy.ts (next dev) rewrites another spelling to the route, with the query", async () => {
  const res = await proxy(
    new NextRequest("http://localhost:3000/MCP?api_key=k", { method: "POST", headers: { host: "brand-a.localhost" } }),
  );
  const target = new URL(res.headers.get("x-middleware-rewrite")!);
  expect(`${target.pathname}${target.search}`).toBe("/mcp?api_key=k");
});
