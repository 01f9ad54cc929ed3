import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOp, type Misbehaviour, type TestOp } from "@/lib/testing";
import type { SsoCheckInput } from "../input";
import type { CheckItemId } from "../items";
import { runSsoCheck, type SsoCheckReport } from "../run";

/**
 * The whole checklist against the login flows providers in the wild have, each played by the test OP
 * (lib/testing/test-op.ts, Misbehaviour.login): a two-page login, a consent page, a provider that remembers a
 * browser's first authorize request, a session cookie the browser refuses, a provider that checks the client only
 * once the user is signed in. Each report says what a partner can act on.
 */
const REDIRECT_URI = "http://brand.localhost:3000/oauth2/idpresponse";
const CLIENT = { clientId: "flows-rp", clientSecret: "flows-client-secret-01", redirectUris: [REDIRECT_URI] };
const USER = { sub: "u-7", email: "ada@partner.example", given_name: "Ada", family_name: "Quill" };
const PASSWORD = "correct horse battery";
let op: TestOp;

beforeAll(async () => {
  op = await startTestOp([CLIENT]);
});
afterAll(async () => {
  await op?.stop();
});

function check(misbehave: Misbehaviour, extra: Partial<SsoCheckInput> = {}): Promise<SsoCheckReport> {
  op.reset();
  op.user = USER;
  op.misbehave = misbehave;
  return runSsoCheck({
    issuer: op.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    redirectUri: REDIRECT_URI,
    user: { username: USER.email, password: PASSWORD },
    production: false,
    allowLoopback: true,
    ...extra,
  });
}

const result = (report: SsoCheckReport, id: CheckItemId) => report.results.find((r) => r.id === id)!;
const failing = (report: SsoCheckReport) => report.results.filter((r) => r.status === "fail").map((r) => r.id);
const skipped = (report: SsoCheckReport) => report.results.filter((r) => r.status === "skipped").map((r) => r.id);
/** The items a run without a second client, the opt-in expiry or a partner API leaves unchecked. */
const OPTIONAL = [
  "token.other_client",
  "token.expired_code",
  "partner_api.key",
  "partner_api.validate",
  "partner_api.get_user",
];

describe("the validator through a provider's login flow", () => {
  it("a two-page login, then a consent page: every item passes, each page reported", async () => {
    const report = await check({ login: { password: PASSWORD, twoPages: true, consent: "Allow" } });
    expect(failing(report)).toEqual([]);
    expect(skipped(report)).toEqual(OPTIONAL);
    expect(result(report, "authorize.code").seen).toBe(
      `steps: 1. ${op.issuer}/authorize: filled the user name, pressed "Next" → ` +
        `2. ${op.issuer}/login/user: filled the password, pressed "Sign in" → ` +
        `3. ${op.issuer}/authorize: pressed "Allow"`,
    );
    expect(result(report, "session_cookie").seen).toMatch(/^op_session: SameSite=None, Secure, HttpOnly/);
  });

  it("a consent button the driver cannot read is pressed when the partner names it for its step", async () => {
    const login = { password: PASSWORD, consent: "Share my profile with Brand" };
    const named = await check({ login }, { stepSelectors: [{ step: 2, submit: "button[value=yes]" }] });
    expect(failing(named)).toEqual([]);
    expect(result(named, "authorize.code").seen).toMatch(
      /→ 2\. http:\/\/127\.0\.0\.1:\d+\/authorize: pressed "Share my profile with Brand" \(step 2's selectors\)$/,
    );
  });

  it("a remembered request: the code of the request it answered is exchanged with that request's verifier and nonce", async () => {
    const report = await check({ login: { password: PASSWORD, rememberRequest: true } });
    // It shows its login page to prompt=none and remembers that request; after the login it answers it.
    expect(failing(report)).toEqual(["authorize.prompt_none", "authorize.code"]);
    expect(result(report, "authorize.code").reason).toMatch(
      /an earlier authorize request of this browser.*that of the run's authorize request #\d+, prompt=none/,
    );
    // Every later item got the code and state of its own request.
    for (const id of [
      "authorize.silent",
      "token.post",
      "token.basic",
      "token.reused_code",
      "id_token.nonce",
      "userinfo",
    ] as const)
      expect(result(report, id).status, id).toBe("pass");
    expect(skipped(report)).toEqual(OPTIONAL);
  });
});

describe("a session cookie the browser refuses", () => {
  it("SameSite=None without Secure: the items name the attribute, not 'the sign-in did not complete'", async () => {
    const report = await check({ login: { password: PASSWORD, cookie: "Path=/; HttpOnly; SameSite=None" } });
    const named = /op_session \(SameSite=None without Secure: browsers refuse such a cookie\)/;
    expect(result(report, "authorize.code")).toMatchObject({ status: "fail", reason: expect.stringMatching(named) });
    expect(result(report, "authorize.code").reason).toMatch(/the login form came back after the password was sent/);
    expect(result(report, "authorize.code").hint).toMatch(/^op_session: Add Secure/);
    expect(result(report, "session_cookie")).toMatchObject({ status: "fail", reason: expect.stringMatching(named) });
    expect(result(report, "session_cookie").seen).toBe("Set-Cookie: op_session=…; Path=/; HttpOnly; SameSite=None");
    expect(result(report, "authorize.silent")).toMatchObject({
      status: "skipped",
      reason: expect.stringMatching(named),
    });
    expect(result(report, "token.post").reason).toMatch(named);
    expect(JSON.stringify(report)).not.toContain("did not complete");
    // The password was sent once, not again on the login form that came back.
    expect(result(report, "authorize.code").seen).toMatch(
      /^steps: 1\. \S+\/authorize: filled the user name, filled the password, pressed "Sign in" → 2\. \S+\/authorize: the login form came back after the password was sent/,
    );
  });

  it("a Domain that does not match the provider's host: the report names it", async () => {
    const report = await check({
      login: { password: PASSWORD, cookie: "Path=/; Domain=partner.example; SameSite=None; Secure" },
    });
    expect(result(report, "session_cookie")).toMatchObject({
      status: "fail",
      reason: expect.stringContaining(
        "op_session (Domain=partner.example, which does not match the host 127.0.0.1 that set it: browsers refuse it)",
      ),
    });
    expect(result(report, "authorize.code").reason).toMatch(/Domain=partner\.example/);
  });
});

describe("a provider that checks the client only once the user is signed in", () => {
  it("shows its login page without a session; each refusal is checked with one, and both are reported", async () => {
    const report = await check({ login: { password: PASSWORD, clientCheckedAfterLogin: true } });
    expect(failing(report)).toEqual([]);
    for (const id of [
      "authorize.unregistered_redirect",
      "authorize.unknown_client",
      "authorize.response_type",
    ] as const)
      expect(result(report, id), id).toMatchObject({
        status: "pass",
        reason: "without a session: answered 200, a login form; with a session: refused with 400, no redirect",
      });
  });

  it("fails the unregistered redirect_uri when, signed in, it redirects a code there", async () => {
    const report = await check({
      login: { password: PASSWORD, clientCheckedAfterLogin: true, anyRedirectAfterLogin: true },
    });
    expect(failing(report)).toEqual(["authorize.unregistered_redirect"]);
    expect(result(report, "authorize.unregistered_redirect")).toMatchObject({
      reason:
        "an unregistered redirect_uri: without a session: answered 200, a login form; with a session: redirected to the unregistered redirect_uri with a code",
      hint: expect.stringMatching(/open redirector/),
    });
    // The code went nowhere: the unregistered host is caught, never reached, and not reported as the provider's.
    expect(report.refused).toEqual([]);
  });
});
