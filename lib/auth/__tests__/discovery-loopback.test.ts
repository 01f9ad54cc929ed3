import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllEnvs());

const ISSUER = "http://127.0.0.1:9443";
const document = (over: Record<string, string>) => ({
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  jwks_uri: `${ISSUER}/jwks`,
  userinfo_endpoint: `${ISSUER}/me`,
  ...over,
});

it("under the development switch, the endpoints the brand's server calls are the issuer's own origin", async () => {
  vi.resetModules();
  vi.stubEnv("SSO_DEV_ALLOW_LOOPBACK", "true");
  const { parseMetadata } = await import("../discovery");
  expect(parseMetadata(ISSUER, document({})).token_endpoint).toBe(`${ISSUER}/token`);
  // Another service on this machine (a cache, a database, the app itself): never the server's to call.
  const elsewhere: [string, string][] = [
    ["token_endpoint", "http://127.0.0.1:6379/token"],
    ["jwks_uri", "http://localhost:5432/jwks"],
    ["userinfo_endpoint", "http://[::1]:3000/ops"],
  ];
  for (const [name, value] of elsewhere)
    expect(() => parseMetadata(ISSUER, document({ [name]: value })), name).toThrow(
      /which the development switch does not open/,
    );
  // The authorize endpoint is the browser's, not the server's: it may be on another local origin.
  expect(
    parseMetadata(ISSUER, document({ authorization_endpoint: "http://localhost:9444/authorize" }))
      .authorization_endpoint,
  ).toBe("http://localhost:9444/authorize");
});
