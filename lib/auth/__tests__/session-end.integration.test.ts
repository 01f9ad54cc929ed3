import { hkdfSync } from "node:crypto";
import { decode, encode } from "@auth/core/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAppServer,
  type AppServer,
  HttpBrowser,
  type Visit,
  startTestOp,
  type TestOp,
  type TestOpClient,
  ssoBrandsFile,
  ssoClients,
  ssoEnv,
  startSsoApp,
  TEST_AUTH_SECRET,
  type SsoApp,
  openTestStore,
  type TestStore,
} from "@/lib/testing";
import type { BrandToken } from "../config";
import { SIGN_OUT_CHECK_MS } from "../sign-out";

/**
 * A brand session ends: at sign-out, for every copy of its cookie too, and at its sign-in time plus the brand's
 * sessionMaxAgeSeconds, however often it is read or renewed. Real sign-ins against the test OP; the copied cookie is
 * replayed by another client, as a thief would.
 */
const ADA = { sub: "nw-2002", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
const ADA_USERNAME = "TestIdP_nw-2002";
/** Another user, so that Ada's sign-out in one case does not end the aged sessions of the other. */
const GRACE = { sub: "nw-2003", email: "grace@example.test", given_name: "Grace", family_name: "Hopper" };
const GRACE_USERNAME = "TestIdP_nw-2003";
const LIN = { sub: "nw-2004", email: "lin@example.test", given_name: "Lin", family_name: "Wu" };
const LIN_USERNAME = "TestIdP_nw-2004";
/** The test brands' session lifetime (the registry's default: sso-app sets none). */
const MAX_AGE_S = 12 * 3600;
const SESSION_COOKIE = "authjs.session-token";

let op: TestOp;
let app: SsoApp;
const clients: TestOpClient[] = [];

beforeAll(async () => {
  op = await startTestOp(clients);
  app = await startSsoApp(op.issuer);
  clients.push(...app.clients);
});
afterAll(async () => {
  await app?.close();
  await op?.stop();
});

const signedInName = (v: Visit) => /class="account-name" data-username="([^"]+)"/.exec(v.body)?.[1];

async function session(browser: HttpBrowser, url = app.page("aurora", "/api/auth/session")) {
  const res = await browser.request(url, { headers: { accept: "application/json" } });
  expect(res.status).toBe(200);
  return {
    body: JSON.parse(res.body) as { user?: { username: string }; expires?: string } | null,
    /** The session cookies the answer sets with a value (deletions left out). */
    renewed: (res.headers["set-cookie"] ?? []).filter((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/^[^=]+=;/.test(c)),
  };
}

/** A browser signed in to aurora by a silent login at the test OP, and its session cookie's value. */
async function signedIn(user = ADA, username = ADA_USERNAME): Promise<{ browser: HttpBrowser; cookie: string }> {
  op.user = user;
  const browser = new HttpBrowser();
  const visit = await browser.navigate(app.page("aurora", "/"));
  expect(signedInName(visit)).toBe(username);
  return { browser, cookie: browser.cookie(app.page("aurora"), SESSION_COOKIE)!.value };
}

function thiefWith(cookie: string, page = app.page("aurora")): HttpBrowser {
  const thief = new HttpBrowser();
  thief.setCookie(page, SESSION_COOKIE, cookie);
  // As a thief who does not want to be sent to the IdP: no silent login (it would only hide the outcome).
  thief.setCookie(page, "sso_signed_out", "1");
  return thief;
}

/** The brand's sealing secret (lib/auth/secret.ts: HKDF of AUTH_SECRET and the brand id), to age a real token. */
const auroraSecret = Buffer.from(
  hkdfSync("sha256", TEST_AUTH_SECRET, "hotel-platform brand sign-on", "brand:aurora", 32),
).toString("base64url");

/**
 * The same session as if the visitor had signed in `agoSeconds` ago and it had been renewed just now (a fresh expiry,
 * as every renewal gave before sessions had an end): time travel without waiting hours.
 */
async function agedCopy(cookie: string, agoSeconds: number): Promise<string> {
  const payload = await decode({ token: cookie, secret: auroraSecret, salt: SESSION_COOKIE });
  expect(payload?.brand).toBe("aurora");
  const signedInAt: BrandToken["signedInAt"] = Date.now() - agoSeconds * 1000;
  const token = { ...payload, signedInAt };
  return encode({ token, secret: auroraSecret, salt: SESSION_COOKIE, maxAge: MAX_AGE_S });
}

describe("a brand session ends", () => {
  it("at sign-out, for a copy of its cookie taken before too; signing in again afterwards works", async () => {
    const { browser, cookie } = await signedIn();
    expect((await session(thiefWith(cookie))).body?.user?.username).toBe(ADA_USERNAME);

    const out = await browser.request(app.page("aurora", "/sso/sign-out"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(app.page("aurora")).origin },
      body: "return=/",
    });
    expect(out.status).toBe(303);
    // The page it returns to says so, once.
    const landed = await browser.navigate(new URL(out.headers.location!, app.page("aurora")).href);
    expect(landed.body).toMatch(/data-notice="signedOut" role="status">You are signed out\.</);
    expect((await browser.navigate(app.page("aurora", "/"))).body).not.toContain("You are signed out.");

    // The copy is no session anymore: not on the session endpoint (nor exchanged for a new cookie), not on a page.
    const thief = thiefWith(cookie);
    const replay = await session(thief);
    expect(replay.body).toBeNull();
    expect(replay.renewed).toEqual([]);
    expect(signedInName(await thief.navigate(app.page("aurora", "/")))).toBeUndefined();

    // A sign-in after the sign-out is a session again (the sign-out ended the sessions before it, not the user).
    const form = await browser.request(app.page("aurora", "/sso/sign-in"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(app.page("aurora")).origin },
      body: "return=/",
    });
    expect(form.status).toBe(303);
    const back = await browser.navigate(new URL(form.headers.location!, app.page("aurora")).href);
    expect(signedInName(back)).toBe(ADA_USERNAME);
    expect((await session(browser)).body?.user?.username).toBe(ADA_USERNAME);
  });

  it("at its sign-in time plus sessionMaxAgeSeconds: renewal does not move that end", async () => {
    const { browser, cookie } = await signedIn(GRACE, GRACE_USERNAME);
    const signedInAt = Date.now();
    // The cookie the sign-in set ends with the session.
    const first = browser.cookie(app.page("aurora"), SESSION_COOKIE)!;
    expect(Math.abs(first.expiryTime()! - (signedInAt + MAX_AGE_S * 1000))).toBeLessThan(5000);

    // Signed in 200 s ago: the session endpoint says the session ends 200 s before a full lifetime from now, and any
    // cookie or token it hands out ends then too.
    const aged = await agedCopy(cookie, 200);
    const end = Date.now() - 200_000 + MAX_AGE_S * 1000;
    const read = await session(thiefWith(aged));
    expect(read.body?.user?.username).toBe(GRACE_USERNAME);
    expect(Math.abs(Date.parse(read.body!.expires!) - end)).toBeLessThan(2000);
    for (const c of read.renewed) {
      const expires = /;\s*expires=([^;]+)/i.exec(c)?.[1];
      expect(expires && Date.parse(expires)).toBeLessThanOrEqual(end + 1000);
      const value = c.slice(SESSION_COOKIE.length + 1).split(";")[0]!;
      const renewed = await decode({ token: value, secret: auroraSecret, salt: SESSION_COOKIE });
      expect(renewed!.exp! * 1000).toBeLessThanOrEqual(end + 1000);
    }

    // Signed in a full lifetime and a little ago, renewed just now: over, on the session endpoint and on a page.
    const over = await agedCopy(cookie, MAX_AGE_S + 5);
    const thief = thiefWith(over);
    const late = await session(thief);
    expect(late.body).toBeNull();
    expect(late.renewed).toEqual([]);
    expect(signedInName(await thiefWith(over).navigate(app.page("aurora", "/")))).toBeUndefined();
  });
});

describe("on two instances sharing a PostgreSQL store", () => {
  let pgStore: TestStore;
  const servers: AppServer[] = [];
  beforeAll(async () => {
    pgStore = await openTestStore("postgres");
    for (let i = 0; i < 2; i++)
      servers.push(
        await startAppServer((port) => {
          // The OP knows each client once: these instances' callbacks join its redirect URIs.
          for (const c of ssoClients(port))
            clients.find((k) => k.clientId === c.clientId)?.redirectUris.push(...c.redirectUris);
          return { DATABASE_URL: pgStore.databaseUrl, ...ssoEnv(ssoBrandsFile(op.issuer, port)) };
        }),
      );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pgStore?.drop();
  });
  const on = (server: AppServer, path = "/") => `http://brand-a.localhost:${server.port}${path}`;

  it(`a sign-out on one ends the copies on the other within ${SIGN_OUT_CHECK_MS} ms`, async () => {
    const [a, b] = servers as [AppServer, AppServer];
    op.user = LIN;
    const browser = new HttpBrowser();
    expect(signedInName(await browser.navigate(on(a)))).toBe(LIN_USERNAME);
    const cookie = browser.cookie(on(a), SESSION_COOKIE)!.value;
    const copyOn = async (server: AppServer) =>
      (await session(thiefWith(cookie, on(server)), on(server, "/api/auth/session"))).body;
    // The other instance opens the copy (one secret, one store) and remembers that Lin has not signed out.
    expect((await copyOn(b))?.user?.username).toBe(LIN_USERNAME);

    const out = await browser.request(on(a, "/sso/sign-out"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(on(a)).origin },
      body: "return=/",
    });
    expect(out.status).toBe(303);
    expect(await copyOn(a)).toBeNull();
    // What the other instance remembered is at most SIGN_OUT_CHECK_MS old: after that, it has asked the store.
    await new Promise((r) => setTimeout(r, SIGN_OUT_CHECK_MS + 500));
    expect(await copyOn(b)).toBeNull();
  });
});
