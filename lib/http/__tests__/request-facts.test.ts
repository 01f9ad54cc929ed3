import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FACTS_HEADER, recordFacts, requestFacts, type RequestFacts } from "../request-facts";

/** A real server: the facts recorded from its socket, read back from the request headers a route would get. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const hops = Number(req.url!.slice(1));
    const recorded = recordFacts(req, hops);
    const read = requestFacts(new Headers(req.headers as Record<string, string>));
    res.end(JSON.stringify({ recorded, read }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ask = async (hops: number, headers: Record<string, string> = {}) =>
  (await (await fetch(`${base}/${hops}`, { headers })).json()) as { recorded: RequestFacts; read: RequestFacts };

it("a route reads back what the server recorded: the socket's peer, or the trusted hop's client, and the scheme", async () => {
  const direct = await ask(0);
  expect(direct.read).toEqual({ address: "127.0.0.1", https: false, forwarded: false, known: true });
  expect(direct.read).toEqual(direct.recorded);
  const proxied = await ask(1, { "x-forwarded-for": "2001:db8::7", "x-forwarded-proto": "https" });
  expect(proxied.read).toEqual({ address: "2001:db8::7", https: true, forwarded: true, known: true });
});

it("a client's own facts header is replaced by the server, and believed nowhere without it", async () => {
  const forged = `x 11 203.0.113.9`;
  const replaced = await ask(0, { [FACTS_HEADER]: forged });
  expect(replaced.read.address).toBe("127.0.0.1");
  // `next dev`: no lib/server in front, the header reaches the route as the client wrote it.
  expect(requestFacts(new Headers({ [FACTS_HEADER]: forged }))).toEqual({
    https: false,
    forwarded: false,
    known: false,
  });
  expect(requestFacts(new Headers()).known).toBe(false);
});
