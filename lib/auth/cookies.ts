/** The sign-on's own cookies (besides Auth.js's session and check cookies): host-only, HttpOnly, SameSite=Lax. */
export const SSO_COOKIES = {
  /**
   * When a silent login was last tried (epoch seconds), for the browser session: no other attempt until it ends or
   * until a session that attempt could have given has expired (then the partner's session may renew it).
   */
  attempt: "sso_attempt",
  /** The visitor signed out of this brand: no silent login until they sign in again by hand. */
  signedOut: "sso_signed_out",
  /** How the pending sign-in started ("silent" or "interactive"), read back at the callback. */
  flow: "sso_flow",
  /**
   * A one-time message for the next page ("failed": an interactive sign-in did not complete; "unavailable": the IdP
   * did not answer; "signedOut": the visitor just signed out).
   */
  notice: "sso_notice",
} as const;

/**
 * A query parameter that stops a silent login: set only on the landing page of a browser that returned from its IdP
 * without any of our cookies (it keeps none), which would otherwise be sent to the IdP on every page.
 */
export const NO_SILENT_PARAM = "sso_skip";

/** Deletes a cookie (both Max-Age and Expires: some cookie APIs drop a Max-Age of 0). */
export const expired = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: 0, expires: new Date(0) }) as const;

export type SsoNotice = "failed" | "unavailable" | "signedOut";

const YEAR = 365 * 24 * 3600;

export interface CookieOptions {
  httpOnly: boolean;
  sameSite: "lax";
  path: string;
  secure: boolean;
  maxAge?: number;
}

/** Options of each of our cookies; `attempt` lives as long as the browser session (no Max-Age). */
export function ssoCookieOptions(name: keyof typeof SSO_COOKIES, secure: boolean): CookieOptions {
  const base = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
  switch (name) {
    case "attempt":
      return base;
    case "signedOut":
      return { ...base, maxAge: YEAR };
    case "flow":
      return { ...base, maxAge: 15 * 60 };
    case "notice":
      return { ...base, maxAge: 60 };
  }
}

/**
 * The names of Auth.js's cookies: "__Host-" prefixed over https (Secure, Path=/, no Domain: a sibling subdomain
 * cannot plant or overwrite them), set through Auth.js's `cookies` option.
 */
export function authJsCookieNames(secure: boolean) {
  const p = secure ? "__Host-" : "";
  return {
    session: `${p}authjs.session-token`,
    callbackUrl: `${p}authjs.callback-url`,
    state: `${p}authjs.state`,
    pkce: `${p}authjs.pkce.code_verifier`,
    nonce: `${p}authjs.nonce`,
  };
}
