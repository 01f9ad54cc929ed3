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
    const address = "192.0.2.1";
    expect(await auth.isOpsAuthorized({ authorization: "Bearer operators-token-for-tests", host, address })).toBe(true);
    expect(await auth.isOpsAuthorized({ authorization: "Basic operators-token-for-tests", host, address })).toBe(false);
    expect(await auth.isOpsAuthorized({ cookie: "not-a-session", host, address })).toBe(false);
    expect(await auth.isOpsAuthorized({ host, address })).toBe(false);
  });

  it("counts a wrong bearer token against the client's network; past the limit any bearer token is refused unread", async () => {
    const auth = await load({ OPS_TOKEN: "operators-token-for-tests", OPS_SIGN_IN_LIMIT: "2" });
    const host = "127.0.0.1:3000";
    const ask = (token: string, address: string) =>
      auth.isOpsAuthorized({ authorization: `Bearer ${token}`, host, address });
    expect(await ask("wrong-token-for-tests-1", "198.51.100.7")).toBe(false);
    expect(await ask("operators-token-for-tests", "198.51.100.8")).toBe(true);
    expect(await ask("wrong-token-for-tests-2", "198.51.100.9")).toBe(false);
    // Two failures from 198.51.100.0/24: the right token from that network is now refused, with when to retry.
    const refused = await ask("operators-token-for-tests", "198.51.100.10").catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1);
    expect(await auth.tokenTry("198.51.100.11")).toBeUndefined();
    // Another network is not affected.
    expect(await ask("operators-token-for-tests", "203.0.113.5")).toBe(true);
  });

  it("counts tokens sent at once before comparing any: no more are compared than the limit allows", async () => {
    const auth = await load({ OPS_TOKEN: "operators-token-for-tests", OPS_SIGN_IN_LIMIT: "10" });
    const host = "127.0.0.1:3000";
    // 60 guesses at once from one network, the right token among the last ones: none past the 10th is looked at.
    const guesses = Array.from({ length: 60 }, (_, i) =>
      i === 50 ? "operators-token-for-tests" : `wrong-token-for-tests-${i}`,
    );
    const answers = await Promise.all(
      guesses.map((token, i) =>
        auth
          .isOpsAuthorized({ authorization: `Bearer ${token}`, host, address: `198.18.7.${i + 1}` })
          .then(
            (ok) => (ok ? "right" : "wrong"),
            (e: { code?: string }) => e.code,
          ),
      ),
    );
    expect(answers.filter((a) => a === "wrong")).toHaveLength(10);
    expect(answers.filter((a) => a === "RATE_LIMITED")).toHaveLength(50);
    expect(answers).not.toContain("right");
  });

  it("is off, for everyone, without a configured token", async () => {
    const auth = await load({ OPS_TOKEN: undefined });
    expect(auth.opsToken()).toBeUndefined();
    expect(auth.isOpsToken("")).toBe(false);
    expect(await auth.isOpsAuthorized({ authorization: "Bearer ", host: "localhost", address: undefined })).toBe(false);
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
      await listed.isOpsAuthorized({
        authorization: "Bearer operators-token-for-tests",
        host: "brand-a.localhost",
        address: undefined,
      }),
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
