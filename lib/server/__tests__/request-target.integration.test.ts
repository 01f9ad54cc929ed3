import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startBrandServer, openTestStore, type TestStore } from "@/lib/testing";

/**
 * What the built server (npm start: lib/server in front of Next) answers to request lines a browser never sends,
 * written byte for byte on a socket: clients such as fetch always send the origin form.
 */
let store: TestStore;
let app: AppServer;
let brandHost: string;

beforeAll(async () => {
  store = await openTestStore("sqlite");
  app = await startBrandServer(store);
  brandHost = `brand-a.localhost:${app.port}`;
});
afterAll(async () => {
  await app?.stop();
  await store?.drop();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

/** One request on its own connection, exactly as written; the answer's status line, headers and (chunked) body. */
function raw(requestLine: string, headers: Record<string, string>): Promise<RawAnswer> {
  const text = `${requestLine}\r\n${Object.entries({ ...headers, Connection: "close" })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(app.port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks).toString("latin1");
      const end = all.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = all.slice(0, end).split("\r\n");
      const parsed: Record<string, string[]> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        const name = line.slice(0, i).trim().toLowerCase();
        (parsed[name] ??= []).push(line.slice(i + 1).trim());
      }
      let body = all.slice(end + 4);
      if (parsed["transfer-encoding"]?.includes("chunked")) body = unchunk(body);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? "")?.[1]), headers: parsed, body });
    });
  });
}

function unchunk(text: string): string {
  let out = "";
  for (let at = 0; ;) {
    const eol = text.indexOf("\r\n", at);
    if (eol < 0) return out;
    const size = parseInt(text.slice(at, eol), 16);
    if (!size) return out;
    out += text.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

describe("an absolute-form request target", () => {
  it("naming another host than Host is refused with a 400 that no cache keeps, never a redirect there", async () => {
    const foreign = [
      "GET http://evil.test/x HTTP/1.1",
      "GET http://evil.test/ HTTP/1.1",
      "GET https://evil.test/search?q=Paris HTTP/1.1",
      "GET http://evil.test/api/live HTTP/1.1",
      "GET http://evil.test/v1/openapi.json HTTP/1.1",
      "GET http://evil.test/ops HTTP/1.1",
      "GET http://evil.test HTTP/1.1",
      "HEAD http://evil.test/x HTTP/1.1",
      // The brand's own name on another port, or with user information before it, is another authority too.
      () => `GET http://brand-a.localhost:1/x HTTP/1.1`,
      () => `GET http://evil.test@${brandHost}/x HTTP/1.1`,
      // Another brand of this platform: served under the Host's name it would be that brand's page cached as this one's.
      () => `GET http://brand-b.localhost:${app.port}/ HTTP/1.1`,
    ];
    for (const entry of foreign) {
      const line = typeof entry === "function" ? entry() : entry;
      const res = await raw(line, { Host: brandHost });
      expect(res.status, line).toBe(400);
      expect(res.headers.location, line).toBeUndefined();
      expect(res.headers.refresh, line).toBeUndefined();
      expect(res.headers["cache-control"], line).toEqual(["no-store"]);
      if (!line.startsWith("HEAD")) {
        expect(JSON.parse(res.body), line).toMatchObject({ error: { code: "INVALID_REQUEST_TARGET" } });
      }
    }
  });

  it("naming the Host's own authority is served as the origin-form request it stands for", async () => {
    const absolute = await raw(`GET http://${brandHost}/search?q=Paris HTTP/1.1`, { Host: brandHost });
    const origin = await raw("GET /search?q=Paris HTTP/1.1", { Host: brandHost });
    expect(origin.status).toBe(200);
    expect(absolute.status).toBe(200);
    expect(absolute.headers.location).toBeUndefined();
    expect(absolute.headers["content-type"]).toEqual(origin.headers["content-type"]);
    expect(absolute.body).toContain('<html lang="');
    // Host names are case-insensitive, and the scheme's default port may be written or not.
    const upper = await raw(`GET http://${brandHost.toUpperCase()}/api/live HTTP/1.1`, { Host: brandHost });
    expect(upper.status).toBe(200);
    const defaultPort = await raw("GET http://brand-a.localhost:80/api/live HTTP/1.1", { Host: "brand-a.localhost" });
    expect(defaultPort.status).toBe(200);
  });

  it("a path that only looks like one (repeated slashes) never redirects to another host either", async () => {
    for (const line of ["GET //evil.test/x HTTP/1.1", "GET /\\evil.test/x HTTP/1.1", "GET ///evil.test HTTP/1.1"]) {
      const res = await raw(line, { Host: brandHost });
      const location = res.headers.location?.[0];
      if (location) expect(new URL(location, `http://${brandHost}/`).host, line).toBe(brandHost);
    }
  });
});

describe("Next's internal headers", () => {
  it("are on no response: pages rewritten by the proxy, its redirects and 404s, the API", async () => {
    const requests: [string, string, number][] = [
      ["GET / HTTP/1.1", brandHost, 200],
      ["GET /search?q=Paris HTTP/1.1", brandHost, 200],
      ["GET /no-such-page HTTP/1.1", brandHost, 404],
      ["GET /preferences?lang=de&return=/ HTTP/1.1", brandHost, 303],
      ["GET / HTTP/1.1", "unknown.localhost", 404],
      ["GET /ops HTTP/1.1", "127.0.0.1", 200], // the operators' page, not rewritten
      ["GET /api/live HTTP/1.1", brandHost, 200],
      ["HEAD /search?q=Paris HTTP/1.1", brandHost, 200],
    ];
    for (const [line, host, status] of requests) {
      const res = await raw(line, { Host: host, "Accept-Encoding": "br, gzip" });
      expect(res.status, `${host} ${line}`).toBe(status);
      expect(
        Object.keys(res.headers).filter((h) => h.startsWith("x-middleware-")),
        `${host} ${line}`,
      ).toEqual([]);
    }
  });
});

describe("a client's forwarded headers, with no trusted proxy in front (TRUSTED_PROXY_HOPS=0)", () => {
  it("cannot choose the scheme: no HSTS, no Secure cookie, links on the origin the request really used", async () => {
    for (const proto of ["https", "https, https", "HTTPS"]) {
      const page = await raw("GET /search?q=Paris HTTP/1.1", { Host: brandHost, "X-Forwarded-Proto": proto });
      expect(page.status, proto).toBe(200);
      expect(page.headers["strict-transport-security"], proto).toBeUndefined();
      expect(page.body, proto).not.toContain(`https://${brandHost}`);
      const saved = await raw("GET /preferences?lang=de&return=/ HTTP/1.1", {
        Host: brandHost,
        "X-Forwarded-Proto": proto,
        "X-Forwarded-Host": "evil.test",
      });
      expect(saved.status, proto).toBe(303);
      expect(saved.headers["set-cookie"]?.length, proto).toBeGreaterThan(0);
      for (const cookie of saved.headers["set-cookie"] ?? []) expect(cookie, proto).not.toMatch(/;\s*Secure/i);
      for (const location of saved.headers.location ?? [])
        expect(new URL(location, `http://${brandHost}/`).origin, proto).toBe(`http://${brandHost}`);
    }
  });
});
