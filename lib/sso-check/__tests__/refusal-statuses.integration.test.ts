import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOp, type Misbehaviour, type TestOp } from "@/lib/testing";
import type { CheckItemId } from "../items";
import { runSsoCheck, type SsoCheckReport } from "../run";

/**
 * Each refusal's status judged by its item's rule (lib/sso-check/statuses.ts, the table of
 * docs/partner-onboarding.md): a provider answering 403 where §7 says 400 or 401, and 400 invalid_client for a wrong
 * secret. The test OP (lib/testing/test-op.ts) plays the provider, with a login page and a session cookie.
 */
const REDIRECT_URI = "http://brand.localhost:3000/oauth2/idpresponse";
const CLIENT = { clientId: "statuses-rp", clientSecret: "statuses-client-secret-01", redirectUris: [REDIRECT_URI] };
const PASSWORD = "statuses-test-password";
let op: TestOp;

beforeAll(async () => {
  op = await startTestOp([CLIENT]);
});
afterAll(async () => {
  await op?.stop();
});

function check(misbehave: Misbehaviour): Promise<SsoCheckReport> {
  op.reset();
  op.user = { sub: "u-1", email: "ada@example.test", given_name: "Ada", family_name: "Quill" };
  // A browser login with a proper session cookie: every other item passes.
  op.misbehave = { login: { password: PASSWORD }, ...misbehave };
  return runSsoCheck({
    issuer: op.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    redirectUri: REDIRECT_URI,
    user: { username: "ada@example.test", password: PASSWORD },
    production: false,
    allowLoopback: true,
  });
}
const result = (report: SsoCheckReport, id: CheckItemId) => report.results.find((r) => r.id === id)!;

describe("how strict a refusal's status must be", () => {
  it("an authorize page's 403 passes with a note; a wrong secret's 400 invalid_client passes with a note", async () => {
    const report = await check({ authorizeRefusalStatus: 403, invalidClientStatus: 400 });
    for (const id of [
      "authorize.unregistered_redirect",
      "authorize.unknown_client",
      "authorize.response_type",
    ] as const)
      expect(result(report, id), id).toMatchObject({
        status: "pass",
        reason: "refused with 403, no redirect (§7 says 400)",
      });
    expect(result(report, "token.wrong_secret")).toMatchObject({
      status: "pass",
      reason: "a wrong client secret: refused with 400 error=invalid_client (§7 says 401)",
    });
    expect(report.failed).toBe(0);
  });

  it("the token endpoint's 403 fails, naming the status §7 says", async () => {
    const report = await check({ invalidClientStatus: 403 });
    expect(report.results.filter((r) => r.status === "fail").map((r) => r.id)).toEqual(["token.wrong_secret"]);
    expect(result(report, "token.wrong_secret")).toMatchObject({
      reason: "a wrong client secret: 403 error=invalid_client, spec §7 says 401",
      hint: expect.stringMatching(/RFC 6749 5\.2 also allows 400 with error=invalid_client/),
    });
  });
});
