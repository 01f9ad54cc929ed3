import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { startOtherService, loopbackName } from "@/lib/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startGuardProxy, type GuardProxy } from "../guard-proxy";

/**
 * The guard proxy the validator's browser goes through: the outbound rules for every request, redirects included
 * (https tunnels to public addresses only, plain http only to this machine under the development switch).
 */

/** The loopback server the proxy must (development, when listed) or must not (production) reach. */
let server: http.Server;
let port: number;
const hits: string[] = [];
/** Another service on this machine (a database, a cache, the application): never reached, switch or not. */
let other: Awaited<ReturnType<typeof startOtherService>>;
let otherPort: number;
beforeAll(async () => {
  other = await startOtherService();
  otherPort = other.port;
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/redirect")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    res.end(`ok ${req.method} ${req.url} ${req.headers["proxy-connection"] ?? "-"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  other.close();
  server.closeAllConnections?.();
  server.close();
});

let proxy: GuardProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  hits.length = 0;
});

/** Asks the proxy for a tunnel to `target` (host:port); the status, and the socket when it is open. */
function tunnel(via: GuardProxy, target: string): Promise<{ status: number; socket: net.Socket }> {
  const { hostname, port: proxyPort } = new URL(via.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port: proxyPort, method: "CONNECT", path: target });
    req.on("connect", (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    req.on("error", reject);
    req.end();
  });
}

/** Speaks HTTP/1.1 over an open tunnel: the whole answer as text. */
function overTunnel(socket: net.Socket, host: string, path = "/"): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

/** Writes `text` to the proxy over a raw socket: what came back, and whether the proxy closed the connection (2 s). */
function raw(via: GuardProxy, text: string): Promise<{ answer: string; closed: boolean }> {
  const { hostname, port: proxyPort } = new URL(via.url);
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect({ host: hostname, port: Number(proxyPort) }, () => socket.write(text));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, 2000);
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
  });
}

/** A plain-http request through the proxy (an absolute URI, as a browser sends it). */
function viaProxy(
  via: GuardProxy,
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port: proxyPort } = new URL(via.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port: proxyPort,
        path: url,
        headers: { host: new URL(url).host, "proxy-connection": "keep-alive" },
        agent: false,
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("in production (no development switch)", () => {
  it.each([
    ["127.0.0.1:PORT", /this machine/],
    ["[::1]:PORT", /this machine/],
    ["localhost:PORT", /this machine|SSO_DEV_ALLOW_LOOPBACK/],
    ["LOOPBACK_NAME:PORT", /resolves to an address that is this machine/],
    ["10.0.0.1:443", /private/],
    ["169.254.169.254:443", /metadata/],
    ["[fd00:ec2::254]:443", /private/],
    ["[::ffff:a9fe:a9fe]:443", /metadata/],
  ])("refuses a tunnel to %s with 403, and lists it", async (pattern, reason) => {
    expect(loopbackName, "a name of this machine in /etc/hosts").toBeTruthy();
    const target = pattern.replace("PORT", String(port)).replace("LOOPBACK_NAME", loopbackName!);
    proxy = await startGuardProxy({ allowLoopback: false });
    const { status, socket } = await tunnel(proxy, target);
    socket.destroy();
    expect(status).toBe(403);
    expect(proxy.refusals).toEqual([{ target, reason: expect.stringMatching(reason) }]);
    expect(hits).toEqual([]);
  });

  it.each([
    ["http://127.0.0.1:PORT/", /this machine/],
    ["http://[::1]:PORT/", /this machine/],
    ["http://localhost:PORT/", /this machine|SSO_DEV_ALLOW_LOOPBACK/],
    ["http://LOOPBACK_NAME:PORT/", /must use https/],
    ["http://10.0.0.1/", /private/],
    ["http://169.254.169.254/latest/meta-data", /metadata/],
    ["http://93.184.215.14/", /must use https/],
  ])("refuses plain http to %s with 403, and lists it", async (pattern, reason) => {
    const url = pattern.replace("PORT", String(port)).replace("LOOPBACK_NAME", loopbackName!);
    proxy = await startGuardProxy({ allowLoopback: false });
    const answer = await viaProxy(proxy, url);
    expect(answer.status).toBe(403);
    expect(proxy.refusals).toEqual([{ target: url, reason: expect.stringMatching(reason) }]);
    expect(hits).toEqual([]);
  });

  it("lists a refused URL without its query (it may carry a code), each target once, the first 50", async () => {
    proxy = await startGuardProxy({ allowLoopback: false });
    await viaProxy(proxy, "http://169.254.169.254/latest/meta-data?code=secret-code");
    await viaProxy(proxy, "http://169.254.169.254/latest/meta-data?code=another");
    expect(proxy.refusals).toEqual([
      { target: "http://169.254.169.254/latest/meta-data", reason: expect.stringMatching(/metadata/) },
    ]);
    expect(JSON.stringify(proxy.refusals)).not.toContain("secret-code");
    await Promise.all(Array.from({ length: 60 }, (_, i) => viaProxy(proxy!, `http://10.0.0.${i + 1}/`)));
    expect(proxy.refusals).toHaveLength(50);
  });
});

describe("under the development switch", () => {
  /** The test server's origins, as the validator's browser lists the local provider's. */
  const listed = () => [`http://127.0.0.1:${port}`, `localhost:${port}`, `http://app.localhost:${port}`];

  it("tunnels to this machine, by address and by name", async () => {
    proxy = await startGuardProxy({ allowLoopback: true, loopbackAllowed: listed() });
    for (const target of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const { status, socket } = await tunnel(proxy, target);
      expect(status).toBe(200);
      expect(await overTunnel(socket, target, "/through")).toMatch(/^HTTP\/1\.1 200[^]*\r\n\r\nok GET \/through -$/);
    }
    expect(proxy.refusals).toEqual([]);
  });

  it("forwards plain http to this machine (*.localhost too) as it is: no redirect followed, no proxy headers", async () => {
    proxy = await startGuardProxy({ allowLoopback: true, loopbackAllowed: listed() });
    expect(await viaProxy(proxy, `http://127.0.0.1:${port}/page?x=1`)).toMatchObject({
      status: 200,
      body: "ok GET /page?x=1 -",
    });
    expect(await viaProxy(proxy, `http://app.localhost:${port}/`)).toMatchObject({ status: 200, body: "ok GET / -" });
    const redirect = await viaProxy(proxy, `http://127.0.0.1:${port}/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("http://169.254.169.254/latest/meta-data");
    expect(hits).toEqual(["/page?x=1", "/", "/redirect"]);
    expect(proxy.refusals).toEqual([]);
  });

  it("still refuses private and metadata addresses, tunnel or plain http", async () => {
    proxy = await startGuardProxy({ allowLoopback: true });
    expect((await tunnel(proxy, "10.0.0.1:443")).status).toBe(403);
    expect((await tunnel(proxy, "169.254.169.254:443")).status).toBe(403);
    expect((await viaProxy(proxy, "http://10.255.255.1/")).status).toBe(403);
    expect((await viaProxy(proxy, "http://169.254.169.254/latest/meta-data")).status).toBe(403);
    expect(proxy.refusals.map((r) => r.target)).toEqual([
      "10.0.0.1:443",
      "169.254.169.254:443",
      "http://10.255.255.1/",
      "http://169.254.169.254/latest/meta-data",
    ]);
  });

  it("refuses the hosts it is told to quietly (the redirect URI's): never reached, not listed", async () => {
    proxy = await startGuardProxy({
      allowLoopback: true,
      quietlyRefused: [`http://brand.localhost:${port}/oauth2/idpresponse`],
    });
    expect((await viaProxy(proxy, `http://brand.localhost:${port}/oauth2/idpresponse?code=c`)).status).toBe(403);
    expect((await tunnel(proxy, `brand.localhost:${port}`)).status).toBe(403);
    expect(hits).toEqual([]);
    expect(proxy.refusals).toEqual([]);
  });

  it("opens this machine only at the origins it is given: not its database, cache or application", async () => {
    // Written with an upper-case host, a final slash and a path: compared by host and port.
    proxy = await startGuardProxy({ allowLoopback: true, loopbackAllowed: [`HTTP://127.0.0.1:${port}/issuer/`] });
    const listedTunnel = await tunnel(proxy, `127.0.0.1:${port}`);
    expect(listedTunnel.status).toBe(200);
    listedTunnel.socket.destroy();
    expect(await viaProxy(proxy, `http://127.0.0.1:${port}/page`)).toMatchObject({ status: 200 });
    const refused = [
      `127.0.0.1:${otherPort}`,
      `localhost:${otherPort}`,
      `localhost:${port}`, // another name of the same server: not the origin given
      "[::1]:5432",
    ];
    for (const target of refused) {
      const { status, socket } = await tunnel(proxy, target);
      socket.destroy();
      expect(status, target).toBe(403);
    }
    expect((await viaProxy(proxy, `http://127.0.0.1:${otherPort}/`)).status).toBe(403);
    expect((await viaProxy(proxy, `http://app.localhost:${port}/ops`)).status).toBe(403);
    expect(other.connections).toBe(0);
    expect(hits).toEqual(["/page"]);
    expect(proxy.refusals).toEqual(
      [...refused, `http://127.0.0.1:${otherPort}/`, `http://app.localhost:${port}/ops`].map((target) => ({
        target,
        reason: expect.stringMatching(/is this machine, at an origin the development switch does not open/),
      })),
    );
  });

  it("opens no port of this machine when given none", async () => {
    proxy = await startGuardProxy({ allowLoopback: true });
    const { status, socket } = await tunnel(proxy, `127.0.0.1:${port}`);
    socket.destroy();
    expect(status).toBe(403);
    expect((await viaProxy(proxy, `http://localhost:${port}/`)).status).toBe(403);
    expect(hits).toEqual([]);
  });

  it("close() ends open tunnels", async () => {
    proxy = await startGuardProxy({ allowLoopback: true, loopbackAllowed: listed() });
    const { status, socket } = await tunnel(proxy, `127.0.0.1:${port}`);
    expect(status).toBe(200);
    const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await proxy.close();
    proxy = undefined;
    await ended;
  });
});

describe("malformed requests", () => {
  it.each([
    "CONNECT host:99999 HTTP/1.1\r\nHost: host:99999\r\n\r\n",
    "CONNECT a%00b:443 HTTP/1.1\r\nHost: a%00b:443\r\n\r\n",
    "CONNECT 127.0.0.1:0 HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n",
    "CONNECT [::1:443 HTTP/1.1\r\nHost: x\r\n\r\n",
    "CONNECT a%zzb:443 HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET http://127.0.0.1:99999/ HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n",
    "GET http://a%00b/ HTTP/1.1\r\nHost: a%00b\r\n\r\n",
    "GET http://127.0.0.1:0/ HTTP/1.1\r\nHost: 127.0.0.1:0\r\n\r\n",
    "GET http://[::1/ HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "NOT A REQUEST\r\n\r\n",
  ])("%j: a 400, the connection closed, the proxy still serving", async (request) => {
    proxy = await startGuardProxy({ allowLoopback: true, loopbackAllowed: [`127.0.0.1:${port}`, "127.0.0.1:80"] });
    const { answer, closed } = await raw(proxy, request);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(closed).toBe(true);
    expect(hits).toEqual([]);
    expect((await viaProxy(proxy, `http://127.0.0.1:${port}/after`)).status).toBe(200);
  });
});
