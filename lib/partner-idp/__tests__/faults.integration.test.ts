import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  PARTNER_IDP_FAULT_NAMES,
  PARTNER_IDP_FAULTS,
  startPartnerIdp,
  type PartnerIdp,
  type PartnerIdpClient,
  type PartnerIdpFault,
} from "..";
import { callbackQuery, Flow, random, USER } from "./flow";
import { authorizeUrl, type Reply } from "./https-client";

/**
 * The test-only faults (faults.ts): an IdP started with one of them shows that fault, as described, and no other;
 * sign-in, silent sign-in, both kinds of client authentication, JWKS, UserInfo and the partner site keep working.
 * One observation of an IdP classifies every §4.7 item as normal or as exactly one fault's symptom; anything else
 * fails an assertion inside it.
 */

const BRAND_A: PartnerIdpClient = {
  clientId: "brand-a",
  clientSecret: "brand-a-secret-0001",
  redirectUris: ["http://brand-a.localhost:3000/oauth2/idpresponse"],
};
const BRAND_B: PartnerIdpClient = {
  clientId: "brand-b",
  clientSecret: "brand-b-secret-0002",
  redirectUris: ["http://brand-b.localhost:3000/oauth2/idpresponse", "http://sakura.localhost:3000/oauth2/idpresponse"],
};
const A_URI = BRAND_A.redirectUris[0]!;
const B_URIS = BRAND_B.redirectUris;
const API_KEY = "partner-api-key-for-fault-tests";
const UNREGISTERED = "https://attacker.example/oauth2/idpresponse";

let dataDir: string;
/** The IdP without faults; the instances share its data directory, so its keys, TLS and JWKS. */
let reference: PartnerIdp;
let referenceDiscovery: Record<string, unknown>;
let referenceJwks: JSONWebKeySet;

const start = (faults?: PartnerIdpFault[]) =>
  startPartnerIdp({ dataDir, clients: [BRAND_A, BRAND_B], partnerApiKey: API_KEY, faults });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-faults-"));
  reference = await start();
  const flow = new Flow(reference);
  referenceDiscovery = JSON.parse((await flow.rp.get(`${reference.issuer}/.well-known/openid-configuration`)).body);
  referenceJwks = await flow.jwks();
});

afterAll(async () => {
  await reference?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A document of the reference IdP as another instance (another port) would serve it. */
function rebased<T>(doc: T, issuer: string): T {
  return JSON.parse(JSON.stringify(doc).replaceAll(reference.issuer, issuer)) as T;
}

const attributes = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
const isSessionCookie = (c: string) => /^_session(?:\.sig)?=/.test(c);

type CookieKind = "reference" | "session-cookie-lax" | "session-cookie-not-secure";

/** §4.7 item 9: the attributes of the session cookies; other cookies (interaction) always keep the reference's. */
function classifyCookies(replies: Reply[]): CookieKind {
  const all = replies.flatMap((r) => r.setCookies);
  for (const c of all.filter((c) => !isSessionCookie(c))) {
    expect(attributes(c)).toEqual(expect.arrayContaining(["samesite=none", "secure", "httponly"]));
  }
  const session = all.filter(isSessionCookie);
  // The session id and its signature.
  expect(session.map((c) => c.split("=")[0])).toEqual(["_session", "_session.sig"]);
  const kinds = new Set(
    session.map((c): CookieKind => {
      const attrs = attributes(c);
      expect(attrs).toContain("httponly");
      expect(attrs).toContain("path=/");
      const sameSite = attrs.filter((a) => a.startsWith("samesite"));
      const secure = attrs.includes("secure");
      if (secure && sameSite.length === 1 && sameSite[0] === "samesite=none") return "reference";
      if (secure && sameSite.length === 1 && sameSite[0] === "samesite=lax") return "session-cookie-lax";
      expect({ secure, sameSite }).toEqual({ secure: false, sameSite: [] });
      return "session-cookie-not-secure";
    }),
  );
  expect(kinds.size).toBe(1);
  return [...kinds][0]!;
}

function partnerApi(idp: PartnerIdp, authorization?: string): Promise<Reply> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  return new Flow(idp).rp.request("POST", `${idp.partnerApiUrl}/auth/get-user`, {
    headers,
    body: JSON.stringify({ email: USER.email }),
    cookies: false,
  });
}

/** Walks every §4.7 item (and the §5, §7 rules the faults touch) and returns the faults it saw. */
async function observe(idp: PartnerIdp): Promise<PartnerIdpFault[]> {
  const seen = new Set<PartnerIdpFault>();
  const flow = new Flow(idp);
  const { issuer } = idp;

  // Item 1: discovery, compared with the reference's field by field.
  const discoveryReply = await flow.rp.get(`${issuer}/.well-known/openid-configuration`);
  expect(discoveryReply.status).toBe(200);
  const discovery = JSON.parse(discoveryReply.body) as Record<string, unknown>;
  if (discovery.issuer === `${issuer}/`) {
    seen.add("issuer-trailing-slash");
    discovery.issuer = issuer;
  }
  if (!("claims_supported" in discovery)) {
    seen.add("missing-discovery-field");
    discovery.claims_supported = referenceDiscovery.claims_supported;
  }
  // The HS256 fault advertises what it signs with; RS256 stays listed (item 1 holds).
  const algs = discovery.id_token_signing_alg_values_supported as string[];
  const hs256Advertised = algs.includes("HS256");
  discovery.id_token_signing_alg_values_supported = algs.filter((a) => a !== "HS256");
  expect(discovery).toEqual(rebased(referenceDiscovery, issuer));

  // Item 2: the same keys as the reference (shared data directory).
  const jwks = await flow.jwks();
  if (jwks.keys.every((k) => k.alg === undefined)) {
    seen.add("no-rs256-key");
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- compared without it
    expect(jwks.keys).toEqual(referenceJwks.keys.map(({ alg, ...k }) => k));
  } else {
    expect(jwks).toEqual(referenceJwks);
  }

  // spec §4.4 rule 3, §7: an unregistered redirect_uri.
  const unregisteredState = random();
  const unregistered = await flow.browser().get(
    authorizeUrl(issuer, {
      clientId: BRAND_A.clientId,
      redirectUri: UNREGISTERED,
      state: unregisteredState,
      nonce: "n",
    }),
  );
  if (unregistered.location?.startsWith(UNREGISTERED)) {
    seen.add("unregistered-redirect-accepted");
    expect([302, 303]).toContain(unregistered.status);
    const query = new URL(unregistered.location).searchParams;
    expect(Object.fromEntries(query)).toEqual({ error: "invalid_request", state: unregisteredState });
  } else {
    expect(unregistered.status).toBe(400);
    expect(unregistered.location).toBeUndefined();
  }
  // An unknown client is a 400 page with every fault.
  const unknownClient = await flow
    .browser()
    .get(authorizeUrl(issuer, { clientId: "no-such-client", redirectUri: UNREGISTERED, state: "s", nonce: "n" }));
  expect(unknownClient.status).toBe(400);
  expect(unknownClient.location).toBeUndefined();

  // Item 5, without a session: prompt=none.
  const anonymous = flow.browser();
  const noneState = random();
  const none = await anonymous.get(
    authorizeUrl(issuer, {
      clientId: BRAND_A.clientId,
      redirectUri: A_URI,
      state: noneState,
      nonce: "n",
      prompt: "none",
    }),
  );
  if (none.location?.startsWith(`${issuer}/login/`)) {
    seen.add("prompt-none-shows-login");
    expect(none.status).toBe(303);
    // The login page, as without prompt; signing in there ends at the callback with a code.
    const form = await anonymous.get(none.location);
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="password"');
    const login = await anonymous.postForm(
      none.location,
      { email: USER.email, password: DEMO_PASSWORD },
      { origin: issuer },
    );
    const query = callbackQuery(await anonymous.get(login.location!), A_URI);
    expect(query.get("state")).toBe(noneState);
    expect(query.get("code")).toEqual(expect.any(String));
  } else {
    const query = callbackQuery(none, A_URI);
    expect(query.get("error")).toBe("login_required");
    expect(query.get("state")).toBe(noneState);
  }

  // Items 3, 4, 9: login page, code and state at the callback, the session cookies.
  const browser = flow.browser();
  const auth = await flow.signIn(browser, BRAND_A);
  const cookies = classifyCookies(auth.replies);
  if (cookies !== "reference") seen.add(cookies);

  // Items 6-8: the code for tokens (client_secret_post, PKCE), the id_token, UserInfo.
  const params = { code: auth.code, redirect_uri: A_URI, code_verifier: auth.verifier };
  const exchanged = await flow.token(BRAND_A, params);
  expect(exchanged.status).toBe(200);
  const tokens = JSON.parse(exchanged.body) as Record<string, unknown>;
  expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, access_token: expect.any(String) });
  const idToken = tokens.id_token as string;
  const verifyOptions = { issuer, audience: BRAND_A.clientId };
  let claims: JWTPayload;
  if (decodeProtectedHeader(idToken).alg === "HS256") {
    seen.add("hs256-id-token");
    expect(hs256Advertised).toBe(true);
    const secret = new TextEncoder().encode(BRAND_A.clientSecret);
    ({ payload: claims } = await jwtVerify(idToken, secret, { ...verifyOptions, algorithms: ["HS256"] }));
  } else {
    expect(hs256Advertised).toBe(false);
    const keys = createLocalJWKSet(jwks);
    ({ payload: claims } = await jwtVerify(idToken, keys, { ...verifyOptions, algorithms: ["RS256"] }));
    expect(decodeProtectedHeader(idToken).alg).toBe("RS256");
  }
  // iss is the issuer exactly with every fault (the trailing slash is the discovery document's only).
  expect(claims).toMatchObject({
    iss: issuer,
    sub: USER.sub,
    given_name: USER.given_name,
    family_name: USER.family_name,
  });
  for (const claim of ["aud", "exp", "iat"]) expect(claims).toHaveProperty(claim);
  if (!("nonce" in claims)) seen.add("missing-nonce");
  else expect(claims.nonce).toBe(auth.nonce);
  if (!("email" in claims)) seen.add("missing-email");
  else expect(claims.email).toBe(USER.email);

  // Before any reuse of the code: a reused code revokes its grant's tokens.
  const info = await flow.rp.get(`${issuer}/userinfo`, {
    headers: { authorization: `Bearer ${tokens.access_token as string}` },
    cookies: false,
  });
  expect(info.status).toBe(200);
  const userinfo = JSON.parse(info.body) as Record<string, unknown>;
  expect(userinfo).toMatchObject({ sub: USER.sub, given_name: USER.given_name, family_name: USER.family_name });
  // UserInfo and the id_token agree on the e-mail.
  expect(userinfo.email).toBe(claims.email);

  // spec §4.4 rule 4: single use.
  const reused = await flow.token(BRAND_A, params);
  if (reused.status === 200) seen.add("reusable-code");
  else
    expect({ status: reused.status, body: JSON.parse(reused.body) }).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });

  // Item 5, with the session: prompt=none answers a code, exchanged with client_secret_basic.
  const silent = await flow.silent(browser, BRAND_A);
  expect(silent.query.get("error")).toBeNull();
  expect(silent.query.get("state")).toBe(silent.state);
  const basic = await flow.token(BRAND_A, { code: silent.query.get("code")!, redirect_uri: A_URI }, "basic");
  expect(basic.status).toBe(200);
  expect(JSON.parse(basic.body)).toHaveProperty("id_token");

  // spec §5 SSO rule 1, §7: a wrong secret, in the body and in Basic.
  const wrongAccepted: boolean[] = [];
  for (const method of ["post", "basic"] as const) {
    const { query } = await flow.silent(browser, BRAND_A);
    const wrong = await flow.token(
      BRAND_A,
      { code: query.get("code")!, redirect_uri: A_URI },
      method,
      "not-the-secret",
    );
    wrongAccepted.push(wrong.status === 200);
    if (wrong.status !== 200) {
      expect(wrong.status).toBe(401);
      expect(JSON.parse(wrong.body)).toMatchObject({ error: "invalid_client" });
    }
  }
  if (wrongAccepted.every(Boolean)) seen.add("wrong-secret-accepted");
  else expect(wrongAccepted).toEqual([false, false]);
  // An unknown client stays refused with every fault.
  const { query: forUnknown } = await flow.silent(browser, BRAND_A);
  const unknown = await flow.token(
    { ...BRAND_A, clientId: "no-such-client" },
    { code: forUnknown.get("code")!, redirect_uri: A_URI },
  );
  expect(unknown.status).toBe(401);

  // spec §4.4 rule 4, §7: the code is bound to its redirect_uri (and, with every fault, to its client).
  const second = await flow.silent(browser, BRAND_B, B_URIS[0]);
  const otherUri = await flow.token(BRAND_B, { code: second.query.get("code")!, redirect_uri: B_URIS[1]! });
  if (otherUri.status === 200) seen.add("code-not-bound-to-redirect-uri");
  else
    expect({ status: otherUri.status, body: JSON.parse(otherUri.body) }).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  const third = await flow.silent(browser, BRAND_B, B_URIS[0]);
  const stolen = await flow.token(BRAND_A, { code: third.query.get("code")!, redirect_uri: B_URIS[0]! });
  expect(stolen.status).toBe(400);

  // spec §5 SSO rule 4: the partner API's key.
  expect((await partnerApi(idp, `Bearer ${API_KEY}`)).status).toBe(200);
  const withoutKey = await partnerApi(idp);
  const wrongKey = await partnerApi(idp, "Bearer not-the-key");
  if (withoutKey.status === 200) {
    seen.add("partner-api-without-key");
    expect(wrongKey.status).toBe(200);
    expect(JSON.parse(withoutKey.body)).toMatchObject({ user_id: USER.sub, email: USER.email });
  } else {
    expect([withoutKey.status, wrongKey.status]).toEqual([401, 401]);
  }

  // The partner's own site still signs in (it is left out of the id_token faults).
  const site = flow.browser();
  const toAuthorize = await site.request("POST", `${issuer}/partner/signin`, { headers: { origin: issuer } });
  const toLogin = await site.get(toAuthorize.location!);
  const login = await site.postForm(
    toLogin.location!,
    { email: USER.email, password: DEMO_PASSWORD },
    { origin: issuer },
  );
  const toCallback = await site.get(login.location!);
  expect((await site.get(toCallback.location!)).location).toBe(`${issuer}/`);
  expect((await site.get(`${issuer}/`)).body).toContain(`(${USER.email})`);

  return [...seen];
}

describe("test-only faults of the partner IdP", () => {
  it("lists every fault once, with a one-line description", () => {
    expect(PARTNER_IDP_FAULT_NAMES).toHaveLength(14);
    expect(new Set(PARTNER_IDP_FAULT_NAMES).size).toBe(14);
    for (const fault of PARTNER_IDP_FAULT_NAMES) expect(PARTNER_IDP_FAULTS[fault]).toMatch(/^[^\n]{10,120}$/);
  });

  it("refuses an unknown fault name", async () => {
    await expect(
      startPartnerIdp({ dataDir, clients: [], faults: ["no-such-fault" as PartnerIdpFault] }),
    ).rejects.toThrow(/partner IdP options: faults\.0/);
  });

  it("the reference IdP shows none of them", async () => {
    expect(await observe(reference)).toEqual([]);
  });

  it.each(PARTNER_IDP_FAULT_NAMES)("%s: shows this fault and no other; the flows keep working", async (fault) => {
    const idp = await start([fault]);
    try {
      expect(await observe(idp)).toEqual([fault]);
    } finally {
      await idp.close();
    }
  });
});
