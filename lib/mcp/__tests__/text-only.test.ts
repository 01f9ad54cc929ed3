import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { brands } from "@/lib/brands/node";

/**
 * The reduction happens where lib/mcp/server.ts assembles a result, not in each tool: a tool whose own output carries
 * markup (here search_hotels, replaced by one that returns hostile text as it is) still answers plain text.
 */
const HOSTILE =
  "&lt;img src=x onerror=alert(1)&gt;![n](https://attacker.test/n.png)Hotel [Book](https://attacker.test/b)";

vi.mock("../hotels", async (importOriginal) => {
  const real = await importOriginal<typeof import("../hotels")>();
  return {
    ...real,
    searchHotels: {
      ...real.searchHotels,
      run: async () => {
        return {
          structured: {
            matchedBy: "hotelName",
            total: 1,
            page: 1,
            pages: 1,
            pageSize: 10,
            hotels: [
              {
                id: "H1",
                name: HOSTILE,
                place: { city: "<script>alert(2)</script>Paris", country: "FR", countryName: "France" },
                distanceKm: null,
                propertyType: "Hotel\u0000\u202e",
                isPetFriendly: null,
                isVacationRental: null,
                url: "http://brand-a.localhost:3000/hotels/H1?lang=en&curr=EUR&source=aurora",
                descriptions: {
                  "<b>overall</b>": "<p>One</p><p>&amp;lt;script&amp;gt;x()&amp;lt;/script&amp;gt;Two</p>",
                },
              },
            ],
            propertyTypes: [],
          },
          text: `1. ${HOSTILE} (H1)`,
        };
      },
    },
  };
});

const { createMcpServer } = await import("../server");

let client: Client;
beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(brands().get("aurora")!).connect(serverSide);
  client = new Client({ name: "text-only-test", version: "1.0.0" });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
});

describe("every tool result, as the MCP server assembles it", () => {
  it("is plain text in its text and every string of its structured content, keys included", async () => {
    const r = (await client.callTool({ name: "search_hotels", arguments: { query: "x" } })) as unknown as {
      structuredContent: { hotels: Record<string, unknown>[] };
      content: { text: string }[];
    };
    expect(r.content[0]!.text).toBe("1. Hotel Book (H1)");
    expect(r.structuredContent.hotels[0]).toMatchObject({
      name: "Hotel Book",
      place: { city: "Paris" },
      propertyType: "Hotel",
      url: "http://brand-a.localhost:3000/hotels/H1?lang=en&curr=EUR&source=aurora",
      descriptions: { overall: "One\nTwo" },
    });
  });

  it("is plain text in a tool error, which may quote an argument", async () => {
    const r = (await client.callTool({
      name: "get_hotels",
      arguments: { hotelIds: ["H1"], language: "<img src=x onerror=alert(1)>" },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^language "" is not offered here; use one of: /);
  });
});
