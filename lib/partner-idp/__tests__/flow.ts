import { randomBytes } from "node:crypto";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { expect } from "vitest";
import { DEMO_PASSWORD, demoUsers, type PartnerIdpClient } from "..";
import { authorizeUrl, Browser, pkcePair, type Reply } from "./https-client";

/** The steps of the code flow as a browser and a relying party walk them, against one running IdP (spec §4.4). */

export const USER = demoUsers[0]!;

export const random = () => randomBytes(12).toString("base64url");

/** The callback's query, after checking that the redirect goes to exactly this redirect URI. */
export function callbackQuery(reply: Reply, redirectUri: string): URLSearchParams {
  // oidc-provider's query response mode answers 303 (See Other), for codes and errors alike.
  expect(reply.status).toBe(303);
  const url = new URL(reply.location!);
  expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
  return url.searchParams;
}

export interface Authorized {
  code: string;
  state: string;
  nonce: string;
  verifier: string;
  query: URLSearchParams;
  /** The replies of the way: authorize, login form, login POST, resume. */
  replies: Reply[];
}

export class Flow {
  /** The relying party's server-side HTTP client: no cookies. */
  readonly rp: Browser;

  constructor(readonly idp: { issuer: string; caFile: string }) {
    this.rp = new Browser(idp.caFile);
  }

  browser(): Browser {
    return new Browser(this.idp.caFile);
  }

  /** Authorization request, login page with the demo user, resume: the code at the redirect URI. */
  async signIn(browser: Browser, client: PartnerIdpClient, redirectUri = client.redirectUris[0]!): Promise<Authorized> {
    const { issuer } = this.idp;
    const state = random();
    const nonce = random();
    const { verifier, challenge } = pkcePair();
    const start = await browser.get(
      authorizeUrl(issuer, { clientId: client.clientId, redirectUri, state, nonce, challenge }),
    );
    expect(start.status).toBe(303);
    expect(start.location).toMatch(new RegExp(`^${issuer}/login/[A-Za-z0-9_-]+$`));
    const form = await browser.get(start.location!);
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="password"');
    const login = await browser.postForm(
      start.location!,
      { email: USER.email, password: DEMO_PASSWORD },
      { origin: issuer },
    );
    expect(login.status).toBe(303);
    expect(login.location).toMatch(new RegExp(`^${issuer}/authorize/`));
    const resume = await browser.get(login.location!);
    const query = callbackQuery(resume, redirectUri);
    expect(query.get("state")).toBe(state);
    return { code: query.get("code")!, state, nonce, verifier, query, replies: [start, form, login, resume] };
  }

  /** A silent authorization request (prompt=none): no login page expected. */
  async silent(browser: Browser, client: PartnerIdpClient, redirectUri = client.redirectUris[0]!) {
    const state = random();
    const nonce = random();
    const reply = await browser.get(
      authorizeUrl(this.idp.issuer, { clientId: client.clientId, redirectUri, state, nonce, prompt: "none" }),
    );
    return { query: callbackQuery(reply, redirectUri), state, nonce };
  }

  token(
    client: PartnerIdpClient,
    params: Record<string, string>,
    auth: "post" | "basic" = "post",
    secret = client.clientSecret,
  ): Promise<Reply> {
    const body = new URLSearchParams({ grant_type: "authorization_code", ...params });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (auth === "post") {
      body.set("client_id", client.clientId);
      body.set("client_secret", secret);
    } else {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
    }
    return this.rp.request("POST", `${this.idp.issuer}/oauth/token`, {
      headers,
      body: body.toString(),
      cookies: false,
    });
  }

  async jwks(): Promise<JSONWebKeySet> {
    const reply = await this.rp.get(`${this.idp.issuer}/.well-known/jwks.json`);
    expect(reply.status).toBe(200);
    return JSON.parse(reply.body) as JSONWebKeySet;
  }

  async verifyIdToken(idToken: string, audience: string, nonce: string) {
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(await this.jwks()), {
      issuer: this.idp.issuer,
      audience,
      algorithms: ["RS256"],
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.nonce).toBe(nonce);
    return payload;
  }
}
