import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackName, startNearbyServer, type NearbyServer } from "@/lib/testing";

/**
 * A second, independent MCP client: the MCP Inspector's command line (@modelcontextprotocol/inspector-cli) in CLI
 * mode over HTTP. It resolves host names itself, so the brand also answers on a name of this machine that Node
 * resolves to loopback (from /etc/hosts).
 */
const run = promisify(execFile);
const CLI = path.resolve("node_modules/.bin/mcp-inspector-cli");

let server: NearbyServer;
let url: string;

beforeAll(async () => {
  if (!loopbackName) throw new Error("this machine has no host name for loopback in /etc/hosts besides localhost");
  server = await startNearbyServer(200, { hosts: { aurora: [loopbackName] } });
  url = `http://${loopbackName}:${server.port}/mcp`;
});
afterAll(async () => {
  await server?.close();
});

async function inspector(...args: string[]): Promise<unknown> {
  const { stdout } = await run(CLI, ["--cli", url, "--transport", "http", ...args], {
    timeout: 60_000,
    // The CLI checks for "../package.json" relative to the working directory but imports it relative to itself:
    // from a folder whose parent has one, it finds its own.
    cwd: path.resolve("lib"),
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1" },
  });
  return JSON.parse(stdout.slice(stdout.indexOf("{")));
}

describe("the MCP Inspector's command line", () => {
  it("lists the tools", async () => {
    const out = (await inspector("--method", "tools/list")) as { tools: { name: string }[] };
    expect(out.tools.map((t) => t.name).sort()).toEqual([
      "get_hotels",
      "nearby_places",
      "search_hotels",
      "suggest_places",
    ]);
  });

  it("calls a tool with arguments and gets structured content and text", async () => {
    const out = (await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "suggest_places",
      "--tool-arg",
      "query=lis",
    )) as {
      structuredContent: { places: { name: string; placeId: string }[] };
      content: { text: string }[];
    };
    expect(out.structuredContent.places.map((p) => p.name)).toContain("Lisbon");
    expect(out.content[0]!.text).toContain("placeId");
  });

  it("shows a tool error for bad arguments", async () => {
    const out = (await inspector(
      "--method",
      "tools/call",
      "--tool-name",
      "search_hotels",
      "--tool-arg",
      "query=Paris",
      "--tool-arg",
      "pageSize=500",
    )) as { isError: boolean; content: { text: string }[] };
    expect(out.isError).toBe(true);
    expect(out.content[0]!.text).toMatch(/pageSize/);
  });
});
