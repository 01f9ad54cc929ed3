import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startPartnerIdp, type PartnerIdp, type PartnerIdpClient } from "..";
import { callbackQuery, Flow, USER } from "./flow";
import { authorizeUrl, Browser, pkcePair } from "./https-client";

/** The reference partner IdP driven over HTTPS as a relying party and a browser would (spec §4.4, §2.4, §7). */

const BRAND_A: PartnerIdpClient = {
  clientId: "brand-a",
  clientSecret: "brand-a-secret-0001",
  redirectUris: ["http://brand-a.localhost:3000/oauth2/idpresponse"],
  name: "Aurora <Stays>",
};
const BRAND_B: PartnerIdpClient = {
  clientId: "brand-b",
  clientSecret: "brand-b-secret-0002",
  redirectUris: ["http://brand-b.localhost:3000/oauth2/idpresponse", "http://sakura.localhost:3000/oauth2/idpresponse"],
};
const A_URI = BRAND_A.redirectUris[0]!;
const B_URI = BRAND_B.redirectUris[0]!;

let idp: PartnerIdp;
let dataDir: string;
/** The relying party's server-side HTTP client: no cookies. */
let rp: Browser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-flow-"));
  idp = await startPartnerIdp({ dataDir, clients: [BRAND_A, BRAND_B] });
  flow = new Flow(idp);
  rp = flow.rp;
});

afterAll(async () => {
  await idp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The flow's steps (flow.ts), bound to this file's IdP once it runs.
let flow: Flow;
const signIn: Flow["signIn"] = (...args) => flow.signIn(...args);
const silent: Flow["silent"] = (...args) => flow.silent(...args);
const token: Flow["token"] = (...args) => flow.token(...args);
const jwks: Flow["jwks"] = () => flow.jwks();
const verifyIdToken: Flow["verifyIdToken"] = (...args) => flow.verifyIdToken(...args);

describe("discovery and key set (spec §2.4, §4.7 checks 1-2)", () => {
  it("publishes every field of §2.4 with the issuer exactly", async () => {
    const reply = await rp.get(`${idp.issuer}/.well-known/openid-configuration`);
    expect(reply.status).toBe(200);
    const d = JSON.parse(reply.body) as Record<string, unknown>;
    expect(idp.issuer).toMatch(/^https:\/\/localhost:\d+$/);
    expect(d.issuer).toBe(idp.issuer);
    expect(d.authorization_endpoint).toBe(`${idp.issuer}/authorize`);
    expect(d.token_endpoint).toBe(`${idp.issuer}/oauth/token`);
    expect(d.userinfo_endpoint).toBe(`${idp.issuer}/userinfo`);
    expect(d.jwks_uri).toBe(`${idp.issuer}/.well-known/jwks.json`);
    expect(d.response_types_supported).toEqual(["code"]);
    expect(d.subject_types_supported).toContain("public");
    expect(d.id_token_signing_alg_values_supported).toContain("RS256");
    expect(d.id_token_signing_alg_values_supported).not.toContain("HS256");
    expect(d.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(d.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(["client_secret_post", "client_secret_basic"]),
    );
    expect(d.claims_supported).toEqual(expect.arrayContaining(["sub", "email", "given_name", "family_name"]));
    expect(d.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("serves public RSA RS256 keys with kid, use, n and e, and nothing private", async () => {
    const { keys } = await jwks();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "RSA", use: "sig", alg: "RS256" });
      expect(key.kid).toEqual(expect.any(String));
      expect(key.n).toMatch(/^[A-Za-z0-9_-]{300,}$/);
      expect(key.e).toBe("AQAB");
      for (const secret of ["d", "p", "q", "dp", "dq", "qi"]) expect(key).not.toHaveProperty(secret);
    }
  });

  it("is trusted by a Node process started with NODE_EXTRA_CA_CERTS=caFile, and only then", async () => {
    const script = "fetch(process.argv[1]).then(r=>r.json()).then(j=>process.stdout.write(j.issuer))";
    const url = `${idp.issuer}/.well-known/openid-configuration`;
    const run = promisify(execFile);
    const trusted = await run(process.execPath, ["-e", script, url], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: idp.caFile },
    });
    expect(trusted.stdout).toBe(idp.issuer);
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    await expect(run(process.execPath, ["-e", script, url], { env })).rejects.toThrow();
  });
});

describe("listeners and certificate", () => {
  const hasIpv6Loopback = Object.values(os.networkInterfaces())
    .flat()
    .some((i) => i?.address === "::1");

  // localhost may resolve to either: the [::1] case shows as skipped where the machine has no IPv6 loopback.
  for (const [address, available] of [
    ["127.0.0.1", true],
    ["[::1]", hasIpv6Loopback],
  ] as const) {
    it.skipIf(!available)(`answers on ${address}`, async () => {
      const reply = await rp.get(`https://${address}:${idp.port}/.well-known/openid-configuration`);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body).issuer).toBe(idp.issuer);
    });
  }

  it("its local CA can vouch only for this machine's names: a certificate it signs for another site fails", async () => {
    const run = promisify(execFile);
    const dir = path.join(dataDir, "tls");
    const rogue = fs.mkdtempSync(path.join(os.tmpdir(), "rogue-"));
    const sh = (cmd: string) => run("sh", ["-c", cmd], { cwd: rogue });
    await sh(`openssl req -new -newkey rsa:2048 -nodes -keyout k.pem -out r.csr -subj /CN=bank.example`);
    await sh(
      `printf 'subjectAltName=DNS:bank.example\n' > ext && openssl x509 -req -in r.csr -CA "${dir}/ca.pem" -CAkey "${dir}/ca-key.pem" -set_serial 7 -days 1 -extfile ext -out c.pem`,
    );
    const verify = (cert: string) =>
      run("openssl", ["verify", "-CAfile", path.join(dir, "ca.pem"), cert]).then(
        (r) => r.stdout,
        (e: { stdout: string; stderr: string }) => `${e.stdout}${e.stderr}`,
      );
    expect(await verify(path.join(rogue, "c.pem"))).toMatch(/permitted subtree violation/);
    expect(await verify(path.join(dir, "server.pem"))).toMatch(/: OK/);
    fs.rmSync(rogue, { recursive: true, force: true });
  });

  it("reports the SPKI hash Chromium's --ignore-certificate-errors-spki-list expects (as openssl computes it)", async () => {
    const run = promisify(execFile);
    const cert = path.join(dataDir, "tls", "server.pem");
    const { stdout } = await run("sh", [
      "-c",
      `openssl x509 -in "${cert}" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`,
    ]);
    expect(stdout.trim()).toBe(idp.spkiSha256);
  });
});

describe("code flow (spec §4.4, §4.7 checks 3-9)", () => {
  it("signs in on the login page and exchanges the code (client_secret_post, PKCE) for verifiable tokens", async () => {
    const browser = new Browser(idp.caFile);
    const auth = await signIn(browser, BRAND_A);
    // RFC 9207: oidc-provider adds iss to the authorization response.
    expect(auth.query.get("iss")).toBe(idp.issuer);

    // spec §5 SSO rule 3 / §4.7 check 9: the session cookie is SameSite=None, Secure, HttpOnly.
    const resume = auth.replies[3]!;
    const session = resume.setCookies.find((c) => c.startsWith("_session="));
    expect(session).toBeDefined();
    expect(session!.toLowerCase()).toMatch(/samesite=none/);
    expect(session!.toLowerCase()).toMatch(/;\s*secure/);
    expect(session!.toLowerCase()).toMatch(/httponly/);
    const interaction = auth.replies[0]!.setCookies.find((c) => c.startsWith("_interaction="));
    expect(interaction!.toLowerCase()).toMatch(/samesite=none.*secure.*httponly|samesite=none; secure; httponly/);

    const reply = await token(BRAND_A, { code: auth.code, redirect_uri: A_URI, code_verifier: auth.verifier });
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBe(3600);
    expect(body.access_token).toEqual(expect.any(String));
    expect(body).not.toHaveProperty("refresh_token");

    const claims = await verifyIdToken(body.id_token as string, BRAND_A.clientId, auth.nonce);
    expect(claims).toMatchObject({
      sub: USER.sub,
      email: USER.email,
      given_name: USER.given_name,
      family_name: USER.family_name,
    });
    for (const claim of ["iss", "sub", "aud", "exp", "iat", "nonce"]) expect(claims).toHaveProperty(claim);

    // UserInfo with the access token answers the same person.
    const info = await rp.get(`${idp.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token as string}` },
      cookies: false,
    });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({
      sub: USER.sub,
      email: USER.email,
      given_name: USER.given_name,
      family_name: USER.family_name,
    });
  });

  it("accepts client_secret_basic too (spec §5 SSO rule 1)", async () => {
    const auth = await signIn(new Browser(idp.caFile), BRAND_B);
    const reply = await token(BRAND_B, { code: auth.code, redirect_uri: B_URI, code_verifier: auth.verifier }, "basic");
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.body) as { id_token: string };
    await verifyIdToken(body.id_token, BRAND_B.clientId, auth.nonce);
  });

  it("refuses credentials sent both ways at once (Basic and client_secret in the body) with 400", async () => {
    const auth = await signIn(new Browser(idp.caFile), BRAND_A);
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code: auth.code,
      redirect_uri: A_URI,
      code_verifier: auth.verifier,
      client_id: BRAND_A.clientId,
      client_secret: BRAND_A.clientSecret,
    });
    const basic = Buffer.from(`${BRAND_A.clientId}:${BRAND_A.clientSecret}`).toString("base64");
    const reply = await rp.request("POST", `${idp.issuer}/oauth/token`, {
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}` },
      body: body.toString(),
      cookies: false,
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: "invalid_request" });
  });

  it("works without PKCE for a confidential client, as spec §4.4's parameters allow", async () => {
    const browser = new Browser(idp.caFile);
    await signIn(browser, BRAND_A);
    const { query } = await silent(browser, BRAND_A);
    const reply = await token(BRAND_A, { code: query.get("code")!, redirect_uri: A_URI });
    expect(reply.status).toBe(200);
  });

  it("refuses a wrong PKCE verifier", async () => {
    const auth = await signIn(new Browser(idp.caFile), BRAND_A);
    const reply = await token(BRAND_A, { code: auth.code, redirect_uri: A_URI, code_verifier: pkcePair().verifier });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: "invalid_grant" });
  });
});

describe("silent sign-in (spec §4.4 rule 1, §4.7 check 5)", () => {
  it("answers prompt=none without a session with error=login_required and the state", async () => {
    const { query, state } = await silent(new Browser(idp.caFile), BRAND_A);
    expect(query.get("error")).toBe("login_required");
    expect(query.get("state")).toBe(state);
    expect(query.get("code")).toBeNull();
  });

  it("answers prompt=none with a session with a code, for the same brand and for a second brand", async () => {
    const browser = new Browser(idp.caFile);
    await signIn(browser, BRAND_A);

    const again = await silent(browser, BRAND_A);
    expect(again.query.get("error")).toBeNull();
    expect(again.query.get("code")).toEqual(expect.any(String));

    // Another client, same browser session: first-party, so a code rather than consent_required.
    const second = await silent(browser, BRAND_B);
    expect(second.query.get("error")).toBeNull();
    expect(second.query.get("state")).toBe(second.state);
    const reply = await token(BRAND_B, { code: second.query.get("code")!, redirect_uri: B_URI });
    expect(reply.status).toBe(200);
    const claims = await verifyIdToken(
      (JSON.parse(reply.body) as { id_token: string }).id_token,
      BRAND_B.clientId,
      second.nonce,
    );
    expect(claims.sub).toBe(USER.sub);
  });

  it("redirects a signed-in browser without prompt=none straight back with a code (no login page)", async () => {
    const browser = new Browser(idp.caFile);
    await signIn(browser, BRAND_A);
    const reply = await browser.get(
      authorizeUrl(idp.issuer, { clientId: BRAND_B.clientId, redirectUri: B_URI, state: "s1", nonce: "n1" }),
    );
    const query = callbackQuery(reply, B_URI);
    expect(query.get("code")).toEqual(expect.any(String));
  });
});

describe("login page", () => {
  async function loginAttempt(email: string, password: string) {
    const browser = new Browser(idp.caFile);
    const start = await browser.get(
      authorizeUrl(idp.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n" }),
    );
    const reply = await browser.postForm(start.location!, { email, password }, { origin: idp.issuer });
    return { reply, browser, loginUrl: start.location! };
  }

  const alertOf = (html: string) => /<p class="alert" role="alert">([^<]*)<\/p>/.exec(html)?.[1];

  it("answers a wrong password with 401 and the form, without saying whether the e-mail exists", async () => {
    const wrong = await loginAttempt(USER.email, "not-the-password");
    expect(wrong.reply.status).toBe(401);
    expect(wrong.reply.body).toContain('name="password"');
    expect(wrong.reply.setCookies.some((c) => c.startsWith("_session="))).toBe(false);
    const unknown = await loginAttempt("nobody@example.test", "not-the-password");
    expect(unknown.reply.status).toBe(401);
    expect(alertOf(unknown.reply.body)).toBeDefined();
    expect(alertOf(unknown.reply.body)).toBe(alertOf(wrong.reply.body));

    // The form still works after a failed attempt.
    const retry = await wrong.browser.postForm(
      wrong.loginUrl,
      { email: USER.email, password: DEMO_PASSWORD },
      { origin: idp.issuer },
    );
    expect(retry.status).toBe(303);
  });

  it("escapes what it echoes, shows the client's name escaped and uses no external resources", async () => {
    const { reply } = await loginAttempt('"><script>alert(1)</script>@example.test', "x");
    expect(reply.status).toBe(401);
    expect(reply.body).not.toContain("<script>");
    expect(reply.body).toContain("&quot;&gt;&lt;script&gt;");
    expect(reply.body).toContain("Aurora &lt;Stays&gt;");
    expect(reply.body).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(reply.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("refuses a login POST from another origin (CSRF guard)", async () => {
    const browser = new Browser(idp.caFile);
    const start = await browser.get(
      authorizeUrl(idp.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n" }),
    );
    const reply = await browser.postForm(
      start.location!,
      { email: USER.email, password: DEMO_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(reply.status).toBe(403);
  });

  it("shows an expired-sign-in page for an unknown interaction", async () => {
    const reply = await new Browser(idp.caFile).get(`${idp.issuer}/login/unknown-interaction-id`);
    expect(reply.status).toBe(400);
    expect(reply.body).toContain("Sign-in expired");
  });
});

describe("authorization endpoint errors (spec §7)", () => {
  const authorize = (p: Partial<Parameters<typeof authorizeUrl>[1]>) =>
    new Browser(idp.caFile).get(
      authorizeUrl(idp.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n", ...p }),
    );

  it("answers an unknown client_id with a 400 page, no redirect", async () => {
    const reply = await authorize({ clientId: "no-such-client" });
    expect(reply.status).toBe(400);
    expect(reply.location).toBeUndefined();
    expect(reply.body).toContain("invalid_client");
  });

  it("answers an unregistered redirect_uri with a 400 page, no redirect", async () => {
    const reply = await authorize({ redirectUri: "https://attacker.example/oauth2/idpresponse" });
    expect(reply.status).toBe(400);
    expect(reply.location).toBeUndefined();
    expect(reply.body).not.toContain("attacker.example");
  });

  it("answers a request without redirect_uri with a 400 page, even for a client with one registered URI", async () => {
    const url = new URL(
      authorizeUrl(idp.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n" }),
    );
    url.searchParams.delete("redirect_uri");
    const reply = await new Browser(idp.caFile).get(url.href);
    expect(reply.status).toBe(400);
    expect(reply.location).toBeUndefined();
  });

  it("answers a POST to the authorization endpoint with 405 (spec §4.4: GET)", async () => {
    const url = new URL(
      authorizeUrl(idp.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n" }),
    );
    const reply = await new Browser(idp.caFile).request("POST", `${idp.issuer}/authorize`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${url.searchParams.toString().replace("response_type=code", "response_type=token")}`,
    });
    expect(reply.status).toBe(405);
    expect(reply.location).toBeUndefined();
  });

  it("answers response_type=token with a 400 page, no redirect, for a registered client too", async () => {
    const reply = await authorize({ responseType: "token" });
    expect(reply.status).toBe(400);
    expect(reply.location).toBeUndefined();
    expect(reply.body).toContain("unsupported_response_type");
  });
});

describe("token endpoint errors (spec §7)", () => {
  it("answers a grant_type other than authorization_code with 400", async () => {
    const reply = await token(BRAND_A, { grant_type: "password", username: USER.email, password: DEMO_PASSWORD });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ error: "unsupported_grant_type" });
  });

  it("answers a wrong client secret or an unknown client with 401, by body and by Basic", async () => {
    const auth = await signIn(new Browser(idp.caFile), BRAND_A);
    const params = { code: auth.code, redirect_uri: A_URI, code_verifier: auth.verifier };
    for (const method of ["post", "basic"] as const) {
      const wrong = await token(BRAND_A, params, method, "not-the-secret");
      expect(wrong.status).toBe(401);
      expect(JSON.parse(wrong.body)).toMatchObject({ error: "invalid_client" });
    }
    const unknown = await token({ ...BRAND_A, clientId: "no-such-client" }, params);
    expect(unknown.status).toBe(401);
    // The failed attempts did not use up the code.
    expect((await token(BRAND_A, params)).status).toBe(200);
  });

  it("answers an unknown or reused code with 400 (single use, spec §4.4 rule 4)", async () => {
    expect((await token(BRAND_A, { code: "no-such-code", redirect_uri: A_URI })).status).toBe(400);
    const auth = await signIn(new Browser(idp.caFile), BRAND_A);
    const params = { code: auth.code, redirect_uri: A_URI, code_verifier: auth.verifier };
    expect((await token(BRAND_A, params)).status).toBe(200);
    const reused = await token(BRAND_A, params);
    expect(reused.status).toBe(400);
    expect(JSON.parse(reused.body)).toMatchObject({ error: "invalid_grant" });
  });

  it("answers a code sent with another redirect_uri, or by another client, with 400", async () => {
    const browser = new Browser(idp.caFile);
    const auth = await signIn(browser, BRAND_B, BRAND_B.redirectUris[0]);
    const other = await token(BRAND_B, {
      code: auth.code,
      redirect_uri: BRAND_B.redirectUris[1]!,
      code_verifier: auth.verifier,
    });
    expect(other.status).toBe(400);
    expect(JSON.parse(other.body)).toMatchObject({ error: "invalid_grant" });

    const { query } = await silent(browser, BRAND_A);
    const stolen = await token(BRAND_B, { code: query.get("code")!, redirect_uri: A_URI });
    expect(stolen.status).toBe(400);
    expect(JSON.parse(stolen.body)).toMatchObject({ error: "invalid_grant" });
  });

  it("answers an expired code with 400 (lifetime codeTtlSeconds)", async () => {
    const shortDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-ttl-"));
    const short = await startPartnerIdp({ dataDir: shortDir, clients: [BRAND_A], codeTtlSeconds: 1 });
    try {
      const browser = new Browser(short.caFile);
      const start = await browser.get(
        authorizeUrl(short.issuer, { clientId: BRAND_A.clientId, redirectUri: A_URI, state: "s", nonce: "n" }),
      );
      const login = await browser.postForm(
        start.location!,
        { email: USER.email, password: DEMO_PASSWORD },
        { origin: short.issuer },
      );
      const code = callbackQuery(await browser.get(login.location!), A_URI).get("code")!;
      await new Promise((r) => setTimeout(r, 2100));
      const reply = await browser.request("POST", `${short.issuer}/oauth/token`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: A_URI,
          client_id: BRAND_A.clientId,
          client_secret: BRAND_A.clientSecret,
        }).toString(),
        cookies: false,
      });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ error: "invalid_grant" });
    } finally {
      await short.close();
      fs.rmSync(shortDir, { recursive: true, force: true });
    }
  });
});

describe("partner site (the provider's session is the partner's session)", () => {
  it("signs in through the provider, shows the account, makes brands sign in silently, and signs out", async () => {
    const browser = new Browser(idp.caFile);
    const before = await browser.get(`${idp.issuer}/`);
    expect(before.status).toBe(200);
    expect(before.body).toContain('action="/partner/signin"');

    // Forms need this site's Origin.
    expect((await browser.request("POST", `${idp.issuer}/partner/signin`, { headers: {} })).status).toBe(403);

    const start = await browser.request("POST", `${idp.issuer}/partner/signin`, { headers: { origin: idp.issuer } });
    expect(start.status).toBe(303);
    const authorize = new URL(start.location!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("partner-site");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toEqual(expect.any(String));

    const toLogin = await browser.get(start.location!);
    const login = await browser.postForm(
      toLogin.location!,
      { email: USER.email, password: DEMO_PASSWORD },
      { origin: idp.issuer },
    );
    const toCallback = await browser.get(login.location!);
    expect(toCallback.location).toMatch(new RegExp(`^${idp.issuer}/partner/callback\\?`));
    const callback = await browser.get(toCallback.location!);
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${idp.issuer}/`);

    const home = await browser.get(`${idp.issuer}/`);
    expect(home.body).toContain(`Signed in as <strong>${USER.given_name} ${USER.family_name}</strong> (${USER.email})`);
    expect((await silent(browser, BRAND_A)).query.get("code")).toEqual(expect.any(String));

    const signOut = await browser.request("POST", `${idp.issuer}/partner/signout`, { headers: { origin: idp.issuer } });
    expect(signOut.status).toBe(303);
    expect(signOut.setCookies.some((c) => c.startsWith("_session=;"))).toBe(true);
    expect((await browser.get(`${idp.issuer}/`)).body).toContain('action="/partner/signin"');
    expect((await silent(browser, BRAND_A)).query.get("error")).toBe("login_required");
  });

  it("refuses a callback whose state this browser did not start", async () => {
    const reply = await new Browser(idp.caFile).get(`${idp.issuer}/partner/callback?code=abc&state=forged`);
    expect(reply.status).toBe(400);
  });

  it("answers an unknown path with the partner's 404 page", async () => {
    const reply = await rp.get(`${idp.issuer}/no-such-page`);
    expect(reply.status).toBe(404);
    expect(reply.body).toContain("Page not found");
  });
});

describe("id_token header", () => {
  it("names the kid of a published key", async () => {
    const auth = await signIn(new Browser(idp.caFile), BRAND_A);
    const reply = await token(BRAND_A, { code: auth.code, redirect_uri: A_URI, code_verifier: auth.verifier });
    const { kid } = decodeProtectedHeader((JSON.parse(reply.body) as { id_token: string }).id_token);
    expect((await jwks()).keys.map((k) => k.kid)).toContain(kid);
  });
});
