import { describe, expect, it } from "vitest";
import { idpResponseUris } from "@/lib/auth/node";
import { brandRegistrations } from "../brand-clients";
import demoUsersFile from "../demo-users.json";
import { DEMO_PASSWORD, demoUsers, hashPassword, loadUsers, verifyPassword } from "../users";

describe("demo users", () => {
  it("are three fictional people at example.test with stable subs and scrypt hashes of DEMO_PASSWORD", async () => {
    expect(demoUsers).toHaveLength(3);
    for (const [i, u] of demoUsers.entries()) {
      expect(u.sub).toMatch(/^nw-\d+$/);
      expect(u.email).toMatch(/@example\.test$/);
      const stored = demoUsersFile.users[i]!;
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(stored)).not.toContain(DEMO_PASSWORD);
      expect(await verifyPassword(DEMO_PASSWORD, stored.password_hash)).toBe(true);
      expect(await verifyPassword("wrong", stored.password_hash)).toBe(false);
    }
  });

  it("hashPassword makes hashes verifyPassword accepts, salted (two hashes differ)", async () => {
    const a = await hashPassword("s3cret");
    const b = await hashPassword("s3cret");
    expect(a).not.toBe(b);
    expect(await verifyPassword("s3cret", a)).toBe(true);
    expect(await verifyPassword("s3cret!", a)).toBe(false);
  });

  it("authenticate answers undefined alike for an unknown e-mail and a wrong password", async () => {
    const users = loadUsers();
    const u = demoUsers[0]!;
    expect(await users.authenticate(` ${u.email.toUpperCase()} `, DEMO_PASSWORD)).toEqual(u);
    expect(await users.authenticate(u.email, "wrong")).toBeUndefined();
    expect(await users.authenticate("nobody@example.test", DEMO_PASSWORD)).toBeUndefined();
  });
});

describe("brand registry → clients (CLI)", () => {
  const issuer = "https://localhost:9443";
  const sso = (issuerUrl: string, clientId: string, clientSecretEnv: string) => ({
    providerName: "Northwind",
    environments: { production: { issuer: issuerUrl, clientId, clientSecretEnv } },
  });
  const registry = {
    brands: [
      {
        id: "aurora",
        displayName: "Aurora Stays",
        hosts: ["brand-a.localhost", "aurora.localhost"],
        canonicalUrl: "http://brand-a.localhost:3000",
        sso: sso(`${issuer}/`, "aurora-web", "AURORA_SSO_SECRET"),
        theme: { ignored: true },
      },
      { id: "plain", hosts: ["plain.localhost"], canonicalUrl: "http://plain.localhost:3000" },
      {
        id: "elsewhere",
        hosts: ["x.localhost"],
        canonicalUrl: "https://x.localhost",
        sso: sso("https://idp.other.example", "x", "X_SECRET"),
      },
      {
        id: "nosecret",
        hosts: ["y.localhost"],
        canonicalUrl: "https://y.localhost",
        sso: sso(issuer, "y", "Y_SECRET"),
      },
      { id: "broken", hosts: [] },
    ],
  };

  it("registers the brands naming this issuer, with a redirect URI per host, and says why others are skipped", () => {
    const { registrations, brandLinks } = brandRegistrations(registry, {
      issuer,
      environment: "production",
      env: { AURORA_SSO_SECRET: "aurora-secret" },
    });
    expect(registrations[0]).toEqual({
      brandId: "aurora",
      client: {
        clientId: "aurora-web",
        clientSecret: "aurora-secret",
        name: "Aurora Stays",
        redirectUris: [
          "http://brand-a.localhost:3000/oauth2/idpresponse",
          "http://aurora.localhost:3000/oauth2/idpresponse",
        ],
      },
    });
    expect(registrations.slice(1).map((r) => [r.brandId, r.skipped])).toEqual([
      ["plain", "no sso settings"],
      ["elsewhere", "its production issuer is https://idp.other.example"],
      ["nosecret", "Y_SECRET is not set"],
      ["broken", expect.stringContaining("unreadable")],
    ]);
    expect(brandLinks).toEqual([{ name: "Aurora Stays", url: "http://brand-a.localhost:3000/" }]);
  });

  it("uses the SSO_ENVIRONMENT given", () => {
    const { registrations } = brandRegistrations(registry, { issuer, environment: "staging", env: {} });
    expect(registrations[0]!.skipped).toBe('no sso "staging" environment');
  });

  it("takes scheme and port from the canonical URL", () => {
    expect(idpResponseUris({ hosts: ["a.example", "b.example"], canonicalUrl: "https://a.example" })).toEqual([
      "https://a.example/oauth2/idpresponse",
      "https://b.example/oauth2/idpresponse",
    ]);
  });
});
