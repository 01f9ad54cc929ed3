import type { CheckRun, Code } from "./context";
import { call, excerpt, type Answer } from "./http";
import { judgeStatus, type RefusalItem } from "./statuses";

/** RFC 6749 2.3.1: client credentials in Basic are form-urlencoded first. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString("base64")}`;

const seenOf = (a: Answer) => {
  const error = (a.json as { error?: unknown } | undefined)?.error;
  return `${a.status}${typeof error === "string" ? ` error=${error}` : ""}${a.json ? "" : `: ${excerpt(a.text, 80)}`}`;
};

const WRONG_SECRET_HINT =
  "spec §7: invalid client credentials are 401 (RFC 6749 5.2 also allows 400 with error=invalid_client for credentials sent in the body).";

const TOKEN_ITEMS = [
  "token.post",
  "token.basic",
  "token.grant_type",
  "token.wrong_secret",
  "token.reused_code",
  "token.other_redirect",
  "token.other_client",
  "token.expired_code",
] as const;
type TokenItem = (typeof TOKEN_ITEMS)[number];

/** The token endpoint's requests, for one run. */
function tokenEndpoint(run: CheckRun, endpoint: string) {
  const { clientId, clientSecret, redirectUri } = run.input;
  const exchange = (
    code: Code,
    opts: { secret?: string; basicAuth?: boolean; redirect?: string; client?: string } = {},
  ) => {
    const id = opts.client ?? clientId;
    const secret = opts.secret ?? clientSecret;
    const form: Record<string, string> = {
      grant_type: "authorization_code",
      code: code.code,
      redirect_uri: opts.redirect ?? redirectUri,
      code_verifier: code.verifier,
    };
    if (opts.basicAuth) return call(run.input, endpoint, { form, headers: { authorization: basic(id, secret) } });
    return call(run.input, endpoint, { form: { ...form, client_id: id, client_secret: secret } });
  };
  /** A refusal: never a token, and a status its item's rule accepts (lib/sso-check/statuses.ts). */
  const refused = (id: TokenItem & RefusalItem, what: string, answer: Answer, hint?: string) => {
    const error = (answer.json as { error?: unknown } | undefined)?.error;
    const judged = judgeStatus(id, answer.status, typeof error === "string" ? error : undefined);
    if (answer.status >= 200 && answer.status < 300)
      run.fail(id, `${what} was accepted: tokens were issued`, { seen: seenOf(answer), hint });
    else if (judged.pass) run.pass(id, `${what}: ${judged.text}`, seenOf(answer));
    else run.fail(id, `${what}: ${judged.text}`, { seen: seenOf(answer), hint });
  };
  return { exchange, refused };
}

/**
 * Why the token items cannot run, or undefined. Without the interactive sign-in's code, a silent authorize in the
 * browser is tried for one: an earlier item's failure never stands in for the token endpoint's.
 */
async function precondition(run: CheckRun): Promise<string | undefined> {
  if (!run.endpoint("token_endpoint")) return "the discovery document names no token_endpoint";
  if (!run.input.user) return "no test user given (a username and password at the partner)";
  run.firstCode ??= await run.freshCode();
  if (!run.firstCode) return `no authorization code (${run.noSession("the browser sign-in did not complete")})`;
  return undefined;
}

/**
 * The token endpoint (spec §4.4 POST oauth/token, §4.7 check 6): the interactive sign-in's code by
 * client_secret_post, whose tokens the id_token and UserInfo items use. The other items (checkTokenRefusals) come
 * after those: one reuses a code, and a provider that sees a code twice revokes everything of its grant (RFC 6749
 * 10.5), these first tokens included.
 */
export async function checkTokenExchange(run: CheckRun): Promise<void> {
  const missing = await precondition(run);
  if (missing) return run.skip("token.post", missing);
  const { exchange } = tokenEndpoint(run, run.endpoint("token_endpoint")!);
  const first = run.firstCode!;
  const post = await exchange(first);
  const body = (post.json ?? {}) as Record<string, unknown>;
  if (post.status === 200) run.tokens = { ...body, nonce: first.nonce };
  const bearer = typeof body.token_type === "string" && body.token_type.toLowerCase() === "bearer";
  const expires = typeof body.expires_in === "number" && body.expires_in > 0;
  if (
    post.status === 200 &&
    typeof body.access_token === "string" &&
    typeof body.id_token === "string" &&
    bearer &&
    expires
  )
    run.pass("token.post", `200: access_token, id_token, token_type ${body.token_type}, expires_in ${body.expires_in}`);
  else {
    // The id_token and UserInfo items are not this item's: without its tokens they take those of a Basic exchange.
    const fallback = typeof body.id_token === "string" ? undefined : await basicTokens(run, exchange);
    run.fail("token.post", `client_secret_post: ${seenOf(post)}`, {
      seen:
        `token_type ${String(body.token_type)}, expires_in ${String(body.expires_in)}, id_token ${typeof body.id_token}` +
        (fallback ? "; the id_token and UserInfo items use the tokens of a client_secret_basic exchange" : ""),
      hint: "spec §2.4 token response: access_token, id_token (a signed JWT), token_type Bearer, expires_in seconds.",
    });
  }
}

/** Tokens by client_secret_basic on a fresh code, kept for the id_token and UserInfo items (true when they came). */
async function basicTokens(run: CheckRun, exchange: ReturnType<typeof tokenEndpoint>["exchange"]): Promise<boolean> {
  const code = await run.freshCode();
  if (!code) return false;
  const answer = await exchange(code, { basicAuth: true });
  const body = (answer.json ?? {}) as Record<string, unknown>;
  if (answer.status !== 200 || typeof body.id_token !== "string") return false;
  run.tokens = { ...body, nonce: code.nonce };
  return true;
}

/** The token endpoint's other items (spec §4.4, §5 SSO rule 1, §7), each on a code of its own. */
export async function checkTokenRefusals(run: CheckRun): Promise<void> {
  if (!run.endpoint("token_endpoint"))
    return run.skipRest(TOKEN_ITEMS, "the discovery document names no token_endpoint");
  // Each item below asks the browser for a code of its own (the wrong grant type needs none), whatever the items
  // before concluded; without a session, or without a test user, they say so one by one.
  const noCode = run.input.user
    ? `no code came from a silent authorize (${run.noSession()})`
    : "no test user given (a username and password at the partner)";
  const endpoint = run.endpoint("token_endpoint")!;
  const { exchange, refused } = tokenEndpoint(run, endpoint);
  const { clientId, clientSecret, redirectUri } = run.input;

  const second = await run.freshCode();
  if (!second) run.skipRest(["token.basic", "token.reused_code"], noCode);
  else {
    const answer = await exchange(second, { basicAuth: true });
    if (answer.status === 200 && typeof (answer.json as { id_token?: unknown })?.id_token === "string")
      run.pass("token.basic", "client_secret_basic: 200 with an id_token");
    else
      run.fail("token.basic", `client_secret_basic: ${seenOf(answer)}`, {
        hint: "Relying parties may authenticate by HTTP Basic (spec §5 SSO rule 1): id and secret form-urlencoded, then base64.",
      });
    const again = await exchange(second, { basicAuth: true });
    refused("token.reused_code", "the same code a second time", again, "A code is single-use (spec §4.4 rule 4).");
  }

  const grant = await call(run.input, endpoint, {
    form: { grant_type: "password", username: "x", password: "x", client_id: clientId, client_secret: clientSecret },
  });
  refused("token.grant_type", "grant_type=password", grant);

  const third = await run.freshCode();
  if (!third) run.skip("token.wrong_secret", noCode);
  else {
    const answer = await exchange(third, { secret: `${clientSecret}-wrong` });
    refused("token.wrong_secret", "a wrong client secret", answer, WRONG_SECRET_HINT);
  }

  const fourth = await run.freshCode();
  if (!fourth) run.skip("token.other_redirect", noCode);
  else {
    const answer = await exchange(fourth, { redirect: `${redirectUri}/other` });
    const hint = "A code is bound to the redirect_uri of its authorize request (spec §4.4 rule 4).";
    refused("token.other_redirect", "the code with another redirect_uri", answer, hint);
  }

  const other = run.input.otherClient;
  const fifth = other && (await run.freshCode());
  if (!other) run.skip("token.other_client", "no second client given (its client id and secret)");
  else if (!fifth) run.skip("token.other_client", noCode);
  else {
    const answer = await exchange(fifth, { client: other.clientId, secret: other.clientSecret });
    const hint = "A code is bound to the client it was issued to (spec §4.4 rule 4).";
    refused("token.other_client", "the code by another client", answer, hint);
  }

  const wait = run.input.codeExpirySeconds;
  const sixth = wait && (await run.freshCode());
  if (!wait) run.skip("token.expired_code", "opt-in (check code expiry): it waits the code's lifetime");
  else if (!sixth) run.skip("token.expired_code", noCode);
  else {
    await new Promise((r) => setTimeout(r, wait * 1000));
    const hint = "Codes live 30 to 60 seconds (spec §8).";
    refused("token.expired_code", `the code after ${wait} s`, await exchange(sixth), hint);
  }
}
