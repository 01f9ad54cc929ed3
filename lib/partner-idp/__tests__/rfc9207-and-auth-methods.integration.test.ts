import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPartnerIdp, type PartnerIdp, type PartnerIdpClient } from "..";
import { Flow, random } from "./flow";
import { authorizeUrl } from "./https-client";

/**
 * Two settings of a registration a partner's relying party meets: RFC 9207's `iss` in authorization responses (on by
 * default, off per deployment) and a client held to the token endpoint authentication method it was registered with.
 */

/** Registered as the clients file registers (lib/config/partner-idp-clients.ts): one method each. */
const BASIC_ONLY: PartnerIdpClient = {
  clientId: "intranet-basic",
  clientSecret: "intranet-basic-secret-01",
  redirectUris: ["http://basic.localhost:8080/redirect_uri"],
  tokenEndpointAuthMethod: "client_secret_basic",
};
const POST_ONLY: PartnerIdpClient = {
  clientId: "intranet-post",
  clientSecret: "intranet-post-secret-002",
  redirectUris: ["http://post.localhost:8080/redirect_uri"],
  tokenEndpointAuthMethod: "client_secret_post",
};
/** Registered as the brands are: no method, both taken. */
const EITHER: PartnerIdpClient = {
  clientId: "brand",
  clientSecret: "brand-secret-0000000003",
  redirectUris: ["http://brand.localhost:3000/oauth2/idpresponse"],
};
const CLIENTS = [BASIC_ONLY, POST_ONLY, EITHER];

let dataDir: string;
let withIss: PartnerIdp;
let withoutIss: PartnerIdp;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "partner-idp-rfc9207-"));
  // One data dir (keys, TLS) for both: the second start reuses what the first made.
  withIss = await startPartnerIdp({ dataDir, clients: CLIENTS });
  withoutIss = await startPartnerIdp({ dataDir, clients: CLIENTS, authorizationResponseIss: false });
});

afterAll(async () => {
  await withIss?.close();
  await withoutIss?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function discovery(flow: Flow): Promise<Record<string, unknown>> {
  const reply = await flow.rp.get(`${flow.idp.issuer}/.well-known/openid-configuration`);
  expect(reply.status).toBe(200);
  return JSON.parse(reply.body) as Record<string, unknown>;
}

describe("RFC 9207: iss in authorization responses", () => {
  it("by default: the code, the login_required error and discovery carry it (the mix-up defence)", async () => {
    const flow = new Flow(withIss);
    expect((await discovery(flow)).authorization_response_iss_parameter_supported).toBe(true);

    const refused = await flow.silent(flow.browser(), EITHER);
    expect(refused.query.get("error")).toBe("login_required");
    expect(refused.query.get("iss")).toBe(withIss.issuer);

    const signedIn = await flow.signIn(flow.browser(), EITHER);
    expect(signedIn.query.get("iss")).toBe(withIss.issuer);
  });

  it("switched off: none of them carries it, discovery says so, and the code still exchanges", async () => {
    const flow = new Flow(withoutIss);
    expect((await discovery(flow)).authorization_response_iss_parameter_supported).toBe(false);

    const refused = await flow.silent(flow.browser(), EITHER);
    expect([...refused.query.keys()].sort()).toEqual(["error", "error_description", "state"]);
    expect(refused.query.get("error")).toBe("login_required");

    const browser = flow.browser();
    const signedIn = await flow.signIn(browser, EITHER);
    expect([...signedIn.query.keys()].sort()).toEqual(["code", "state"]);
    const reply = await flow.token(EITHER, {
      code: signedIn.code,
      redirect_uri: EITHER.redirectUris[0]!,
      code_verifier: signedIn.verifier,
    });
    expect(reply.status).toBe(200);
    const { id_token } = JSON.parse(reply.body) as { id_token: string };
    // The id_token still names its issuer: only the authorization response lost its iss parameter.
    expect((await flow.verifyIdToken(id_token, EITHER.clientId, signedIn.nonce)).iss).toBe(withoutIss.issuer);

    // Every response mode, not only the query's redirect: form_post writes the parameters into a page.
    const url = new URL(
      authorizeUrl(withoutIss.issuer, {
        clientId: EITHER.clientId,
        redirectUri: EITHER.redirectUris[0]!,
        state: random(),
        nonce: random(),
        prompt: "none",
      }),
    );
    url.searchParams.set("response_mode", "form_post");
    const page = await browser.get(url.href);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/name="code"/);
    expect(page.body).not.toMatch(/name="iss"/);
  });
});

describe("a client held to its registered token endpoint authentication method", () => {
  /** One sign-in, then its code sent to the token endpoint twice, each time with the method given. */
  const twice = async (client: PartnerIdpClient, first: "basic" | "post", second: "basic" | "post") => {
    const flow = new Flow(withIss);
    const auth = await flow.signIn(flow.browser(), client);
    const params = { code: auth.code, redirect_uri: client.redirectUris[0]!, code_verifier: auth.verifier };
    return [await flow.token(client, params, first), await flow.token(client, params, second)] as const;
  };

  it.each([
    ["client_secret_basic", BASIC_ONLY, "post", "basic"],
    ["client_secret_post", POST_ONLY, "basic", "post"],
  ] as const)(
    "one registered for %s: the other method is refused with 401 invalid_client, and the code then exchanges",
    async (_method, client, other, own) => {
      const [refused, accepted] = await twice(client, other, own);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({
        error: "invalid_client",
        error_description: "client authentication failed",
      });
      expect(accepted.status).toBe(200);
      expect(JSON.parse(accepted.body)).toMatchObject({ token_type: "Bearer", id_token: expect.any(String) });
    },
  );

  it("a client registered without one (a brand) takes both (spec §5 SSO rule 1)", async () => {
    for (const method of ["basic", "post"] as const) {
      const [first, again] = await twice(EITHER, method, method);
      expect(first.status).toBe(200);
      // The client authenticated, and the code was spent by the first exchange.
      expect(again.status).toBe(400);
    }
  });

  it("still refuses a wrong secret sent the registered way", async () => {
    const flow = new Flow(withIss);
    const auth = await flow.signIn(flow.browser(), BASIC_ONLY);
    const reply = await flow.token(
      BASIC_ONLY,
      { code: auth.code, redirect_uri: BASIC_ONLY.redirectUris[0]!, code_verifier: auth.verifier },
      "basic",
      "not-the-secret-000000",
    );
    expect(reply.status).toBe(401);
  });
});
