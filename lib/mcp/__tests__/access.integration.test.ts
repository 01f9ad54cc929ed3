import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNearbyServer, type NearbyServer } from "@/lib/testing";
import { addKey, revokeKey } from "../keys";
import { loopbackFetch } from "@/lib/http/node";
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
  server = await startNearbyServer(300, {
    env: { TRUSTED_PROXY_HOPS: "1", MCP_UNKNOWN_KEY_LIMIT: "8", LOG_LEVEL: "info" },
  });
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

  it("refuses an unknown, revoked, empty, misspelt or repeated key with a clear error (403, never 401: it starts OAuth)", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ apiKey: "mcp_" + "A".repeat(32) }, /not one we issued/],
      [{ apiKey: "hello" }, /not one we issued/],
      [{ apiKey: revoked }, /was revoked on \d{4}-\d\d-\d\d/],
      [{ apiKey: "" }, /api_key is empty/],
    ];
    for (const [opts, message] of cases) {
      const r = await post(server, call, opts);
      expect(r.status, JSON.stringify(opts)).toBe(403);
      expect(r.json?.error).toMatchObject({ code: -32010, data: { code: "UNKNOWN_API_KEY", field: "api_key" } });
      expect(r.json?.error.message).toMatch(message);
    }
    const twice = await loopbackFetch(`http://brand-a.localhost:${server.port}/mcp?api_key=${open}&api_key=${open}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: ACCEPT },
      body: JSON.stringify(call),
    });
    expect(twice.status).toBe(403);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toMatch(/more than once/);
    const misspelt = await loopbackFetch(`http://brand-a.localhost:${server.port}/mcp?API_KEY=${open}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: ACCEPT },
      body: JSON.stringify(call),
    });
    expect(misspelt.status).toBe(403);
    expect(((await misspelt.json()) as { error: { message: string } }).error.message).toMatch(
      /The parameter is api_key \(lower case, with an underscore\), not API_KEY/,
    );
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

  it("refuses however the path is spelled: every spelling reaches the route", async () => {
    for (const path of [
      "/mcp",
      "/MCP",
      "/mcp/",
      "/%6dcp",
      "/mcp?x=1",
      "/./mcp",
      "/x/../mcp",
      "/%2e/mcp",
      "/_next/../mcp",
    ]) {
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

describe("guessing keys", () => {
  it("stops looking keys up for a network that presented too many unknown ones, and says to wait", async () => {
    const from = via("192.0.2.77");
    const guess = () => `mcp_${Math.random().toString(36).slice(2).padEnd(32, "x").slice(0, 32)}`;
    for (let i = 0; i < 8; i++) {
      const r = await post(server, call, { apiKey: guess(), headers: from });
      expect(r.json?.error.data.code, `guess ${i}`).toBe("UNKNOWN_API_KEY");
    }
    const over = await post(server, call, { apiKey: guess(), headers: from });
    expect(over.json?.error).toMatchObject({ code: -32029, data: { code: "RATE_LIMITED", tier: "unknown_key" } });
    expect(over.json?.error.message).toMatch(/wait a couple of minutes/);
    // Another network is not affected; a key already known keeps working from there.
    expect((await post(server, call, { apiKey: open, headers: via("192.0.3.1") })).status).toBe(200);
    const refused = server
      .logs()
      .split("\n")
      .filter((l) => l.includes('"mcp request refused"'));
    expect(refused.some((l) => l.includes('"network":"192.0.2.0/24"') && l.includes('"UNKNOWN_API_KEY"'))).toBe(true);
  });
});

describe("what Next must not see", () => {
  it("answers a malformed Host, TRACE and a target that is not a path with a 4xx, never a 5xx", async () => {
    const net = await import("node:net");
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        // Written, not ended (a half-close would abort the request); `Connection: close` ends it after the answer.
        const socket = net.connect(server.port, "127.0.0.1", () => socket.write(request));
        let out = "";
        socket.on("data", (d) => (out += d.toString()));
        socket.on("close", () => resolve(out));
      });
    const body = JSON.stringify(call);
    for (const host of ["a b", "[::1", "x%y", "@", ""]) {
      const answer = await raw(
        `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer, host).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    expect(await raw("TRACE /mcp HTTP/1.1\r\nHost: brand-a.localhost\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 405 /,
    );
    expect(
      await raw(`OPTIONS *?api_key=${open} HTTP/1.1\r\nHost: brand-a.localhost\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 400 /);
    expect(server.logs()).not.toContain(open);
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

  it("does not take a proxy on this machine forwarding plain HTTP for a local client", async () => {
    const forwarded = await post(server, call, { headers: { "x-forwarded-proto": "http" } });
    expect(forwarded.status).toBe(403);
    expect(forwarded.json?.error.data.code).toBe("HTTPS_REQUIRED");
  });
});
