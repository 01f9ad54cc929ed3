import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dropInternalHeaders } from "../request-target";

/** Every way Node lets a response set its headers: setHeader, writeHead's object and its flat array. */
const FORMS: Record<string, (res: http.ServerResponse) => void> = {
  setHeader: (res) => (res.setHeader("x-middleware-rewrite", "/aurora/x"), res.writeHead(200)),
  object: (res) => res.writeHead(200, { "x-middleware-rewrite": "/aurora/x", "x-kept": "1" }),
  "flat array": (res) => res.writeHead(200, ["X-Middleware-Set-Cookie", "a=1", "x-kept", "1"]),
  "status message": (res) => res.writeHead(200, "OK", { "x-middleware-rewrite": "/x", "x-kept": "1" }),
};

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    dropInternalHeaders(res);
    res.setHeader("x-kept", "1");
    FORMS[decodeURIComponent(req.url!.slice(1))]!(res);
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it.each(Object.keys(FORMS))("no x-middleware-* header leaves the server, set by %s; the others do", async (form) => {
  const response = await fetch(`${base}/${encodeURIComponent(form)}`);
  expect(response.status).toBe(200);
  expect([...response.headers.keys()].filter((n) => n.startsWith("x-middleware-"))).toEqual([]);
  expect(response.headers.get("x-kept")).toBe("1");
});
