import { afterEach, describe, expect, it, vi } from "vitest";

async function load(token: string | undefined) {
  vi.resetModules();
  vi.stubEnv("OPS_TOKEN", token ?? "");
  if (token === undefined) delete process.env.OPS_TOKEN;
  return import("../auth");
}

afterEach(() => vi.unstubAllEnvs());

describe("operators' access", () => {
  it("accepts the token, its session cookie or a bearer header, and nothing else", async () => {
    const auth = await load("operators-token-for-tests");
    expect(auth.isOpsToken("operators-token-for-tests")).toBe(true);
    expect(auth.isOpsToken("operators-token-for-test")).toBe(false);
    expect(auth.isOpsToken(undefined)).toBe(false);
    const cookie = auth.sessionValue("operators-token-for-tests");
    expect(cookie).not.toContain("operators-token");
    expect(auth.isOpsAuthorized({ cookie })).toBe(true);
    expect(auth.isOpsAuthorized({ cookie: auth.sessionValue("another-token-1234") })).toBe(false);
    expect(auth.isOpsAuthorized({ authorization: "Bearer operators-token-for-tests" })).toBe(true);
    expect(auth.isOpsAuthorized({ authorization: "Basic operators-token-for-tests" })).toBe(false);
    expect(auth.isOpsAuthorized({})).toBe(false);
  });

  it("is off, for everyone, without a configured token", async () => {
    const auth = await load(undefined);
    expect(auth.opsToken()).toBeUndefined();
    expect(auth.isOpsToken("")).toBe(false);
    expect(auth.isOpsAuthorized({ authorization: "Bearer " })).toBe(false);
  });
});
