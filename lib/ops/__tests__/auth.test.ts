import { afterEach, describe, expect, it, vi } from "vitest";

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else vi.stubEnv(k, v);
  }
  return import("../auth");
}

afterEach(() => vi.unstubAllEnvs());

describe("operators' access", () => {
  it("accepts the token as such or as a bearer header, and nothing else", async () => {
    const auth = await load({ OPS_TOKEN: "operators-token-for-tests" });
    expect(auth.isOpsToken("operators-token-for-tests")).toBe(true);
    expect(auth.isOpsToken("operators-token-for-test")).toBe(false);
    expect(auth.isOpsToken(undefined)).toBe(false);
    const host = "127.0.0.1:3000";
    expect(await auth.isOpsAuthorized({ authorization: "Bearer operators-token-for-tests", host })).toBe(true);
    expect(await auth.isOpsAuthorized({ authorization: "Basic operators-token-for-tests", host })).toBe(false);
    expect(await auth.isOpsAuthorized({ cookie: "not-a-session", host })).toBe(false);
    expect(await auth.isOpsAuthorized({ host })).toBe(false);
  });

  it("is off, for everyone, without a configured token", async () => {
    const auth = await load({ OPS_TOKEN: undefined });
    expect(auth.opsToken()).toBeUndefined();
    expect(auth.isOpsToken("")).toBe(false);
    expect(await auth.isOpsAuthorized({ authorization: "Bearer ", host: "localhost" })).toBe(false);
  });

  it("answers only on the operators' hosts: OPS_HOST, else any host under next dev, else this machine's names", async () => {
    const listed = await load({
      OPS_TOKEN: "operators-token-for-tests",
      OPS_HOST: "ops.example.com, Admin.Example.com",
    });
    expect(listed.isOpsHost("ops.example.com:8443")).toBe(true);
    expect(listed.isOpsHost("ADMIN.example.com")).toBe(true);
    expect(listed.isOpsHost("hotels.partner-a.com")).toBe(false);
    expect(
      await listed.isOpsAuthorized({ authorization: "Bearer operators-token-for-tests", host: "brand-a.localhost" }),
    ).toBe(false);
    const development = await load({
      OPS_TOKEN: "operators-token-for-tests",
      OPS_HOST: undefined,
      NODE_ENV: "development",
    });
    expect(development.isOpsHost("brand-a.localhost")).toBe(true);
    const production = await load({
      OPS_TOKEN: "operators-token-for-tests",
      OPS_HOST: undefined,
      NODE_ENV: "production",
    });
    expect(production.isOpsHost("brand-a.localhost")).toBe(false);
    expect(production.isOpsHost("hotels.partner-a.com")).toBe(false);
    for (const local of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"])
      expect(production.isOpsHost(local)).toBe(true);
  });
});
