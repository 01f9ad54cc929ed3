import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAppServer,
  type AppServer,
  HttpBrowser,
  startTestOp,
  type TestOp,
  type TestOpClient,
  SSO_BRANDS,
  ssoBrandsFile,
  ssoClients,
  ssoEnv,
  seededStore,
  type TestStore,
} from "@/lib/testing";
import { nonceOf } from "../security-headers";

/**
 * The security headers as the built app serves them (next build, lib/server, proxy.ts): every page type with the
 * page policy and its nonce on the page's scripts, the JSON routes with theirs, HSTS only over TLS. The brands'
 * partner IdP puts its authorize endpoint on another origin than its issuer, as some do.
 */
const OPS_TOKEN = "security-headers-ops-token-01";
const CEDAR = SSO_BRANDS.cedar.host; // sign-on without silent login: pages answer themselves

let op: TestOp;
let store: TestStore;
let app: AppServer;
const clients: TestOpClient[] = [];
let authorizeOrigin: string;

beforeAll(async () => {
  op = await startTestOp(clients);
  // The same test OP under another name: another origin for the authorize endpoint.
  authorizeOrigin = `http://localhost:${op.port}`;
  op.misbehave.authorizeOrigin = authorizeOrigin;
  ({ store } = await seededStore(200));
  app = await startAppServer((port) => {
    clients.push(...ssoClients(port));
    // One trusted proxy in front: its X-Forwarded-Proto says whether the request came over TLS.
    return {
      DATABASE_URL: store.databaseUrl,
      ...ssoEnv(ssoBrandsFile(op.issuer, port), { TRUSTED_PROXY_HOPS: "1", OPS_TOKEN, LOG_LEVEL: "warn" }),
    };
  });
});
afterAll(async () => {
  await app?.stop();
  await store?.drop();
  await op?.stop();
});

const url = (host: string, path: string) => `http://${host}:${app.port}${path}`;

/** A top-level navigation of a browser (the headers a page request carries), one request, no redirect followed. */
function get(host: string, path: string, headers: Record<string, string> = {}) {
  return new HttpBrowser().request(url(host, path), { headers });
}

/** The policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/**
 * The nonce attribute of every script element of a page that a browser runs (undefined for one without). A data
 * block (the hotel page's JSON-LD, type application/ld+json) is never run, so the policy does not apply to it.
 */
const scriptNonces = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)]
    .filter((m) => !/\stype="application\/ld\+json"/.test(m[0]))
    .map((m) => /\snonce="([^"]+)"/.exec(m[0])?.[1]);

describe("pages", () => {
  let hotelPath: string;
  beforeAll(async () => {
    const search = await get(CEDAR, "/search?q=Paris");
    hotelPath = /href="(\/hotels\/[^"?]+)/.exec(search.body)![1]!;
  });

  it("every page type has the page policy, and every script on it the nonce of its own response", async () => {
    const pages: [string, string, number][] = [
      [CEDAR, "/", 200],
      [CEDAR, "/search?q=Paris", 200],
      [CEDAR, hotelPath, 200],
      [CEDAR, "/sign-in", 200],
      [CEDAR, "/sso-test", 200],
      [CEDAR, "/ping", 200],
      [CEDAR, "/no-such-page", 404], // the brand's 404 page
      ["unknown.localhost", "/", 404], // the page of a host no brand owns
      ["127.0.0.1", "/ops", 200], // the operators' sign-in
      ["127.0.0.1", "/ops/sso", 200],
      [CEDAR, "/ops", 404], // not an operators' host: Next's 404 page
      [CEDAR, "/sso/no-such-form", 404],
      [CEDAR, "/oauth2/no-such-callback", 404],
    ];
    for (const [host, path, status] of pages) {
      const res = await get(host, path);
      const where = `${host}${path}`;
      expect(res.status, where).toBe(status);
      expect(res.headers["content-type"], where).toMatch(/^text\/html/);
      const policy = String(res.headers["content-security-policy"]);
      const csp = directives(policy);
      const nonce = nonceOf(policy);
      expect(nonce, where).toBeTruthy();
      expect(csp.get("script-src"), where).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(csp.get("object-src"), where).toEqual(["'none'"]);
      expect(csp.get("base-uri"), where).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
      const nonces = scriptNonces(res.body);
      expect(nonces.length, where).toBeGreaterThan(0);
      expect(new Set(nonces), where).toEqual(new Set([nonce]));
      expect(res.headers, where).toMatchObject({
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
      expect(res.headers["permissions-policy"], where).toMatch(/(^|, )camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(res.headers["strict-transport-security"], where).toBeUndefined();
    }
  });

  it("two requests for the same page get different nonces", async () => {
    const [a, b] = [await get(CEDAR, "/search?q=Paris"), await get(CEDAR, "/search?q=Paris")];
    const [na, nb] = [a, b].map((r) => nonceOf(String(r.headers["content-security-policy"])));
    expect(na).not.toBe(nb);
    expect(new Set(scriptNonces(a.body))).toEqual(new Set([na]));
    expect(new Set(scriptNonces(b.body))).toEqual(new Set([nb]));
  });

  it("a client's own policy header does not choose the nonce", async () => {
    const res = await get(CEDAR, "/", { "content-security-policy": "script-src 'nonce-chosenbytheclient'" });
    expect(res.body).not.toContain("chosenbytheclient");
    expect(String(res.headers["content-security-policy"])).not.toContain("chosenbytheclient");
  });

  it("a brand's forms may go to its partner IdP, where the sign-in form's answer redirects; other pages only to themselves", async () => {
    const page = await get(CEDAR, "/search?q=Paris");
    const formAction = directives(String(page.headers["content-security-policy"])).get("form-action")!;
    expect(formAction).toEqual(["'self'", op.issuer, authorizeOrigin]);
    // The header's "Sign in" form, posted from that page: its answer redirects to the IdP's authorize endpoint,
    // which Chromium holds to the page's form-action.
    const signIn = await new HttpBrowser().request(url(CEDAR, "/sso/sign-in"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(url(CEDAR, "/")).origin },
      body: new URLSearchParams({ return: "/search?q=Paris" }).toString(),
    });
    expect(signIn.status).toBe(303);
    expect(formAction).toContain(new URL(String(signIn.headers.location)).origin);
    for (const [host, path] of [
      ["unknown.localhost", "/"],
      ["127.0.0.1", "/ops"],
    ] as const) {
      const res = await get(host, path);
      expect(directives(String(res.headers["content-security-policy"])).get("form-action"), host).toEqual(["'self'"]);
    }
  });

  it("the platform's own routes still answer as before through the proxy: the IdP's callback, the forms", async () => {
    // None of the sign-in's cookies: a browser that keeps none lands on the home page, with no further attempt.
    const callback = await get(CEDAR, "/oauth2/idpresponse?code=x&state=y");
    expect(callback.status).toBe(303);
    expect(callback.headers.location).toBe("/?sso_skip=1");
    // Another site's sign-in form is refused (the same-origin check reads the request's own headers).
    const foreign = await new HttpBrowser().request(url(CEDAR, "/sso/sign-in"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "return=/",
    });
    expect(foreign.status).toBe(403);
  });
});

describe("JSON routes", () => {
  it("answer with a policy that allows nothing, and the common headers", async () => {
    const answers = [
      await get(CEDAR, "/api/health", { accept: "application/json" }),
      await get(CEDAR, "/api/suggest?q=par", { accept: "application/json" }),
      await get(CEDAR, "/v1/openapi.json", { accept: "application/json" }),
      await new HttpBrowser().request(url(CEDAR, "/v1/nearby-places"), {
        method: "POST",
        headers: { "content-type": "application/json", "x-partner-key": "cedar-partner-key-0000000001" },
        body: JSON.stringify({
          placeName: "Paris",
          currency: "EUR",
          language: "en",
          userCountry: "DE",
          userDevice: "desktop",
        }),
      }),
      // Refused by lib/server itself, before Next.
      await new HttpBrowser().request(url(CEDAR, "/"), { method: "TRACE" }),
    ];
    for (const res of answers) {
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY" });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 405]);
  });
});

describe("paths the proxy skips, and names close to them", () => {
  it("never answer without a policy, a missing file's not-found page included; a client's policy header chooses nothing", async () => {
    for (const path of ["/mcp/x", "/brands/nope", "/sample-images/nope", "/_next/static/nope", "/brands/aurora.svg"]) {
      const res = await get(CEDAR, path, { "content-security-policy": "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA'" });
      const policy = directives(String(res.headers["content-security-policy"] ?? ""));
      expect(policy.get("default-src"), path).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(res.body, path).not.toContain("AAAAAAAAAAAAAAAAAAAAAA");
    }
    // Names that only begin like a skipped file are pages: the page policy with a nonce of its own.
    for (const path of ["/favicon.icox", "/icon.svgx"]) {
      const res = await get(CEDAR, path, { "content-security-policy": "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA'" });
      expect(res.status, path).toBe(404);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"] ?? ""))?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
      expect(nonce).not.toBe("AAAAAAAAAAAAAAAAAAAAAA");
      expect(new Set(scriptNonces(res.body)), path).toEqual(new Set([nonce]));
    }
  });
});

describe("HSTS", () => {
  it("is sent when the trusted proxy says the request came over TLS, on pages and API alike; never over plain http", async () => {
    const tls = { "x-forwarded-proto": "https" };
    for (const res of [await get(CEDAR, "/search?q=Paris", tls), await get(CEDAR, "/api/health", tls)]) {
      expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    }
    // Over TLS the page upgrades http subresources instead of allowing them.
    const page = directives(String((await get(CEDAR, "/search?q=Paris", tls)).headers["content-security-policy"]));
    expect(page.has("upgrade-insecure-requests")).toBe(true);
    expect(page.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    const plain = await get(CEDAR, "/search?q=Paris", { "x-forwarded-proto": "http" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(directives(String(plain.headers["content-security-policy"])).has("upgrade-insecure-requests")).toBe(false);
  });
});
