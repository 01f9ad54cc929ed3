import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/places/__tests__/http-fixture";
import { addKey, revokeKey } from "@/lib/mcp/keys";
import { loopbackFetch } from "@/lib/http/loopback-fetch";
import { ACCEPT, connect, post, toolCall } from "./fixture";

/**
 * Spec §5 rules for the assistant endpoint, against the built app behind one trusted proxy hop (the test sets the
 * headers that proxy would): partner keys, IP allowlists (403 at the edge, IPv4 and IPv6), HTTPS only.
 */
let server: NearbyServer;
let open: string;
let v4: string;
let v6: string;
let revoked: string;

const via = (address: string, proto = "https") => ({ "x-forwarded-for": address, "x-forwarded-proto": proto });
const call = toolCall("suggest_places", { query: "lis" });

beforeAll(async () => {
  server = await startNearbyServer(300, { env: { TRUSTED_PROXY_HOPS: "1" } });
  const db = server.store.db;
  open = (await addKey(db, { partner: "Open Partner", useCase: "tests" })).key;
  v4 = (await addKey(db, { partner: "V4 Partner", useCase: "tests", ipRanges: ["203.0.113.0/24"] })).key;
  v6 = (await addKey(db, { partner: "V6 Partner", useCase: "tests", ipRanges: ["2001:db8:42::/48", "198.51.100.7"] }))
    .key;
  const r = await addKey(db, { partner: "Gone Partner", useCase: "tests" });
  await revokeKey(db, r.record.id);
  revoked = r.key;
});

afterAll(async () => {
  await server?.close();
});

describe("partner keys", () => {
  it("accepts an issued key from any address when it has no ranges, and anonymous calls from anywhere", async () => {
    for (const address of ["192.0.2.10", "2001:db8:ffff::1"]) {
      const keyed = await post(server, call, { apiKey: open, headers: via(address) });
      expect(keyed.status, address).toBe(200);
      expect(keyed.json?.result.structuredContent.places.length).toBeGreaterThan(0);
      const anonymous = await post(server, call, { headers: via(address) });
      expect(anonymous.status, address).toBe(200);
    }
  });

  it("refuses an unknown, revoked, empty or repeated key with a clear error (401)", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ apiKey: "mcp_" + "A".repeat(32) }, /not one we issued/],
      [{ apiKey: "hello" }, /not one we issued/],
      [{ apiKey: revoked }, /was revoked on \d{4}-\d\d-\d\d/],
      [{ apiKey: "" }, /api_key is empty/],
    ];
    for (const [opts, message] of cases) {
      const r = await post(server, call, opts);
      expect(r.status, JSON.stringify(opts)).toBe(401);
      expect(r.json?.error).toMatchObject({ code: -32010, data: { code: "UNKNOWN_API_KEY", field: "api_key" } });
      expect(r.json?.error.message).toMatch(message);
    }
    const twice = await loopbackFetch(`http://brand-a.localhost:${server.port}/mcp?api_key=${open}&api_key=${open}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: ACCEPT },
      body: JSON.stringify(call),
    });
    expect(twice.status).toBe(401);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toMatch(/more than once/);
  });

  it("shows the SDK client the reason when its key is refused", async () => {
    await expect(connect(server, { apiKey: revoked })).rejects.toThrow(/revoked/);
  });
});

describe("IP allowlists (spec §5 rule 1: HTTP 403 at the edge)", () => {
  it("lets a restricted key through from inside its IPv4 range and refuses it from outside", async () => {
    expect((await post(server, call, { apiKey: v4, headers: via("203.0.113.77") })).status).toBe(200);
    const outside = await post(server, call, { apiKey: v4, headers: via("203.0.114.1") });
    expect(outside.status).toBe(403);
    expect(outside.json?.error).toMatchObject({ code: -32011, data: { code: "ADDRESS_NOT_ALLOWED" } });
    expect(outside.json?.error.message).toContain("203.0.114.1");
    // An IPv4 client behind an IPv6 socket (mapped form) is its IPv4 address.
    expect((await post(server, call, { apiKey: v4, headers: via("::ffff:203.0.113.5") })).status).toBe(200);
  });

  it("does the same for IPv6 ranges and single addresses", async () => {
    expect((await post(server, call, { apiKey: v6, headers: via("2001:db8:42:1::9") })).status).toBe(200);
    expect((await post(server, call, { apiKey: v6, headers: via("198.51.100.7") })).status).toBe(200);
    expect((await post(server, call, { apiKey: v6, headers: via("2001:db8:43::1") })).status).toBe(403);
    expect((await post(server, call, { apiKey: v6, headers: via("198.51.100.8") })).status).toBe(403);
  });

  it("reads the client's address only from the trusted hop: entries a client adds on the left are ignored", async () => {
    const spoofed = await post(server, call, { apiKey: v4, headers: via("203.0.113.9, 192.0.2.50") });
    expect(spoofed.status).toBe(403);
    expect(spoofed.json?.error.message).toContain("192.0.2.50");
  });

  it("refuses at the edge however the path is spelled, before Next runs", async () => {
    for (const path of ["/mcp", "/MCP", "/mcp/", "/%6dcp", "/mcp?x=1"]) {
      const url = `http://brand-a.localhost:${server.port}${path}${path.includes("?") ? "&" : "?"}api_key=${v4}`;
      const r = await loopbackFetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: ACCEPT, ...via("192.0.2.1") },
        body: JSON.stringify(call),
      });
      expect(r.status, path).toBe(403);
    }
  });

  it("never restricts anonymous calls", async () => {
    expect((await post(server, call, { headers: via("192.0.2.99") })).status).toBe(200);
  });
});

describe("HTTPS only (spec §5 rule 3)", () => {
  it("refuses plain HTTP from another machine, with the https address to use", async () => {
    const plain = await post(server, call, { headers: via("192.0.2.10", "http") });
    expect(plain.status).toBe(403);
    expect(plain.json?.error).toMatchObject({ code: -32012, data: { code: "HTTPS_REQUIRED" } });
    expect(plain.json?.error.message).toContain(`https://brand-a.localhost:${server.port}/mcp`);
  });

  it("answers plain HTTP from this machine (development, tests)", async () => {
    expect((await post(server, call)).status).toBe(200);
  });
});
