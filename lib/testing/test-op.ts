import http from "node:http";
import { createHash, randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import { freePort } from "./ports";

/**
 * A test OpenID provider crafted with jose, not oidc-provider: it does what a correct provider does unless a test
 * tells it to misbehave (a wrong signature, algorithm, issuer, audience, nonce, a missing claim, an error answer…), so
 * the relying party's refusals can be shown one by one. Plain http on 127.0.0.1 (brands reach it under the
 * development switch SSO_DEV_ALLOW_LOOPBACK). It records what it was sent.
 */
export interface TestOpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface Misbehaviour {
  /** The id_token's alg: HS256 is signed with the client secret, ES256 with an EC key, "none" unsigned. */
  alg?: "RS256" | "HS256" | "ES256" | "none";
  /** Sign with a key that is not in the key set (bad signature). */
  foreignKey?: boolean;
  /** The kid in the token header: null leaves it out. */
  kid?: string | null;
  /** Changes to the id_token's claims (undefined values remove a claim). */
  claims?: (claims: JWTPayload) => JWTPayload;
  /** The discovery document names this issuer instead of its own. */
  discoveryIssuer?: string;
  /** The discovery document puts the authorize endpoint on this origin (some providers serve it on another host). */
  authorizeOrigin?: string;
  /** The authorize endpoint answers every request with this OAuth error (login_required…). */
  authorizeError?: string;
  /** The authorize endpoint answers with a 401 page instead of redirecting (spec §7's reference, for prompt=none). */
  authorize401?: boolean;
  /** Leave email, given_name, family_name out of the id_token (UserInfo has them). */
  thinIdToken?: boolean;
  /** UserInfo answers for this sub instead of the user's. */
  userinfoSub?: string;
  /** The discovery document has no userinfo_endpoint. */
  noUserinfo?: boolean;
  /** The token endpoint takes client credentials by HTTP Basic only (a body's are refused, 401 invalid_client). */
  basicOnly?: boolean;
  /** Codes are bound to another redirect URI than the authorize request's (the token request must then fail). */
  codeForOtherRedirectUri?: boolean;
  /**
   * A login in the browser and a session cookie, instead of `user` standing for a session every request has: the
   * authorize endpoint shows a login page to a browser without the cookie, and `user` is the one who may sign in.
   */
  login?: TestOpLogin;
  /** The status of the authorize endpoint's refusals (unknown client, redirect URI, response type): 400 otherwise. */
  authorizeRefusalStatus?: number;
  /** The token endpoint's status for invalid client credentials: 401 otherwise. */
  invalidClientStatus?: number;
  /** prompt=none requests (only those) are answered with this error code, any string, session or not. */
  promptNoneError?: string;
  /** Error answers leave the state out (some providers do, for invalid_request). */
  errorWithoutState?: boolean;
  /** The token response's token_type as sent ("bearer", "BEARER"…); null leaves it out. */
  tokenType?: string | null;
  /**
   * Interactive requests (not prompt=none) go through the provider's own pages: without a session a login form
   * (this user, this password), then a consent page whose "Continue" form posts back; each POST answers 303.
   */
  interactivePages?: { user: TestOpUser; password: string };
}

/** How the test OP's login in the browser goes (Misbehaviour.login). */
export interface TestOpLogin {
  /** The test user's password (the user name is `user`'s email). */
  password: string;
  /** The user name on a page, then the password on the next. */
  twoPages?: boolean;
  /** A consent page after the login: a "Cancel" button, then one reading this. */
  consent?: string;
  /**
   * Remember the first authorize request of a browser (in a cookie) and answer it after the login, whichever request
   * the login page was shown for; prompt=none without a session shows the login page too (LemonLDAP::NG's ways).
   */
  rememberRequest?: boolean;
  /** The session cookie's attributes: "Path=/; HttpOnly; SameSite=None; Secure" otherwise. */
  cookie?: string;
  /** Show the login page before checking client_id, redirect_uri and response_type; check them once signed in. */
  clientCheckedAfterLogin?: boolean;
  /** Once signed in, redirect a code to any redirect_uri, registered or not (an open redirector). */
  anyRedirectAfterLogin?: boolean;
}

/** A step of Misbehaviour.interactivePages: the login form or the consent page, each a form posting back here. */
function interactionPage(action: string, step: "login" | "consent", clientId: string): string {
  const fields =
    step === "login"
      ? '<label>E-mail <input name="email" type="email"></label><label>Password <input name="password" type="password"></label><button type="submit">Sign in</button>'
      : `<p>${clientId} asks for your e-mail address and name.</p><button type="submit">Continue</button>`;
  return `<!doctype html><title>Test OP</title><h1>${step === "login" ? "Sign in" : "Allow access"}</h1><form method="post" action="${action}"><input type="hidden" name="step" value="${step}">${fields}</form>`;
}

/** How the provider is set up (fixed for its life: brands read their issuer at start). */
export interface TestOpOptions {
  /** An issuer with a path ("/api/oidc"): every endpoint, discovery included, only under it. */
  issuerPath?: string;
  /** A login page and a session per browser (see TestOpLoginPage). */
  loginPage?: TestOpLoginPage;
}

export interface TestOpUser {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

export interface AuthorizeRecord {
  params: Record<string, string>;
}
export interface TokenRecord {
  authMethod: "client_secret_basic" | "client_secret_post" | "none";
  params: Record<string, string>;
  status: number;
}

/**
 * A login page and a session per browser, for tests where a person signs in: without it, `user` stands for every
 * visitor's session. With it, `user` is the one account that can sign in (its e-mail and `password`), the session is
 * a cookie of its own (SameSite as given: Lax, browsers' default, unless said), and prompt=none without that cookie
 * answers login_required.
 */
export interface TestOpLoginPage {
  password: string;
  /** A second page asking for this one-time code after the password (a second factor no robot is given). */
  oneTimeCode?: string;
  sameSite?: "Lax" | "Strict" | "None";
}

export interface TestOp {
  issuer: string;
  port: number;
  /** The visitor has a session at the OP (else prompt=none answers login_required). */
  user: TestOpUser | undefined;
  misbehave: Misbehaviour;
  authorizeRequests: AuthorizeRecord[];
  tokenRequests: TokenRecord[];
  userinfoRequests: number;
  jwksRequests: number;
  /** Every code and access token it issued (a test checks none reaches a log). */
  issued: string[];
  /** How many times the login page (its first page) was shown (with a login page only). */
  loginPagesShown: number;
  /** Rotate: a new signing key first, the old one still published. */
  rotate(): Promise<string>;
  /** A new signing key under the same kid (bad practice, seen in the wild): a cached key set then fails. */
  replaceKeyKeepingKid(): Promise<void>;
  currentKid(): string;
  reset(): void;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
}

interface Code {
  clientId: string;
  redirectUri: string;
  nonce?: string;
  challenge?: string;
  user: TestOpUser;
  used: boolean;
}

async function rsaKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: "sig", alg: "RS256" } as JWK };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (body += d));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const SESSION_COOKIE = "test_op_session";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A page of the login (HTML: a heading, a form posting `fields` back with the labelled inputs asked for). */
function loginHtml(title: string, action: string, hidden: Record<string, string>, inputs: string, error?: string) {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${
    error ? `<p role="alert">${error}</p>` : ""
  }<form method="post" action="${action}">${fields}${inputs}<button type="submit">Continue</button></form></body></html>`;
}

export async function startTestOp(clients: TestOpClient[], opts: TestOpOptions = {}): Promise<TestOp> {
  const port = await freePort();
  const sockets = new Set<import("node:net").Socket>();
  const base = opts.issuerPath ?? "";
  const issuer = `http://127.0.0.1:${port}${base}`;
  let keys = [await rsaKey("k1")];
  const foreign = await rsaKey("k1");
  const ec = await generateKeyPair("ES256", { extractable: true });
  const codes = new Map<string, Code>();
  const tokens = new Map<string, TestOpUser>();
  /** With a login page: the browsers' sessions, and the sign-ins waiting for their one-time code. */
  const sessions = new Map<string, TestOpUser>();
  const awaitingCode = new Map<string, { user: TestOpUser; back: string }>();

  const op: TestOp = {
    issuer,
    port,
    user: undefined,
    misbehave: {},
    authorizeRequests: [],
    tokenRequests: [],
    userinfoRequests: 0,
    jwksRequests: 0,
    issued: [],
    loginPagesShown: 0,
    async rotate() {
      const next = await rsaKey(`k${keys.length + 1}-${randomBytes(3).toString("hex")}`);
      keys = [next, ...keys];
      return next.kid;
    },
    async replaceKeyKeepingKid() {
      keys = [await rsaKey(keys[0]!.kid), ...keys.slice(1)];
    },
    currentKid: () => keys[0]!.kid,
    reset() {
      op.misbehave = {};
      op.user = undefined;
      op.authorizeRequests.length = 0;
      op.tokenRequests.length = 0;
      op.userinfoRequests = 0;
      op.jwksRequests = 0;
      op.loginPagesShown = 0;
      sessions.clear();
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  async function idToken(code: Code): Promise<string> {
    const m = op.misbehave;
    const now = Math.floor(Date.now() / 1000);
    let claims: JWTPayload = {
      iss: issuer,
      sub: code.user.sub,
      aud: code.clientId,
      exp: now + 300,
      iat: now,
      nonce: code.nonce,
      ...(!m.thinIdToken && {
        email: code.user.email,
        given_name: code.user.given_name,
        family_name: code.user.family_name,
      }),
    };
    if (m.claims) claims = m.claims(claims);
    for (const k of Object.keys(claims)) if (claims[k] === undefined) delete claims[k];
    const alg = m.alg ?? "RS256";
    if (alg === "none") {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
      return `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    }
    const kid = m.kid === null ? undefined : (m.kid ?? keys[0]!.kid);
    const jwt = new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT", ...(kid && { kid }) });
    if (alg === "HS256") {
      const secret = clients.find((c) => c.clientId === code.clientId)!.clientSecret;
      return jwt.sign(new TextEncoder().encode(secret));
    }
    if (alg === "ES256") return jwt.sign(ec.privateKey);
    return jwt.sign(m.foreignKey ? foreign.privateKey : keys[0]!.privateKey);
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    let authMethod: TokenRecord["authMethod"] = "none";
    let clientId = params.client_id;
    let secret = params.client_secret;
    const basic = req.headers.authorization?.match(/^Basic (.+)$/i);
    if (basic) {
      const [id, pw] = Buffer.from(basic[1]!, "base64").toString().split(":");
      clientId = decodeURIComponent(id ?? "");
      secret = decodeURIComponent(pw ?? "");
      authMethod = "client_secret_basic";
    } else if (secret) authMethod = "client_secret_post";
    const record: TokenRecord = { authMethod, params, status: 0 };
    op.tokenRequests.push(record);
    const fail = (status: number, error: string) => {
      record.status = status;
      json(res, status, { error });
    };
    const client = clients.find((c) => c.clientId === clientId);
    if (!client || client.clientSecret !== secret)
      return fail(op.misbehave.invalidClientStatus ?? 401, "invalid_client");
    if (op.misbehave.basicOnly && authMethod !== "client_secret_basic") return fail(401, "invalid_client");
    if (params.grant_type !== "authorization_code") return fail(400, "unsupported_grant_type");
    const code = codes.get(params.code ?? "");
    if (!code || code.used) return fail(400, "invalid_grant");
    code.used = true;
    if (code.clientId !== clientId || code.redirectUri !== params.redirect_uri) return fail(400, "invalid_grant");
    if (code.challenge) {
      const expected = createHash("sha256")
        .update(params.code_verifier ?? "")
        .digest("base64url");
      if (expected !== code.challenge) return fail(400, "invalid_grant");
    }
    const accessToken = randomBytes(16).toString("base64url");
    tokens.set(accessToken, code.user);
    op.issued.push(accessToken);
    record.status = 200;
    json(
      res,
      200,
      {
        access_token: accessToken,
        ...(op.misbehave.tokenType !== null && { token_type: op.misbehave.tokenType ?? "Bearer" }),
        expires_in: 3600,
        id_token: await idToken(code),
      },
      { "cache-control": "no-store" },
    );
  }

  /** The visitor's session: with a login page, the one its cookie names; else `user`, everyone's. */
  function sessionUser(req: http.IncomingMessage): TestOpUser | undefined {
    if (!opts.loginPage) return op.user;
    const sid = /(?:^|;\s*)test_op_session=([\w-]+)/.exec(req.headers.cookie ?? "")?.[1];
    return sid ? sessions.get(sid) : undefined;
  }

  function html(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
    res.end(body);
  }

  const passwordPage = (back: string, error?: string) =>
    loginHtml(
      "Sign in",
      "/login",
      { back },
      '<label>E-mail <input name="email" type="email" autocomplete="username"></label>' +
        '<label>Password <input name="password" type="password" autocomplete="current-password"></label>',
      error,
    );

  /** POST /login and /login/code: the password, then the one-time code when asked; then back to authorize. */
  async function login(req: http.IncomingMessage, res: http.ServerResponse, step: "password" | "code") {
    const page = opts.loginPage!;
    const form = new URLSearchParams(await readBody(req));
    let user: TestOpUser | undefined;
    let back = form.get("back") ?? "";
    if (step === "password") {
      if (!op.user || form.get("email") !== op.user.email || form.get("password") !== page.password)
        return html(res, 401, passwordPage(back, "Wrong e-mail or password"));
      user = op.user;
      if (page.oneTimeCode) {
        const pending = randomBytes(16).toString("base64url");
        awaitingCode.set(pending, { user, back });
        const input =
          '<label>One-time code <input name="code" inputmode="numeric" autocomplete="one-time-code"></label>';
        return html(res, 200, loginHtml("Second factor", "/login/code", { pending }, input));
      }
    } else {
      const pending = awaitingCode.get(form.get("pending") ?? "");
      if (!pending || form.get("code") !== page.oneTimeCode) {
        res.writeHead(401, { "content-type": "text/plain" });
        return res.end("wrong one-time code");
      }
      awaitingCode.delete(form.get("pending")!);
      ({ user, back } = pending);
    }
    const sid = randomBytes(16).toString("base64url");
    sessions.set(sid, user);
    // Only an authorize request of this OP's own is where a login goes back to.
    const target = back.startsWith("/authorize?") ? back : "/";
    res.writeHead(303, {
      location: target,
      "set-cookie": `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=${page.sameSite ?? "Lax"}`,
    });
    res.end();
  }

  function authorize(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
    const params = Object.fromEntries(url.searchParams);
    op.authorizeRequests.push({ params });
    const client = clients.find((c) => c.clientId === params.client_id);
    if (!client || !client.redirectUris.includes(params.redirect_uri ?? "")) {
      res.writeHead(op.misbehave.authorizeRefusalStatus ?? 400, { "content-type": "text/plain" });
      return res.end("unknown client or redirect_uri not registered");
    }
    if (params.response_type !== "code") {
      res.writeHead(op.misbehave.authorizeRefusalStatus ?? 400, { "content-type": "text/plain" });
      return res.end("response_type must be code");
    }
    const back = new URL(params.redirect_uri!);
    if (params.state) back.searchParams.set("state", params.state);
    const m = op.misbehave;
    const user = sessionUser(req);
    if (m.authorize401 && !user) {
      res.writeHead(401, { "content-type": "text/html" });
      return res.end("<h1>401 Not signed in</h1>");
    }
    if (opts.loginPage && !user && params.prompt !== "none" && !m.authorizeError) {
      op.loginPagesShown++;
      return html(res, 200, passwordPage(`${url.pathname}${url.search}`));
    }
    const error =
      m.authorizeError ??
      (params.prompt === "none" ? m.promptNoneError : undefined) ??
      (!user ? (params.prompt === "none" ? "login_required" : undefined) : undefined);
    if (!error && m.interactivePages && params.prompt !== "none") return startInteraction(params, client, res);
    if (error || !user) {
      back.searchParams.set("error", error ?? "access_denied");
      if (m.errorWithoutState) back.searchParams.delete("state");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    res.writeHead(302, { location: withCode(params, client, user).href });
    res.end();
  }

  /** The redirect back with a new code (and the state) for this authorize request. */
  function withCode(params: Record<string, string>, client: TestOpClient, user: TestOpUser): URL {
    const back = new URL(params.redirect_uri!);
    if (params.state) back.searchParams.set("state", params.state);
    const code = randomBytes(16).toString("base64url");
    op.issued.push(code);
    codes.set(code, {
      clientId: client.clientId,
      redirectUri: op.misbehave.codeForOtherRedirectUri ? `${params.redirect_uri}/other` : params.redirect_uri!,
      nonce: params.nonce,
      challenge: params.code_challenge,
      user,
      used: false,
    });
    back.searchParams.set("code", code);
    return back;
  }

  // Misbehaviour.interactivePages: the authorize request waits under a random id while the visitor signs in and
  // consents on the provider's own pages (GET shows the step, POST submits it, 303 to what comes next).
  const interactions = new Map<string, { params: Record<string, string>; client: TestOpClient }>();
  function startInteraction(params: Record<string, string>, client: TestOpClient, res: http.ServerResponse) {
    const uid = randomBytes(12).toString("base64url");
    interactions.set(uid, { params, client });
    res.writeHead(302, { location: `${issuer}/interaction/${uid}` });
    res.end();
  }
  async function interaction(req: http.IncomingMessage, uid: string, res: http.ServerResponse) {
    const pending = interactions.get(uid);
    const pages = op.misbehave.interactivePages;
    if (!pending || !pages) {
      res.writeHead(400, { "content-type": "text/plain" });
      return res.end("no such interaction");
    }
    const form = req.method === "POST" ? new URLSearchParams(await readBody(req)) : undefined;
    let failed = false;
    if (form?.get("step") === "login") {
      failed = form.get("email") !== pages.user.email || form.get("password") !== pages.password;
      if (!failed) op.user = pages.user; // the provider's session
    } else if (form?.get("step") === "consent" && op.user) {
      interactions.delete(uid);
      res.writeHead(303, { location: withCode(pending.params, pending.client, op.user).href });
      return res.end();
    }
    if (form && !failed) {
      res.writeHead(303, { location: `${issuer}/interaction/${uid}` });
      return res.end();
    }
    res.writeHead(failed ? 401 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(interactionPage(`${issuer}/interaction/${uid}`, op.user ? "consent" : "login", pending.client.clientId));
  }

  /** Sessions of the browser login (Misbehaviour.login), by the session cookie's value. */
  const loginSessions = new Map<string, { user: TestOpUser; consented: boolean }>();
  const cookiesOf = (req: http.IncomingMessage) =>
    Object.fromEntries(
      (req.headers.cookie ?? "").split(/;\s*/).map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)]),
    ) as Record<string, string | undefined>;
  const escape = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const page = (res: http.ServerResponse, body: string, headers: Record<string, string | string[]> = {}) => {
    res.writeHead(200, { "content-type": "text/html", ...headers });
    res.end(`<!doctype html><html><body>${body}</body></html>`);
  };
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;
  function loginPage(res: http.ServerResponse, request: string, headers: Record<string, string | string[]> = {}) {
    const login = op.misbehave.login!;
    const fields = login.twoPages
      ? `<input name="username" type="email"><button type="submit">Next</button>`
      : `<input name="username" type="email"><input name="password" type="password"><button type="submit">Sign in</button>`;
    page(
      res,
      `<form method="post" action="${base}/login${login.twoPages ? "/user" : ""}">${hidden("request", request)}${fields}</form>`,
      headers,
    );
  }

  /** The authorize endpoint with a browser login (Misbehaviour.login): a session cookie, a login page without one. */
  function browserAuthorize(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    const login = op.misbehave.login!;
    const params = Object.fromEntries(url.searchParams);
    op.authorizeRequests.push({ params });
    const cookies = cookiesOf(req);
    const session = loginSessions.get(cookies.op_session ?? "");
    const client = clients.find((c) => c.clientId === params.client_id);
    const registered = !!client?.redirectUris.includes(params.redirect_uri ?? "");
    const valid = !!client && (registered || (!!session && !!login.anyRedirectAfterLogin));
    if ((!valid || params.response_type !== "code") && (session || !login.clientCheckedAfterLogin)) {
      res.writeHead(op.misbehave.authorizeRefusalStatus ?? 400, { "content-type": "text/plain" });
      return res.end("unknown client, redirect_uri not registered or response_type not code");
    }
    const back = new URL(params.redirect_uri!);
    if (params.state) back.searchParams.set("state", params.state);
    if (session) {
      if (!session.consented)
        return page(
          res,
          `<form method="post" action="${base}/consent">${hidden("request", url.search.slice(1))}` +
            `<button name="d" value="no">Cancel</button><button name="d" value="yes">${escape(login.consent!)}</button></form>`,
        );
      res.writeHead(302, { location: withCode(params, client!, session.user).href });
      return res.end();
    }
    if (params.prompt === "none" && !login.rememberRequest) {
      back.searchParams.set("error", "login_required");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    // The first request a browser left on the login page is remembered, and answered after the login.
    const remember = login.rememberRequest && !cookies.op_pending;
    const pending = `op_pending=${Buffer.from(url.search.slice(1)).toString("base64url")}; Path=/; HttpOnly; SameSite=Lax`;
    loginPage(res, url.search.slice(1), remember ? { "set-cookie": pending } : {});
  }

  /** The login form's posts: the user name (two pages), the password, the consent. */
  async function loginPost(route: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const login = op.misbehave.login;
    if (!login) return res.writeHead(404).end();
    const form = new URLSearchParams(await readBody(req));
    const request = form.get("request") ?? "";
    const cookies = cookiesOf(req);
    const resume = (headers: Record<string, string | string[]> = {}) =>
      res.writeHead(302, { location: `${issuer}/authorize?${request}`, ...headers }).end();
    if (route === "POST /login/user")
      return page(
        res,
        `<form method="post" action="${base}/login">${hidden("request", request)}${hidden("username", form.get("username") ?? "")}` +
          `<input name="password" type="password"><button type="submit">Sign in</button></form>`,
      );
    if (route === "POST /consent") {
      const session = loginSessions.get(cookies.op_session ?? "");
      if (!session || form.get("d") !== "yes") return page(res, "Not allowed");
      session.consented = true;
      return resume();
    }
    if (!op.user || form.get("username") !== op.user.email || form.get("password") !== login.password)
      return loginPage(res, request);
    const sid = randomBytes(16).toString("base64url");
    loginSessions.set(sid, { user: op.user, consented: !login.consent });
    const cookie = `op_session=${sid}; ${login.cookie ?? "Path=/; HttpOnly; SameSite=None; Secure"}`;
    if (login.rememberRequest && cookies.op_pending) {
      const remembered = Buffer.from(cookies.op_pending, "base64url").toString();
      return res
        .writeHead(302, {
          location: `${issuer}/authorize?${remembered}`,
          "set-cookie": [cookie, "op_pending=; Path=/; Max-Age=0"],
        })
        .end();
    }
    return resume({ "set-cookie": cookie });
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const m = op.misbehave;
    // An issuer with a path answers under it only: nothing (no discovery document either) at the host's root.
    const path = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : "(not under the issuer)";
    const route = `${req.method} ${path}`;
    const uid = /^(?:GET|POST) \/interaction\/([\w-]+)$/.exec(route)?.[1];
    void (async () => {
      if (uid) return interaction(req, uid, res);
      switch (route) {
        case "GET /.well-known/openid-configuration":
          return json(res, 200, {
            issuer: m.discoveryIssuer ?? issuer,
            authorization_endpoint: `${m.authorizeOrigin ?? issuer}/authorize`,
            token_endpoint: `${issuer}/oauth/token`,
            ...(!m.noUserinfo && { userinfo_endpoint: `${issuer}/userinfo` }),
            jwks_uri: `${issuer}/.well-known/jwks.json`,
            response_types_supported: ["code"],
            subject_types_supported: ["public"],
            id_token_signing_alg_values_supported: ["RS256"],
            scopes_supported: ["openid", "email", "profile"],
            token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
            claims_supported: ["sub", "email", "given_name", "family_name"],
            code_challenge_methods_supported: ["S256"],
          });
        case "GET /.well-known/jwks.json":
          op.jwksRequests++;
          return json(res, 200, { keys: keys.map((k) => k.jwk) });
        case "GET /authorize":
          return m.login ? browserAuthorize(url, req, res) : authorize(req, url, res);
        case "POST /login":
          // The partner's own login page (sign in yourself) or the validator's login variants (Misbehaviour.login).
          if (opts.loginPage) return login(req, res, "password");
          return loginPost(route, req, res);
        case "POST /login/code":
          if (!opts.loginPage) break;
          return login(req, res, "code");
        case "POST /login/user":
        case "POST /consent":
          return loginPost(route, req, res);
        case "POST /oauth/token":
          return token(req, res);
        case "GET /userinfo": {
          op.userinfoRequests++;
          const user = tokens.get(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
          if (!user) return json(res, 401, { error: "invalid_token" });
          return json(res, 200, { ...user, sub: m.userinfoSub ?? user.sub });
        }
      }
      res.writeHead(404);
      res.end();
    })().catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await op.start();
  return op;
}
