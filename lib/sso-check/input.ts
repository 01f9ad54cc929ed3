/** CSS selectors of a login form's parts. */
export interface LoginSelectors {
  username?: string;
  password?: string;
  submit?: string;
}

/** The selectors of one step of the login driver. */
export interface StepSelectors extends LoginSelectors {
  step: number;
}

/** What the validator is asked to check (the command's flags, the operators' form). */
export interface SsoCheckInput {
  /** The issuer URL as the partner gives it (spec §4.6 step 1). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * A redirect URI registered for this client (the brand's {rp_domain}/oauth2/idpresponse). The browser never loads
   * it: the validator catches the IdP's redirect to it and reads the code.
   */
  redirectUri: string;
  /** A test user at the partner: the browser items (authorize with a session, token, id_token, cookie) need one. */
  user?: { username: string; password: string };
  /** CSS selectors for an unusual login form (found automatically otherwise; lib/sso-check/selectors.ts checks them). */
  selectors?: LoginSelectors;
  /**
   * Selectors for one step of the login driver (step 1 is the first page it acts on), replacing `selectors` there:
   * each one named must show on that step's page, and a named button is pressed whatever it reads (a consent page
   * whose button the driver would not recognise).
   */
  stepSelectors?: StepSelectors[];
  /**
   * Origins besides the issuer's where the login driver may type the test user's password (a login page the partner
   * serves elsewhere): never elsewhere. The browser may reach them under the development switch too.
   */
  loginOrigins?: string[];
  /** A second client's credentials, for "a code issued to another client is refused". */
  otherClient?: { clientId: string; clientSecret: string };
  /** Opt-in: wait this long (the code's lifetime and a margin) and check that an expired code is refused. */
  codeExpirySeconds?: number;
  /** Scenario B (spec §4.5): the partner API's base URL and shared key; its test user is `user`. */
  partnerApi?: { url: string; key: string };
  /**
   * Whether the discovery.https item demands https of every URL. Off only with the development switch (for a provider
   * on this machine, where plain http is allowed); the outbound rules themselves come from `allowLoopback`.
   */
  production: boolean;
  /** The development switch (SSO_DEV_ALLOW_LOOPBACK): a provider on this machine may be checked. */
  allowLoopback: boolean;
  /**
   * A local provider's certificate to trust (the demo's, the tests'): its CA for the validator's requests, the SPKI
   * hash of the server certificate for Chromium.
   */
  trust?: { caPem?: string; spkiSha256?: string };
  /** Chromium's path (default CHROMIUM_PATH, else /usr/bin/chromium). */
  chromiumPath?: string;
}
