import { describe, expect, it } from "vitest";
import demo from "../demo-brands.json";
import { BrandRegistry } from "../registry";

/** The demo brands with one brand's sign-on settings replaced. */
function registry(sso: unknown, env: Record<string, string | undefined> = {}) {
  const brands = structuredClone(demo) as { brands: Record<string, unknown>[] };
  brands.brands[0]!.sso = sso;
  return BrandRegistry.parse(JSON.stringify(brands), "(test)", env);
}

const production = {
  issuer: "https://login.partner.example",
  clientId: "aurora-rp",
  clientSecretEnv: "AURORA_SSO_SECRET",
};
const SECRET = { AURORA_SSO_SECRET: "s3cret-value" };

describe("a brand's sign-on settings (spec §4.6: issuer, client id, client secret; staging and production)", () => {
  it("resolves the environment in force, with the secret read from the environment and the defaults filled in", () => {
    const r = registry({ providerName: "Partner", environments: { production } }, SECRET);
    expect(r.sso(r.get("aurora")!)).toEqual({
      ...production,
      brandId: "aurora",
      environment: "production",
      providerName: "Partner",
      displayName: "Partner",
      attributeMapping: {},
      sessionMaxAgeSeconds: 43200,
      tokenEndpointAuthMethod: "client_secret_post",
      silentLogin: false,
      clientSecret: "s3cret-value",
    });
    expect(r.sso(r.get("sakura")!)).toBeUndefined();
  });

  it("one setting chooses staging or production; a brand without credentials for it has no sign-on there", () => {
    const staging = {
      ...production,
      issuer: "https://staging-login.partner.example",
      clientSecretEnv: "AURORA_STAGING",
    };
    const sso = { providerName: "Partner", environments: { staging, production } };
    const env = { ...SECRET, AURORA_STAGING: "staging-secret" };
    const inStaging = registry(sso, { ...env, SSO_ENVIRONMENT: "staging" });
    expect(inStaging.sso(inStaging.get("aurora")!)).toMatchObject({
      environment: "staging",
      issuer: staging.issuer,
      clientSecret: "staging-secret",
    });
    const onlyStaging = registry({ providerName: "Partner", environments: { staging } }, env);
    expect(onlyStaging.sso(onlyStaging.get("aurora")!)).toBeUndefined(); // production in force by default
  });

  it("the client secret is never in the file: a missing environment variable is refused by name", () => {
    expect(() => registry({ providerName: "Partner", environments: { production } })).toThrow(
      /brands\.0\.sso\.environments\.production\.clientSecretEnv: environment variable AURORA_SSO_SECRET is not set/,
    );
  });

  it.each([
    ["http://login.partner.example", /must use https/],
    ["https://localhost:9443", /SSO_DEV_ALLOW_LOOPBACK=true/],
    ["http://127.0.0.1:9000", /SSO_DEV_ALLOW_LOOPBACK=true/],
    ["https://idp.localhost", /SSO_DEV_ALLOW_LOOPBACK=true/],
    ["https://user:pw@login.partner.example", /must not carry credentials/],
    ["https://login.partner.example/?tenant=1", /must not have a query/],
    ["ftp://login.partner.example", /must use https/],
    ["not a url", /is not a URL/],
  ])("issuer %s is refused without the development switch", (issuer, message) => {
    expect(() =>
      registry({ providerName: "P", environments: { production: { ...production, issuer } } }, SECRET),
    ).toThrow(message);
  });

  it("the development switch allows an IdP on this machine, over http too, and nothing else", () => {
    const dev = { ...SECRET, SSO_DEV_ALLOW_LOOPBACK: "true" };
    for (const issuer of [
      "http://127.0.0.1:9000",
      "https://localhost:9443",
      "http://[::1]:8080",
      "http://idp.localhost",
    ]) {
      const r = registry({ providerName: "P", environments: { production: { ...production, issuer } } }, dev);
      expect(r.sso(r.get("aurora")!)?.issuer).toBe(issuer);
    }
    expect(() =>
      registry(
        { providerName: "P", environments: { production: { ...production, issuer: "http://login.partner.example" } } },
        dev,
      ),
    ).toThrow(/must use https/);
  });

  it.each([
    [{ providerName: "Bad_Name!", environments: { production } }, /providerName: must be 1-40 letters and digits/],
    [{ providerName: "P", environments: {} }, /needs staging or production credentials/],
    [
      { providerName: "P", attributeMapping: { mail: "phone" }, environments: { production } },
      /attributeMapping\.mail/,
    ],
    [
      { providerName: "P", attributeMapping: { mail: "email", e: "email" }, environments: { production } },
      /maps two claims to one attribute/,
    ],
    [
      {
        providerName: "P",
        environments: { production: { ...production, tokenEndpointAuthMethod: "private_key_jwt" } },
      },
      /tokenEndpointAuthMethod/,
    ],
    [
      { providerName: "P", environments: { production: { ...production, clientSecretEnv: "lower" } } },
      /clientSecretEnv: must be an environment variable name/,
    ],
  ])("refuses malformed settings with the path at fault (%#)", (sso, message) => {
    expect(() => registry(sso, SECRET)).toThrow(message);
  });
});
