import type http from "node:http";
import { EventEmitter } from "node:events";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { recordFacts } from "../request-facts";
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  originSources,
  newNonce,
  nonceOf,
  pageContentSecurityPolicy,
  PERMISSIONS_POLICY,
  strictTransportSecurity,
} from "../security-headers";

/** A policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

const IDP = "https://login.partner.example";
const production = (over: Partial<Parameters<typeof pageContentSecurityPolicy>[0]> = {}) =>
  directives(pageContentSecurityPolicy({ nonce: "abc123==", development: false, tls: false, ...over }));

describe("the page policy", () => {
  it("runs only scripts carrying the response's nonce (and what they load), never inline or eval'd code", () => {
    const p = production();
    expect(p.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(p.get("script-src")).not.toContain("'unsafe-inline'");
    expect(p.get("script-src")).not.toContain("'unsafe-eval'");
    expect(p.get("style-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    // The brand theme's CSS variables are a style attribute: attributes only, never style elements.
    expect(p.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("allows no plugins, no <base>, no framing; forms post to the site itself; fetches stay on the site", () => {
    const p = production();
    expect(p.get("default-src")).toEqual(["'self'"]);
    expect(p.get("object-src")).toEqual(["'none'"]);
    expect(p.get("base-uri")).toEqual(["'none'"]);
    expect(p.get("frame-ancestors")).toEqual(["'none'"]);
    expect(p.get("form-action")).toEqual(["'self'"]);
    expect(p.get("connect-src")).toEqual(["'self'"]);
    expect(p.get("font-src")).toEqual(["'self'"]);
  });

  it("lets a brand's forms reach its partner IdP: the issuer's origin and the authorize endpoint's, once each", () => {
    const p = production({
      formActionOrigins: [IDP, `${IDP}/oauth2/authorize`, "https://auth.partner-cdn.example/authorize?x=1", undefined],
    });
    expect(p.get("form-action")).toEqual(["'self'", IDP, "https://auth.partner-cdn.example"]);
  });

  it("never widens form-action with what is not an http(s) URL", () => {
    expect(originSources(["javascript:alert(1)", "not a url", "data:text/html,x", "*", ""])).toEqual([]);
    expect(originSources(["http://127.0.0.1:9443/authorize"])).toEqual(["http://127.0.0.1:9443"]);
  });

  it("over TLS upgrades http subresources; over plain http it allows http images (supplier hosts are any)", () => {
    const tls = production({ tls: true });
    expect(tls.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    expect(tls.has("upgrade-insecure-requests")).toBe(true);
    const plain = production({ tls: false });
    expect(plain.get("img-src")).toEqual(["'self'", "data:", "https:", "http:"]);
    expect(plain.has("upgrade-insecure-requests")).toBe(false);
  });

  it("under next dev allows eval (React's dev tooling) and unnonced style elements; production does not", () => {
    const dev = directives(pageContentSecurityPolicy({ nonce: "abc123==", development: true, tls: false }));
    expect(dev.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(dev.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(production().get("script-src")).not.toContain("'unsafe-eval'");
    expect(production().get("style-src")).not.toContain("'unsafe-inline'");
  });
});

describe("nonces", () => {
  it("are 128 random bits, fresh every time, and read back from the policy", () => {
    const seen = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(seen.size).toBe(1000);
    for (const n of [...seen].slice(0, 20)) {
      expect(Buffer.from(n, "base64")).toHaveLength(16);
      expect(nonceOf(pageContentSecurityPolicy({ nonce: n, development: false, tls: false }))).toBe(n);
    }
    expect(nonceOf(API_CONTENT_SECURITY_POLICY)).toBeUndefined();
  });
});

describe("headers of every response", () => {
  it("JSON answers load nothing and cannot be framed", () => {
    expect(directives(API_CONTENT_SECURITY_POLICY)).toEqual(
      new Map([
        ["default-src", ["'none'"]],
        ["frame-ancestors", ["'none'"]],
      ]),
    );
  });

  it("no sniffing, no framing, the origin only across sites, and the powerful features off", () => {
    const h = Object.fromEntries(COMMON_SECURITY_HEADERS.map(({ key, value }) => [key, value]));
    expect(h).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(h["Permissions-Policy"]).toContain(`${feature}=()`);
    expect(PERMISSIONS_POLICY).not.toMatch(/=\((?!\))/); // nothing allowed to any origin
  });
});

/** What lib/server records of a request (RequestFacts), for a socket with or without TLS. */
function factsOf(headers: Record<string, string>, trustedHops: number, encrypted = false) {
  const socket = Object.assign(new EventEmitter(), { remoteAddress: "127.0.0.1", ...(encrypted && { encrypted }) });
  const req = { headers: { ...headers }, socket } as unknown as http.IncomingMessage;
  return recordFacts(req, trustedHops);
}

describe("HSTS", () => {
  it("only over TLS: a TLS socket, or X-Forwarded-Proto https from a trusted proxy; never over plain http", () => {
    const hsts = (headers: Record<string, string>, hops: number, encrypted = false) =>
      strictTransportSecurity(factsOf(headers, hops, encrypted).https);
    expect(hsts({}, 0)).toBeUndefined();
    expect(hsts({}, 0, true)).toBe("max-age=63072000; includeSubDomains");
    // A client's own X-Forwarded-Proto is not a TLS connection.
    expect(hsts({ "x-forwarded-proto": "https" }, 0)).toBeUndefined();
    expect(hsts({ "x-forwarded-proto": "https" }, 1)).toBe("max-age=63072000; includeSubDomains");
    expect(hsts({ "x-forwarded-proto": "http" }, 1)).toBeUndefined();
    // The trusted proxy appends its own value: the client's "https" in front of it does not count.
    expect(hsts({ "x-forwarded-proto": "https, http" }, 1)).toBeUndefined();
  });
});

describe("proxy.ts", () => {
  const request = (path: string, host: string, headers: Record<string, string> = {}) =>
    new NextRequest(`http://localhost:3000${path}`, { headers: { host, ...headers } });
  const policyFor = (res: Response) => ({
    response: res.headers.get("content-security-policy"),
    // What Next renders the page with: the request's headers as the proxy rewrote them.
    forNext: res.headers.get("x-middleware-request-content-security-policy"),
  });

  it("gives a brand page a fresh nonce per request, the same in the response and in the request Next renders", async () => {
    const a = policyFor(await proxy(request("/search?q=Paris", "brand-a.localhost:3000")));
    const b = policyFor(await proxy(request("/search?q=Paris", "brand-a.localhost:3000")));
    expect(nonceOf(a.response)).toBeTruthy();
    expect(a.forNext).toBe(a.response);
    expect(b.forNext).toBe(b.response);
    expect(nonceOf(a.response)).not.toBe(nonceOf(b.response));
  });

  it("overwrites a policy a client sends (its nonce would be put on the page's scripts)", async () => {
    const res = await proxy(
      request("/", "brand-a.localhost:3000", { "content-security-policy": "script-src 'nonce-chosen'" }),
    );
    expect(policyFor(res).forNext).not.toContain("chosen");
    expect(policyFor(res).forNext).toBe(policyFor(res).response);
  });

  it("gives the platform's own routes the policy without rewriting them into a brand, on any host", async () => {
    for (const [path, host] of [
      ["/ops", "localhost:3000"],
      ["/ops/sso/aurora", "brand-a.localhost:3000"],
      ["/sso/sign-in", "brand-a.localhost:3000"],
      ["/oauth2/idpresponse", "brand-b.localhost:3000"],
      ["/oauth2/idpresponse", "nobody.example"],
    ]) {
      const res = await proxy(request(path!, host!));
      expect(res.headers.get("x-middleware-rewrite"), path).toBeNull();
      expect(res.headers.get("x-middleware-next"), path).toBe("1");
      expect(nonceOf(policyFor(res).response), path).toBeTruthy();
      expect(policyFor(res).forNext).toBe(policyFor(res).response);
    }
  });

  it("gives the unknown host's 404 page the policy; still rewrites brand pages into the brand", async () => {
    const unknown = await proxy(request("/", "nobody.example"));
    expect(unknown.status).toBe(404);
    expect(nonceOf(policyFor(unknown).forNext)).toBeTruthy();
    expect(policyFor(unknown).forNext).toBe(policyFor(unknown).response);
    const page = await proxy(request("/hotels/H1", "brand-b.localhost:3000"));
    expect(new URL(page.headers.get("x-middleware-rewrite")!).pathname).toBe("/sakura/hotels/H1");
  });
});
