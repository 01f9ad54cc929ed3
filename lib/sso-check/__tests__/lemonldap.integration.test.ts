import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEMONLDAP_USER, startLemonLdap, type LemonLdap } from "@/lib/testing";
import type { CheckItemId, CheckResult } from "../items";
import { runSsoCheck, type SsoCheckReport } from "../run";

/**
 * The validator against a provider nobody here wrote: Debian's LemonLDAP::NG 2.16 with its defaults, one client
 * (docs/partner-onboarding.md, "LemonLDAP::NG 2.16"). Its report equals, item by item, the verdicts established by
 * hand against the same installation (with curl and a browser), and each says why.
 */
const REDIRECT_URI = "http://brand-a.localhost:3000/oauth2/idpresponse";
const CLIENT = { clientId: "llng-brand", clientSecret: "llng-client-secret-0001", redirectUris: [REDIRECT_URI] };

const WITH_AND_WITHOUT_SESSION =
  /without a session: answered 200, a login form; with a session: stayed on \/oauth2\/authorize \(status 200\), no redirect: not an error status \(§7 says 400\)/;

/** The verdicts by hand, with what the reason (or what was seen) says. */
const VERDICTS: [CheckItemId, CheckResult["status"], RegExp][] = [
  ["discovery.json", "pass", /answered 200 with a JSON object/],
  // It lists sub, iss, auth_time and acr only, though the id_token carries the others.
  ["discovery.fields", "fail", /claims_supported lacks email; claims_supported lacks given_name; .*family_name/],
  ["discovery.issuer", "pass", /issuer is/],
  ["discovery.https", "pass", /plain http allowed in development/],
  // Its key has kty, kid, use, n and e, and no alg.
  ["jwks.rs256", "fail", /no RSA key with alg RS256/],
  // Without a session it shows its login page to prompt=none (200), no login_required.
  ["authorize.prompt_none", "fail", /prompt=none without a session stayed on .*\(status 200\), a login form/],
  // After the login it answers the first authorize request the browser left on its login page (kept in its
  // lemonldappdata cookie), here the prompt=none one, not the request the login page was shown for.
  ["authorize.code", "fail", /an earlier authorize request of this browser.*sent state \S+, came back with state \S+/],
  ["authorize.silent", "pass", /redirected at once with a code/],
  // Without a session its login page (200) for all three; with one, an error page, still 200 and no redirect: each
  // is checked both ways, and the report says both.
  ["authorize.unregistered_redirect", "fail", WITH_AND_WITHOUT_SESSION],
  ["authorize.unknown_client", "fail", WITH_AND_WITHOUT_SESSION],
  ["authorize.response_type", "fail", WITH_AND_WITHOUT_SESSION],
  ["token.post", "pass", /200: access_token, id_token, token_type Bearer, expires_in 3600/],
  ["token.basic", "pass", /client_secret_basic: 200/],
  ["token.grant_type", "pass", /refused with 400/],
  // 400 invalid_client for a wrong secret in the body (401 for one in Basic): what RFC 6749 5.2 allows, so it passes
  // with a note (lib/sso-check/statuses.ts).
  ["token.wrong_secret", "pass", /refused with 400 error=invalid_client \(§7 says 401\)/],
  ["token.reused_code", "pass", /refused with 400/],
  ["token.other_redirect", "pass", /refused with 400/],
  ["token.other_client", "skipped", /no second client given/],
  ["token.expired_code", "skipped", /opt-in/],
  ["id_token.signature", "pass", /RS256, kid \w+: the signature verifies/],
  ["id_token.iss", "pass", /iss is/],
  // aud is an array with azp.
  ["id_token.claims", "pass", /aud \["llng-brand"\], exp, iat, sub/],
  ["id_token.nonce", "pass", /nonce echoes/],
  ["id_token.profile", "pass", /email, given_name and family_name are in the id_token/],
  ["userinfo", "pass", /200 for the access token/],
  // Its defaults: SameSite=Lax (no SAML issuer), Secure off.
  ["session_cookie", "fail", /lemonldap not SameSite=None/],
  ["partner_api.key", "skipped", /scenario B only/],
  ["partner_api.validate", "skipped", /scenario B only/],
  ["partner_api.get_user", "skipped", /scenario B only/],
];

let llng: LemonLdap;
let report: SsoCheckReport;

beforeAll(async () => {
  llng = await startLemonLdap(CLIENT);
  report = await runSsoCheck({
    issuer: llng.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    redirectUri: REDIRECT_URI,
    user: { ...LEMONLDAP_USER },
    production: false,
    allowLoopback: true,
  });
}, 120_000);
afterAll(async () => {
  await llng?.stop();
});

describe("the validator against LemonLDAP::NG 2.16", () => {
  it("reports, item by item, the verdicts established by hand", () => {
    expect(report.results.map((r) => [r.id, r.status])).toEqual(VERDICTS.map(([id, status]) => [id, status]));
    for (const [id, , says] of VERDICTS) {
      const result = report.results.find((r) => r.id === id)!;
      expect(`${result.reason} ${result.seen ?? ""}`, id).toMatch(says);
    }
    expect(report).toMatchObject({ passed: 16, failed: 8, skipped: 5, ok: false });
  });

  it("checks every item that needs a session with the one the browser got, whatever authorize.code concluded", () => {
    const needSession = report.results.filter((r) => /^(token|id_token)\.|^userinfo$|^session_cookie$/.test(r.id));
    expect(needSession.filter((r) => r.status === "skipped").map((r) => r.id)).toEqual([
      "token.other_client",
      "token.expired_code",
    ]);
  });

  it("names the login steps it took, and the request whose state came back", () => {
    const code = report.results.find((r) => r.id === "authorize.code")!;
    expect(code.seen).toMatch(
      /^steps: 1\. http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize: filled the user name, filled the password, pressed "/,
    );
    expect(code.reason).toMatch(/that of the run's authorize request #\d+, prompt=none/);
    expect(code.hint).toMatch(/answered an earlier request of the same browser/);
  });

  it("shows no secret, password, token or code whole", () => {
    const shown = JSON.stringify(report);
    expect(shown).not.toContain(CLIENT.clientSecret);
    expect(shown).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(shown).not.toMatch(/[?&#]code=[\w-]{12,}/);
  });
});
