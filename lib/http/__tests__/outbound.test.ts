import http from "node:http";
import type { AddressInfo } from "node:net";
import { loopbackName } from "@/lib/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressProblem, guardedFetch, OutboundRefused } from "../outbound";

/** The outbound guard of requests to partners' servers (issue: in production, only HTTPS to public addresses). */
const production = { allowLoopback: false, timeoutMs: 2000, maxBytes: 1024 };
const development = { ...production, allowLoopback: true };

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/redirect")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    if (req.url === "/big") return res.end("x".repeat(5000));
    if (req.url === "/slow") return void setTimeout(() => res.end("late"), 5000);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.closeAllConnections?.() ?? server.close());

describe("addresses", () => {
  it.each([
    ["127.0.0.1", /this machine/],
    ["::1", /this machine/],
    ["10.1.2.3", /private/],
    ["172.20.0.1", /private/],
    ["192.168.0.10", /private/],
    ["169.254.169.254", /metadata/],
    ["fd00:ec2::254", /private/],
    ["fe80::1", /link-local/],
    ["100.64.1.1", /private/],
    ["0.0.0.0", /reserved/],
    ["::", /reserved/],
    ["::ffff:10.0.0.1", /private/],
    ["::ffff:a9fe:a9fe", /metadata/],
    ["64:ff9b::a00:1", /reserved address \(64:ff9b::a00:1, which carries 10\.0\.0\.1\)/],
    ["224.0.0.1", /reserved/],
    // IPv4 reserved: the 6to4 relay anycast
    ["192.88.99.1", /reserved address \(192\.88\.99\.1\)/],
    // NAT64 (well-known and local-use prefixes) and 6to4: judged as the IPv4 address they carry
    ["64:ff9b::a9fe:a9fe", /metadata or reserved address \(64:ff9b::a9fe:a9fe, which carries 169\.254\.169\.254\)/],
    ["64:ff9b::7f00:1", /which carries 127\.0\.0\.1/],
    ["64:ff9b::c0a8:101", /which carries 192\.168\.1\.1/],
    ["64:ff9b:1::a9fe:a9fe", /metadata or reserved address \(64:ff9b:1::a9fe:a9fe, which carries 169\.254\.169\.254\)/],
    ["64:ff9b:1::a00:1", /which carries 10\.0\.0\.1/],
    ["64:ff9b:1:a00:1::", /reserved/], // another layout of the local-use prefix: cannot be judged
    ["2002:a9fe:a9fe::1", /metadata or reserved address \(2002:a9fe:a9fe::1, which carries 169\.254\.169\.254\)/],
    ["2002:7f00:1::1", /which carries 127\.0\.0\.1/],
    ["2002:c0a8:101:0:0:ffff:808:808", /which carries 192\.168\.1\.1/],
    ["2002:a00:1::", /which carries 10\.0\.0\.1/],
    // Teredo: an IPv4 address behind a relay, refused outright
    ["2001::1", /reserved/],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", /reserved/],
    // outside global unicast 2000::/3: IPv4-compatible, site-local, discard, unassigned
    ["::7f00:1", /reserved address \(::7f00:1\)/],
    ["::a9fe:a9fe", /metadata/],
    ["::127.0.0.1", /reserved/],
    ["fec0::1", /reserved/],
    ["100::1", /reserved/],
    ["4000::1", /reserved/],
    ["0:0:0:0:0:0:0:0", /reserved/],
    ["2001:db8::1", /reserved/],
    ["3fff::1", /reserved/],
  ])("%s is refused in production", (address, message) => {
    expect(addressProblem(address, production)).toMatch(message);
  });

  it.each([
    "64:ff9b::7f00:1",
    "64:ff9b:1::7f00:1",
    "2002:7f00:1::1",
    "2002:7f00:1:0:0:ffff:7f00:1",
    "::7f00:1",
    "2001:0:7f00:1::1",
    "::ffff:10.0.0.1",
    "0:0:0:0:0:0:0:0", // the unspecified address, however written
  ])("%s is refused under the development switch too (loopback only as such, not carried)", (address) => {
    expect(addressProblem(address, development)).toMatch(/reserved/);
  });

  it("public addresses are allowed; loopback only with the development switch", () => {
    for (const address of [
      "93.184.215.14",
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
      "8.8.8.8",
      "2a00:1450:4001:80b::200e",
      "64:ff9b::808:808", // NAT64 of a public IPv4 address
      "64:ff9b:1::808:808",
      "2002:808:808::1", // 6to4 of a public IPv4 address
      "::ffff:8.8.8.8",
    ])
      expect(addressProblem(address, production), address).toBeUndefined();
    expect(addressProblem("127.0.0.1", development)).toBeUndefined();
    expect(addressProblem("::1", development)).toBeUndefined();
    expect(addressProblem("10.0.0.1", development)).toMatch(/private/);
  });
});

describe("guardedFetch", () => {
  it.each([
    "https://127.0.0.1/",
    "https://10.0.0.1/",
    "https://169.254.169.254/latest/meta-data",
    "https://[fd00:ec2::254]/",
    "https://[::ffff:192.168.1.1]/",
    "http://93.184.215.14/",
    "https://localhost/",
  ])("refuses %s in production, before connecting", async (url) => {
    await expect(guardedFetch(url, {}, production)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it("refuses a host name that resolves to this machine, checked after DNS", async () => {
    expect(loopbackName, "a name of this machine in /etc/hosts").toBeTruthy();
    const refused = guardedFetch(`https://${loopbackName}:${port}/`, {}, production);
    await expect(refused).rejects.toBeInstanceOf(OutboundRefused);
    await expect(refused).rejects.toThrow(/resolves to an address that is this machine/);
  });

  it("under the development switch reaches this machine, follows no redirect, and bounds time and size", async () => {
    const ok = await guardedFetch(`http://127.0.0.1:${port}/`, {}, development);
    expect(await ok.text()).toBe("ok");
    const redirect = await guardedFetch(`http://127.0.0.1:${port}/redirect`, {}, development);
    expect(redirect.status).toBe(302); // returned as it is: the metadata address was never contacted
    expect(redirect.headers.get("location")).toBe("http://169.254.169.254/latest/meta-data");
    await expect(guardedFetch(`http://127.0.0.1:${port}/big`, {}, development)).rejects.toThrow(
      /answered with .*bytes/,
    );
    const started = Date.now();
    await expect(guardedFetch(`http://127.0.0.1:${port}/slow`, {}, development)).rejects.toThrow(
      /no answer within 2000 ms/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("guardedFetch under the development switch, held to the origins named", () => {
  it("reaches a named origin on this machine and no other port of it, by address, name or DNS", async () => {
    const named = { ...development, loopbackAllowed: [`http://127.0.0.1:${port}`] };
    expect(await (await guardedFetch(`http://127.0.0.1:${port}/`, {}, named)).text()).toBe("ok");
    for (const url of [`http://127.0.0.1:6379/`, `http://localhost:${port}/`, `http://[::1]:${port}/`])
      await expect(guardedFetch(url, {}, named), url).rejects.toThrow(/which the development switch does not open/);
    await expect(guardedFetch(`https://${loopbackName}:${port}/`, {}, named)).rejects.toThrow(
      /resolves to an address that is this machine at .*, which the development switch does not open \(only 127\.0\.0\.1:\d+\)/,
    );
  });
});

describe("guardedFetch over a kept-alive connection the server dropped", () => {
  it("sends the request again on a new connection, once, and still fails a fresh connection's reset", async () => {
    let connections = 0;
    let answers = 0;
    let resetFresh = false;
    const served = new WeakMap<object, number>();
    // The first connection answers one request, then dies when the next one arrives on it (as an idle socket the
    // server closed meanwhile does); with resetFresh, every connection dies on its first request.
    const server = http.createServer((req, res) => {
      const n = served.get(req.socket) ?? 0;
      served.set(req.socket, n + 1);
      if (resetFresh || n >= 1) return req.socket.resetAndDestroy();
      res.end(`answer ${++answers}`);
    });
    server.keepAliveTimeout = 60_000;
    server.on("connection", () => connections++);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await (await guardedFetch(url, {}, development)).text()).toBe("answer 1");
      expect(await (await guardedFetch(url, {}, development)).text()).toBe("answer 2");
      expect(connections).toBe(2);
      // A POST is never sent twice (the server may have read it): its failure is the caller's to see.
      expect(await (await guardedFetch(url, { method: "POST", body: "x" }, development)).text()).toBe("answer 3");
      await expect(guardedFetch(url, { method: "POST", body: "x" }, development)).rejects.toMatchObject({
        code: "ECONNRESET",
      });
      expect(connections).toBe(3);
      resetFresh = true;
      await expect(guardedFetch(url, {}, development)).rejects.toMatchObject({ code: "ECONNRESET" });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
