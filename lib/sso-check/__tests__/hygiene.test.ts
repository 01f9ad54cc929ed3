import http from "node:http";
import type { AddressInfo } from "node:net";
import { startOtherService } from "@/lib/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CheckRun } from "../context";
import { excerpt, maskTokens } from "../http";
import { checkIdToken } from "../id-token";
import type { SsoCheckInput } from "../input";
import { runSsoCheck } from "../run";

/** A discovery document with every field §2.4 asks for, its endpoints as given. */
const discovery = (issuer: string, endpoints: Record<string, string>) => ({
  issuer,
  ...endpoints,
  response_types_supported: ["code"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  scopes_supported: ["openid", "email", "profile"],
  token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
  claims_supported: ["sub", "email", "given_name", "family_name"],
});

/**
 * What a provider sends never makes the validator claim what it did not check, never puts a secret in a report, and
 * never steers it anywhere the outbound rules refuse.
 */
const input: SsoCheckInput = {
  issuer: "http://127.0.0.1:9",
  clientId: "brand-a",
  clientSecret: "the-client-secret-0001",
  redirectUri: "http://brand-a.localhost:3000/oauth2/idpresponse",
  user: { username: "tester@example.test", password: "the-password-0001" },
  partnerApi: { url: "http://127.0.0.1:9/partner-api", key: "the-partner-api-key-0001" },
  otherClient: { clientId: "brand-b", clientSecret: "the-other-secret-0002" },
  production: false,
  allowLoopback: true,
};

describe("results", () => {
  it("never keep a secret of the input, and stay short, whatever the provider echoed", () => {
    const run = new CheckRun(input);
    const echo = `password=${input.user!.password}-wrong&client_secret=${input.clientSecret}&key=${input.partnerApi!.key}`;
    run.fail("partner_api.validate", `answered 401 ${echo} ${input.otherClient!.clientSecret}`, {
      seen: `${"x".repeat(2000)} ${input.clientSecret}`,
    });
    const [result] = run.results;
    const text = JSON.stringify(result);
    for (const secret of [input.clientSecret, input.user!.password, input.partnerApi!.key, "the-other-secret-0002"])
      expect(text).not.toContain(secret);
    expect(result!.reason).toContain("password=•••-wrong");
    expect(result!.seen!.length).toBeLessThanOrEqual(501);
  });

  it("keep no secret URL-encoded either, and no control character a terminal would obey", () => {
    const run = new CheckRun({ ...input, clientSecret: "secret with/slash+plus 0001" });
    run.fail("token.post", `echoed client_secret=${encodeURIComponent("secret with/slash+plus 0001")}`, {
      seen: `answered 400 \u001b[2J\u001b[1;1Hall items passed\u0007\u009b31m\nsecret+with%2Fslash%2Bplus+0001`,
    });
    const [result] = run.results;
    expect(result!.reason).toBe("echoed client_secret=•••");
    expect(result!.seen).toBe("answered 400 ?[2J?[1;1Hall items passed??31m •••");
  });

  it("mask codes and tokens in a form or JSON body as in a Location", () => {
    expect(excerpt("access_token=gho_16C7e42F292c6912E7710c838347Ae178B4a&token_type=bearer&scope=")).toBe(
      "access_token=gho_…(40 chars)&token_type=bearer&scope=",
    );
    expect(excerpt('{"error_code": "x", "refresh_token" : "8xLOxBtZp8", "id_token":"abc"}')).toBe(
      '{"error_code": "x", "refresh_token" : "8xLO…(10 chars)", "id_token":"•••"}',
    );
  });

  it("show codes and tokens in a Location masked", () => {
    expect(maskTokens("https://rp.example/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj")).toBe(
      "https://rp.example/cb?code=Splx…(22 chars)&state=af0ifjsldkj",
    );
    expect(maskTokens("https://rp.example/cb#access_token=eyJhbGciOiJSUzI1NiJ9.e30.sig&id_token=abc")).toMatch(
      /#access_token=eyJh…\(\d+ chars\)&id_token=•••$/,
    );
  });

  it("an id_token that is not a JWT fails, and the id_token items it could not check say so (no pass)", async () => {
    const run = new CheckRun(input);
    run.tokens = { id_token: "not-a-jwt", nonce: "n" };
    await checkIdToken(run);
    expect(run.results.map((r) => [r.id, r.status])).toEqual([
      ["id_token.signature", "fail"],
      ["id_token.iss", "skipped"],
      ["id_token.claims", "skipped"],
      ["id_token.nonce", "skipped"],
      ["id_token.profile", "skipped"],
    ]);
    expect(run.results[0]!.reason).toMatch(/could not be decoded/);
  });
});

describe("a discovery document naming endpoints the outbound rules refuse", () => {
  let server: http.Server;
  let issuer: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          discovery(issuer, {
            authorization_endpoint: "file:///etc/passwd",
            token_endpoint: "http://169.254.169.254/latest/meta-data",
            jwks_uri: `${issuer}/jwks`,
          }),
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it("fails discovery.fields naming them, and goes nowhere near them", async () => {
    const report = await runSsoCheck({ ...input, issuer, partnerApi: undefined });
    const fields = report.results.find((r) => r.id === "discovery.fields")!;
    expect(fields.status).toBe("fail");
    expect(fields.reason).toMatch(/authorization_endpoint must use https/);
    expect(fields.reason).toMatch(/token_endpoint must use https/);
    const authorize = report.results.find((r) => r.id === "authorize.code")!;
    expect(authorize).toMatchObject({ status: "skipped", reason: expect.stringMatching(/no usable authorization/) });
    expect(report.ok).toBe(false);
  });
});

describe("under the development switch, a discovery document naming another port of this machine", () => {
  let provider: http.Server;
  let issuer: string;
  /** Another service on this machine (a cache, a database): the switch opens the provider named, not it. */
  let other: Awaited<ReturnType<typeof startOtherService>>;
  let otherPort: number;
  beforeAll(async () => {
    other = await startOtherService();
    otherPort = other.port;
    provider = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url !== "/.well-known/openid-configuration") return res.writeHead(400).end("{}");
      res.end(
        JSON.stringify(
          discovery(issuer, {
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `http://127.0.0.1:${otherPort}/token`,
            jwks_uri: `http://localhost:${otherPort}/jwks`,
          }),
        ),
      );
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    provider.close();
    other.close();
  });

  it("fails discovery.fields and jwks.rs256 naming the port, and never connects to it", async () => {
    const report = await runSsoCheck({ ...input, issuer, user: undefined, partnerApi: undefined });
    const item = (id: string) => report.results.find((r) => r.id === id)!;
    const closed = new RegExp(
      `is this machine at (127\\.0\\.0\\.1|localhost):${otherPort}, which the development switch does not open`,
    );
    expect(item("discovery.fields").status).toBe("fail");
    expect(item("discovery.fields").reason).toMatch(new RegExp(`token_endpoint ${closed.source}`));
    expect(item("discovery.fields").reason).toMatch(new RegExp(`jwks_uri ${closed.source}`));
    expect(item("jwks.rs256")).toMatchObject({ status: "fail", reason: expect.stringMatching(closed) });
    expect(item("token.post").status).toBe("skipped");
    expect(report.ok).toBe(false);
    expect(other.connections).toBe(0);
  });
});
