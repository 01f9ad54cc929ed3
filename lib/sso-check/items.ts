/**
 * The sign-on validator's checklist (spec §4.7, with §2.4, §4.4, §4.5, §5 and §7): every item a partner's provider is
 * checked against, in the order they run. One result each: pass, fail, or skipped ("could not check", with the
 * reason). Any failure fails the run; a run is complete when every item that is not optional was checked (optional:
 * another client's code, an expired code, UserInfo when the provider offers none, the scenario-B partner API).
 */
export const CHECK_ITEMS = [
  {
    id: "discovery.json",
    group: "Discovery",
    title: "Discovery is valid JSON, without authentication",
    rule: "§4.7.1, §4.4",
  },
  {
    id: "discovery.fields",
    group: "Discovery",
    title: "Every field of §2.4 with its required values",
    rule: "§4.7.1, §2.4",
  },
  { id: "discovery.issuer", group: "Discovery", title: "issuer is the issuer URL exactly", rule: "§2.4" },
  { id: "discovery.https", group: "Discovery", title: "HTTPS (required in production)", rule: "§5" },
  {
    id: "jwks.rs256",
    group: "Key set",
    title: "An RSA key with alg RS256, use sig, a kid, modulus and exponent",
    rule: "§4.7.2, §2.4",
  },
  {
    id: "authorize.prompt_none",
    group: "Authorize",
    title: "prompt=none without a session redirects back with an error",
    rule: "§4.4 rule 1, OIDC Core 3.1.2.6",
  },
  {
    id: "authorize.code",
    group: "Authorize",
    title: "response_type=code, scope openid email profile: code and state by redirect",
    rule: "§4.7.3, §4.7.4",
  },
  {
    id: "authorize.silent",
    group: "Authorize",
    title: "With a session: redirects silently (prompt=none, no login page)",
    rule: "§4.7.5, §4.4 rule 1",
  },
  {
    id: "authorize.unregistered_redirect",
    group: "Authorize",
    title: "An unregistered redirect_uri is refused without a redirect",
    rule: "§4.4 rule 3, §7",
  },
  { id: "authorize.unknown_client", group: "Authorize", title: "An unknown client_id is refused (400)", rule: "§7" },
  {
    id: "authorize.response_type",
    group: "Authorize",
    title: "A response_type other than code is refused (400)",
    rule: "§7",
  },
  {
    id: "token.post",
    group: "Token",
    title: "authorization_code with client_secret_post: Bearer token, expires_in",
    rule: "§4.7.6, §4.4, §2.4",
  },
  {
    id: "token.basic",
    group: "Token",
    title: "authorization_code with client_secret_basic",
    rule: "§4.4, §5 SSO rule 1",
  },
  {
    id: "token.grant_type",
    group: "Token",
    title: "A grant_type other than authorization_code is refused (400)",
    rule: "§7",
  },
  { id: "token.wrong_secret", group: "Token", title: "A wrong client secret is refused (401)", rule: "§7" },
  { id: "token.reused_code", group: "Token", title: "A code used once is refused (400)", rule: "§4.4 rule 4, §7" },
  {
    id: "token.other_redirect",
    group: "Token",
    title: "A code with another redirect_uri is refused (400)",
    rule: "§4.4 rule 4, §7",
  },
  {
    id: "token.other_client",
    optional: true,
    group: "Token",
    title: "A code issued to another client is refused (400)",
    rule: "§4.4 rule 4, §7",
  },
  {
    id: "token.expired_code",
    optional: true,
    group: "Token",
    title: "An expired code is refused (400) (opt-in, slow)",
    rule: "§4.4 rule 4, §8",
  },
  {
    id: "id_token.signature",
    group: "id_token",
    title: "Signed with RS256; the signature verifies against the key set",
    rule: "§4.7.7, §4.7.8, §5 SSO rule 2",
  },
  { id: "id_token.iss", group: "id_token", title: "iss is the issuer exactly", rule: "§4.7.8, §2.4" },
  { id: "id_token.claims", group: "id_token", title: "aud (and azp), exp, iat and sub", rule: "§4.7.7, §2.4" },
  { id: "id_token.nonce", group: "id_token", title: "nonce echoes the authorize request's", rule: "§2.4" },
  {
    id: "id_token.profile",
    group: "id_token",
    title: "email, given_name and family_name present",
    rule: "§4.7.7, §2.4",
  },
  {
    id: "userinfo",
    optional: true,
    group: "UserInfo",
    title: "When offered: answers for the access token with the same sub",
    rule: "§4.4, §2.4",
  },
  {
    id: "session_cookie",
    group: "Session cookie",
    title: "The session cookie is SameSite=None and Secure (read in a browser)",
    rule: "§4.7.9, §5 SSO rule 3",
  },
  {
    id: "partner_api.key",
    optional: true,
    group: "Partner API",
    title: "Both endpoints refuse a request without the shared key",
    rule: "§4.5, §5 SSO rule 4",
  },
  {
    id: "partner_api.validate",
    optional: true,
    group: "Partner API",
    title: "/auth/validate: 200 with the profile, 401 with an error body",
    rule: "§4.5, §2.4",
  },
  {
    id: "partner_api.get_user",
    optional: true,
    group: "Partner API",
    title: "/auth/get-user: 200 with the profile, 404 with an error body",
    rule: "§4.5, §2.4",
  },
] as const satisfies readonly { id: string; group: string; title: string; rule: string; optional?: boolean }[];

export type CheckItemId = (typeof CHECK_ITEMS)[number]["id"];
export type CheckStatus = "pass" | "fail" | "skipped";

/** How a result reads in reports (the command's table, the operators' pages). */
export const RESULT_LABEL = { pass: "pass", fail: "FAIL", skipped: "could not check" } as const;

export interface CheckResult {
  id: CheckItemId;
  status: CheckStatus;
  /** Why it passed, failed or could not be checked, in a sentence. */
  reason: string;
  /** What was seen (statuses, headers, claims; secrets and tokens masked). */
  seen?: string;
  /** For a failure: what the partner can do about it. */
  hint?: string;
  ms: number;
}

export type CheckItem = (typeof CHECK_ITEMS)[number];

export function itemOf(id: CheckItemId): CheckItem {
  return CHECK_ITEMS.find((i) => i.id === id)!;
}

export const isOptional = (item: CheckItem) => "optional" in item && item.optional;

/** An item as reports list it (the operators' pages). */
export interface ShownItem {
  id: string;
  group: string;
  title: string;
  rule: string;
  optional: boolean;
}

/** The checklist in order, as reports list it. */
export function shownItems(): ShownItem[] {
  return CHECK_ITEMS.map((i) => ({ id: i.id, group: i.group, title: i.title, rule: i.rule, optional: isOptional(i) }));
}
