import type { CheckItemId } from "./items";

/**
 * How strict each refusal's status must be: the one definition the items read, and the table of
 * docs/partner-onboarding.md ("How strict a refusal's status must be"; a unit test keeps the two equal).
 *
 * Spec §7 names a status for each refusal (the reference behaviour of a partner-built server). Providers in the wild
 * answer some refusals with another one, and what matters differs by who reads the answer:
 * - the authorize endpoint's refusals are pages a person reads in a browser; no software reads their status. What
 *   protects visitors is that no code goes to an address the client did not register: any 4xx without a redirect
 *   passes, with a note naming §7's status;
 * - the token endpoint's are read by the relying party's software, so the status §7 names is required, except where
 *   the OAuth standard the relying party follows (RFC 6749 5.2) allows another for the same refusal: a wrong secret
 *   sent in the body may be 400 invalid_client (401 is required only for credentials in the Authorization header).
 */
export interface StatusRule {
  /** The status spec §7 names. */
  spec: number;
  /** What else passes (with a note), in the table's words. */
  alsoPasses: string;
  /** Why, in the table's words. */
  why: string;
  /** Whether an answer other than `spec` passes. */
  accepts(status: number, error: string | undefined): boolean;
}

const anyClientError = (status: number) => status >= 400 && status < 500;
const BROWSER_PAGE =
  "a page a person reads in a browser: no software reads its status; what matters is that no code is redirected";
const TOKEN_EXACT = "the relying party's software reads it; RFC 6749 5.2 names the same status";

const pageRule = (alsoPasses = "any other 4xx, without a redirect"): StatusRule => ({
  spec: 400,
  alsoPasses,
  why: BROWSER_PAGE,
  accepts: anyClientError,
});
const exact = (spec: number): StatusRule => ({
  spec,
  alsoPasses: "nothing else",
  why: TOKEN_EXACT,
  accepts: () => false,
});

export const STATUS_RULES = {
  "authorize.unregistered_redirect": pageRule(),
  "authorize.unknown_client": pageRule(),
  "authorize.response_type": pageRule(
    "any other 4xx without a redirect, or a redirect with an error and no code or token (RFC 6749 4.1.2.1)",
  ),
  "token.grant_type": exact(400),
  "token.wrong_secret": {
    spec: 401,
    alsoPasses: "400 with error=invalid_client",
    why: "RFC 6749 5.2 requires 401 only when the client authenticated in the Authorization header; the validator's wrong secret goes in the body (client_secret_post)",
    accepts: (status, error) => status === 400 && error === "invalid_client",
  },
  "token.reused_code": exact(400),
  "token.other_redirect": exact(400),
  "token.other_client": exact(400),
  "token.expired_code": exact(400),
} as const satisfies Partial<Record<CheckItemId, StatusRule>>;

export type RefusalItem = keyof typeof STATUS_RULES;

/**
 * A refusal's status judged by its item's rule: pass (§7's status), pass with a note (another the rule accepts), or
 * fail; `text` says which, in the report's words.
 */
export function judgeStatus(id: RefusalItem, status: number, error?: string): { pass: boolean; text: string } {
  const rule: StatusRule = STATUS_RULES[id];
  if (status === rule.spec) return { pass: true, text: `refused with ${status}` };
  const seen = `${status}${error ? ` error=${error}` : ""}`;
  if (rule.accepts(status, error)) return { pass: true, text: `refused with ${seen} (§7 says ${rule.spec})` };
  return { pass: false, text: `${seen}, spec §7 says ${rule.spec}` };
}
