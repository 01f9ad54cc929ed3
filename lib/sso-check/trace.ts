import { createHash, randomBytes } from "node:crypto";
import { decode, encode } from "@auth/core/jwt";
import type { Kysely } from "kysely";
import { NextResponse, type NextRequest } from "next/server";
import {
  authorizationRequest,
  evaluateIdToken,
  exchangeCode,
  type IdTokenRuleId,
  idpMetadata,
  type IdpMetadata,
  expired,
  requestUserinfo,
  errorCode,
  registeredErrorCode,
  mapAttributes,
  IDPRESPONSE_PATH,
  registeredRedirectUri,
  brandSecret,
  poolUsername,
} from "@/lib/auth/node";
import { brands, type Brand, brandForHost, SSO_TEST_PAGE, type SsoSettings } from "@/lib/brands";
import { requestOrigin, assertSameOrigin, requestFacts } from "@/lib/http/node";
import { log } from "@/lib/log";
import { consumeShared, networkOf } from "@/lib/limits";
import { store } from "@/lib/store";
import type { Database } from "@/lib/store";
import { excerpt, mask } from "./http";

/** Where its button posts: a silent sign-in of its own (not the brand's). */
export const TEST_START_PATH = "/sso/test/start";
const COOKIE = "sso_test";
/**
 * Marks the browser that ran a test (a random value, HttpOnly, SameSite=Lax): the trace keeps its digest, and only
 * that browser is shown the trace's free text (see TraceStep.testerOnly).
 */
const TESTER_COOKIE = "sso_test_tester";
/**
 * A trace is kept this long, readable by whoever holds its link (an unguessable id); its free text (the claims' values
 * of whoever is signed in at the IdP, the IdP's descriptions) only by the browser that ran it.
 */
const TRACE_TTL_MS = 60 * 60_000;

export interface TraceStep {
  id: "discovery" | "authorize" | "answer" | "token" | "id_token" | "rules" | "userinfo" | "user";
  title: string;
  status: "ok" | "failed" | "skipped";
  /** What was sent or seen, as label and value (secrets and tokens masked). */
  facts: [string, string][];
  /**
   * Text that others chose (the IdP's error_description and error_uri, a callback's iss, the claims' values): shown
   * only to the browser that ran the test. Anyone can land a callback with their own test's state, so such text on a
   * shared trace link would be words of their choosing on the brand's origin.
   */
  testerOnly?: [string, string][];
  /** The labels of testerOnly when the trace is read by another browser (the values withheld). */
  withheld?: string[];
  /** What the partner can do about a failure, in plain words. */
  hint?: string;
  /** The id_token's rules, one by one. */
  rules?: { id: IdTokenRuleId; ok: boolean; detail: string; hint?: string }[];
}

export interface Trace {
  id: string;
  brandId: string;
  startedAt: string;
  ok: boolean;
  steps: TraceStep[];
  /** The digest of the tester cookie of the browser that ran it. */
  tester?: string;
}

interface Pending {
  /** The trace's id: its row is pending until the callback claims it. */
  traceId: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  authorize: [string, string][];
  startedAt: string;
  /** The digest of the tester cookie of the browser that started it. */
  tester: string;
}

const random = () => randomBytes(24).toString("base64url");
const digest = (value: string) => createHash("sha256").update(value).digest("base64url");
/** The tester cookie's value as this module writes it (32 base64url characters). */
const TESTER_VALUE = /^[\w-]{32}$/;

/** OAuth error codes an IdP answers a silent authorize with, and what they mean for a partner. */
const ANSWER_HINTS: Record<string, string> = {
  login_required:
    "No session at the partner reached this redirect. Sign in at the partner's site in this browser first. If you are signed in there and still see this, your session cookie was not sent on this cross-site redirect: it must be SameSite=None; Secure (spec §5 SSO rule 3) — a SameSite=Lax cookie is withheld by some browsers and privacy settings.",
  interaction_required:
    "The IdP wants the visitor to do something (a second factor, accepting terms) it cannot skip silently. Silent sign-in works only when the session alone is enough.",
  consent_required:
    "The IdP asks for consent: register the brand as a first-party client that needs no consent screen (spec §4.6), or grant it once.",
  account_selection_required:
    "Several accounts are signed in at the IdP in this browser, and it wants the visitor to choose: a silent sign-in cannot.",
  access_denied: "The IdP refused: the client is not allowed for this user, or the visitor cancelled.",
  unauthorized_client: "The IdP does not allow this client the code flow: enable authorization_code for it.",
  invalid_scope: "The IdP refused the scope openid email profile (spec §4.4): allow all three for this client.",
  invalid_request:
    "The IdP refused the request: check that the brand's redirect URI is registered exactly, and that prompt=none is supported.",
  server_error: "The IdP failed on its side: its logs say why.",
  temporarily_unavailable: "The IdP is overloaded or in maintenance: try again later.",
};

/** The rules that make a token this test's own, signed for this brand: only then are its claims shown. */
const TRUSTED_WHEN: IdTokenRuleId[] = ["signature", "iss", "aud", "nonce"];

const RULE_HINTS: Partial<Record<IdTokenRuleId, string>> = {
  alg: "Sign id_tokens with RS256 (spec §5 SSO rule 2: HS256 is not supported).",
  signature: "Sign with a private key whose public key is in the key set (jwks_uri), named by the token's kid.",
  iss: "iss must be the issuer URL the brand is configured with, character for character.",
  aud: "aud must contain the client id issued for the brand.",
  azp: "With several audiences, azp must name the brand's client id.",
  exp: "The token has expired: check the IdP's clock and the id_token lifetime.",
  iat: "iat is missing or in the future: check the IdP's clock.",
  nonce: "Echo the authorize request's nonce in the id_token (spec §2.4).",
  sub: "sub must be a stable, non-empty identifier of the user (at most 255 characters).",
};

/** A claim as the trace shows it: times also as dates, the nonce masked like the request's. */
function claimFact(name: string, value: unknown): string {
  if (name === "nonce" && typeof value === "string") return mask(value);
  if (["exp", "iat", "auth_time", "nbf"].includes(name) && typeof value === "number")
    return `${value} (${new Date(value * 1000).toUTCString()})`;
  return excerpt(JSON.stringify(value), 200);
}

/** The IdP's free text that it sent, each shortened to one line. */
function idpText(said: [string, string | null][]): [string, string][] {
  return said.flatMap(([label, value]): [string, string][] => (value ? [[label, excerpt(value, 200)]] : []));
}

/** The authorize request of a test, as the trace shows it (state, nonce and challenge masked). */
function authorizeFacts(metadata: IdpMetadata, params: Record<string, string>): [string, string][] {
  const shown = Object.entries(params).map(([k, v]): [string, string] =>
    ["state", "nonce", "code_challenge"].includes(k) ? [k, mask(v)] : [k, v],
  );
  return [["endpoint", metadata.authorization_endpoint], ...shown];
}

/**
 * A test's redirect: to the IdP with the test's sealed cookie (HttpOnly, SameSite=Lax so that the IdP's redirect back
 * carries it, sent only to the callback), or back to the test page with the cookie deleted.
 */
function testRedirect(location: string, secure: boolean, sealed?: string, tester?: string): NextResponse {
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
  const options = { httpOnly: true, sameSite: "lax" as const, path: IDPRESPONSE_PATH, secure };
  response.cookies.set(
    COOKIE,
    sealed ?? "",
    sealed ? { ...options, maxAge: 600 } : { ...expired(secure), path: IDPRESPONSE_PATH },
  );
  // As long as the traces it can read are kept. Read by the test page and by the start (which keeps it): no narrower
  // path covers both /sso-test and /sso/test/start.
  if (tester) response.cookies.set(TESTER_COOKIE, tester, { ...options, path: "/", maxAge: TRACE_TTL_MS / 1000 });
  return response;
}

const tracePage = (id: string) => `${SSO_TEST_PAGE}?trace=${id}`;

/** Forgets traces older than an hour. */
function prune(db: Kysely<Database>) {
  const cutoff = new Date(Date.now() - TRACE_TTL_MS).toISOString();
  return db.deleteFrom("sso_test_traces").where("created_at", "<", cutoff).execute();
}

/** Keeps a trace that ended at its start (no callback to wait for). */
async function saveNew(db: Kysely<Database>, trace: Trace): Promise<string> {
  await prune(db);
  await db
    .insertInto("sso_test_traces")
    .values({ id: trace.id, brand_id: trace.brandId, created_at: trace.startedAt, trace: JSON.stringify(trace) })
    .execute();
  return tracePage(trace.id);
}

/** Keeps the trace of a claimed test, in its row. */
async function saveClaimed(db: Kysely<Database>, trace: Trace): Promise<string> {
  await db
    .updateTable("sso_test_traces")
    .set({ trace: JSON.stringify(trace) })
    .where("id", "=", trace.id)
    .where("brand_id", "=", trace.brandId)
    .execute();
  const failed = trace.steps.filter((s) => s.status === "failed").map((s) => s.id);
  log.info({ brand: trace.brandId, ok: trace.ok, failed }, "sign-on: a silent-SSO test ended");
  return tracePage(trace.id);
}

/**
 * A trace of this brand, by the id its browser holds (none while pending, none after an hour). `tester` is the
 * reading browser's tester cookie: unless it is the one of the browser that ran the test, the free text of every step
 * is withheld (its labels kept), so that a link shared or forged never shows words chosen by someone else.
 */
export async function loadTrace(
  db: Kysely<Database>,
  brandId: string,
  id: string,
  tester?: string,
): Promise<Trace | undefined> {
  if (!/^[\w-]{20,64}$/.test(id)) return undefined;
  const row = await db
    .selectFrom("sso_test_traces")
    .select(["trace", "created_at"])
    .where("id", "=", id)
    .where("brand_id", "=", brandId)
    .where("pending", "=", 0)
    .executeTakeFirst();
  if (!row?.trace || Date.now() - Date.parse(row.created_at) > TRACE_TTL_MS) return undefined;
  const { tester: owner, ...trace } = JSON.parse(row.trace) as Trace;
  if (owner && tester && TESTER_VALUE.test(tester) && digest(tester) === owner) return trace;
  return {
    ...trace,
    steps: trace.steps.map(({ testerOnly, ...step }) =>
      testerOnly?.length ? { ...step, withheld: testerOnly.map(([label]) => label) } : step,
    ),
  };
}

/**
 * Whether another test may start now: at most SSO_TEST_STARTS_PER_MINUTE a minute per brand (the outer bound: each
 * start stores a trace and costs the partner a token request), of which one client network may use its share
 * (SSO_TEST_NETWORK_SHARE), so that one client's posts do not make the page busy for every partner.
 */
async function startAllowed(brandId: string, address: string | undefined): Promise<boolean> {
  const network = { tier: "sso_test_network", counter: `${brandId}:${networkOf(address)}` } as const;
  return (await consumeShared({ tier: "sso_test", counter: brandId }, network)).allowed;
}

function newTrace(brand: Brand, tester?: string): Trace {
  return { id: random(), brandId: brand.id, startedAt: new Date().toISOString(), ok: false, steps: [], tester };
}

/**
 * POST /sso/test/start: a silent sign-in of the test's own (prompt=none, state, nonce, PKCE, the brand's registered
 * redirect URI), its secrets sealed in a cookie for the callback and its trace pending until the callback claims it.
 * When it cannot start (no callback registered for this address, discovery refused), the trace says why at once.
 * Limited per brand and per client network within it (startAllowed); `address` is the client's.
 */
export async function startTest(
  db: Kysely<Database>,
  brand: Brand,
  sso: SsoSettings,
  origin: string,
  from: { testerCookie?: string; address?: string } = {},
): Promise<NextResponse> {
  const secure = origin.startsWith("https:");
  if (!(await startAllowed(brand.id, from.address))) return testRedirect(`${SSO_TEST_PAGE}?busy=1`, secure);
  // The browser's tester cookie is kept across its tests, so that it still reads the free text of its earlier ones.
  const tester = from.testerCookie && TESTER_VALUE.test(from.testerCookie) ? from.testerCookie : random();
  const trace = newTrace(brand, digest(tester));
  const redirectUri = registeredRedirectUri(brand, origin);
  if (!redirectUri) {
    trace.steps.push({
      id: "authorize",
      title: "The brand's callback",
      status: "failed",
      facts: [["this address", origin]],
      hint: "This address is not one of the brand's redirect URIs (its hosts, with the scheme and port of its canonical URL): open the test page on the brand's own address.",
    });
    return testRedirect(await saveNew(db, trace), secure, undefined, tester);
  }
  let metadata: IdpMetadata;
  try {
    metadata = await idpMetadata(sso.issuer);
  } catch (e) {
    trace.steps.push({
      id: "discovery",
      title: "The IdP's discovery document",
      status: "failed",
      facts: [
        ["issuer", sso.issuer],
        ["problem", (e as Error).message],
      ],
      hint: "The brand cannot use the IdP until its discovery document answers, with an issuer equal to the configured one.",
    });
    return testRedirect(await saveNew(db, trace), secure, undefined, tester);
  }
  const request = authorizationRequest(
    metadata.authorization_endpoint,
    { clientId: sso.clientId, redirectUri },
    { prompt: "none" },
  );
  const pending: Pending = {
    traceId: trace.id,
    state: request.state,
    nonce: request.nonce,
    verifier: request.verifier,
    redirectUri,
    authorize: authorizeFacts(metadata, request.params),
    startedAt: trace.startedAt,
    tester: trace.tester!,
  };
  const sealed = await encode({ token: { ...pending }, secret: brandSecret(brand.id), salt: COOKIE, maxAge: 600 });
  await prune(db);
  await db
    .insertInto("sso_test_traces")
    .values({ id: trace.id, brand_id: brand.id, created_at: trace.startedAt, trace: "", pending: 1 })
    .execute();
  return testRedirect(request.url, secure, sealed, tester);
}

/** The pending test of this browser, when the callback answers it (its state). */
async function pendingTest(brand: Brand, request: NextRequest): Promise<Pending | undefined> {
  const sealed = request.cookies.get(COOKIE)?.value;
  const state = request.nextUrl.searchParams.get("state");
  if (!sealed || !state) return undefined;
  const payload = (await decode({ token: sealed, secret: brandSecret(brand.id), salt: COOKIE }).catch(() => null)) as
    (Pending & Record<string, unknown>) | null;
  return payload?.state === state ? payload : undefined;
}

/**
 * The brand's callback when it answers this browser's test (the test page runs a sign-in of its own through it, which
 * never signs anyone in); undefined for any other callback.
 */
export async function testCallback(request: NextRequest): Promise<NextResponse | undefined> {
  const brand = brandForHost(request.headers.get("host"));
  const sso = brands().sso(brand);
  const pending = sso && (await pendingTest(brand, request));
  return pending ? finishTest((await store()).db, brand, sso, request, pending) : undefined;
}

/**
 * The callback of a test: the IdP's answer, the token exchange as the brand makes it, the id_token decoded and judged
 * rule by rule, UserInfo when needed, the user it would be. Nobody is signed in.
 */
async function finishTest(
  db: Kysely<Database>,
  brand: Brand,
  sso: SsoSettings,
  request: NextRequest,
  pending: Pending,
): Promise<NextResponse> {
  const secure = requestOrigin(request).startsWith("https:");
  // Each start answers one callback: a replayed callback shows the result and asks nothing of the IdP.
  const claimed = await db
    .updateTable("sso_test_traces")
    .set({ pending: 0 })
    .where("id", "=", pending.traceId)
    .where("brand_id", "=", brand.id)
    .where("pending", "=", 1)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return testRedirect(tracePage(pending.traceId), secure);

  const trace: Trace = { ...newTrace(brand, pending.tester), id: pending.traceId, startedAt: pending.startedAt };
  const step = (s: TraceStep) => trace.steps.push(s);
  const done = async () => {
    trace.ok = trace.steps.every((s) => s.status !== "failed");
    return testRedirect(await saveClaimed(db, trace), secure);
  };
  const query = request.nextUrl.searchParams;
  step({ id: "authorize", title: "The authorize request (prompt=none)", status: "ok", facts: pending.authorize });

  const code = query.get("code");
  if (query.has("error") || !code) {
    const error = query.has("error") ? errorCode(query.get("error")) : undefined;
    step({
      id: "answer",
      title: "The IdP's answer",
      status: "failed",
      facts: [["error", error === undefined ? "(none, and no code)" : registeredErrorCode(error)]],
      testerOnly: idpText([
        ["error code", error !== undefined && registeredErrorCode(error) !== error ? error : null],
        ["description", query.get("error_description")],
        ["error_uri", query.get("error_uri")],
      ]),
      hint:
        (error && Object.hasOwn(ANSWER_HINTS, error) ? ANSWER_HINTS[error] : undefined) ??
        "The IdP answered without a code and with no error OAuth or OpenID Connect defines.",
    });
    return done();
  }
  step({
    id: "answer",
    title: "The IdP's answer",
    status: "ok",
    facts: [
      ["code", mask(code)],
      ["state", "the test's own (checked)"],
    ],
    testerOnly: idpText([["iss", query.get("iss")]]),
  });

  let metadata: IdpMetadata;
  try {
    metadata = await idpMetadata(sso.issuer);
  } catch (e) {
    step({
      id: "discovery",
      title: "The IdP's discovery document",
      status: "failed",
      facts: [["problem", (e as Error).message]],
      hint: "The IdP's discovery document stopped answering during the test: try again once it answers.",
    });
    return done();
  }
  let tokens: Record<string, unknown>;
  let status: number;
  try {
    ({ tokens, status } = await exchangeCode(
      metadata.token_endpoint,
      { ...sso, redirectUri: pending.redirectUri },
      code,
      pending.verifier,
    ));
  } catch (e) {
    step({ id: "token", title: "The token exchange", status: "failed", facts: [["problem", (e as Error).message]] });
    return done();
  }
  const tokenFacts: [string, string][] = [
    ["endpoint", metadata.token_endpoint],
    ["authentication", sso.tokenEndpointAuthMethod],
    ["status", String(status)],
  ];
  if (status !== 200 || typeof tokens.id_token !== "string") {
    const err = typeof tokens.error === "string" ? errorCode(tokens.error) : undefined;
    const said = (v: unknown) => (typeof v === "string" ? v : null);
    step({
      id: "token",
      title: "The token exchange",
      status: "failed",
      facts: [...tokenFacts, ["error", err === undefined ? "(no id_token)" : registeredErrorCode(err)]],
      testerOnly: idpText([
        ["error code", err !== undefined && registeredErrorCode(err) !== err ? err : null],
        ["description", said(tokens.error_description)],
        ["error_uri", said(tokens.error_uri)],
      ]),
      hint:
        status === 401 || err === "invalid_client"
          ? `The IdP refused the brand's client credentials: the secret the brand holds is not the one the IdP has, or the IdP expects another authentication method (the brand uses ${sso.tokenEndpointAuthMethod}).`
          : err === "invalid_grant"
            ? "The IdP refused the code: used, expired (30–60 s), or issued for another redirect URI or client."
            : "The token response must be 200 with access_token, id_token, token_type Bearer and expires_in (spec §2.4).",
    });
    return done();
  }
  step({
    id: "token",
    title: "The token exchange",
    status: "ok",
    facts: [
      ...tokenFacts,
      ["token_type", String(tokens.token_type)],
      ["expires_in", String(tokens.expires_in)],
      ["access_token", mask(String(tokens.access_token))],
      ["id_token", `a JWT of ${String(tokens.id_token).length} characters (not shown)`],
    ],
  });

  const evaluation = await evaluateIdToken(tokens.id_token as string, {
    issuer: sso.issuer,
    clientId: sso.clientId,
    jwksUri: metadata.jwks_uri,
    nonce: pending.nonce,
  });
  const claims = (evaluation.claims ?? {}) as Record<string, unknown>;
  // Claims are shown only from a token this test asked for and the IdP signed for this brand: a code that reached the
  // callback by other means (a leaked one) must not reveal whose it is.
  const trusted = TRUSTED_WHEN.every((id) => evaluation.rules.some((r) => r.id === id && r.ok));
  step({
    id: "id_token",
    title: "The id_token, decoded",
    status: evaluation.claims ? "ok" : "failed",
    facts: [
      ...Object.entries(evaluation.header ?? {}).map(([k, v]): [string, string] => [
        `header ${k}`,
        excerpt(String(v), 200),
      ]),
      ...(trusted
        ? []
        : Object.keys(claims).map((k): [string, string] => [
            excerpt(k, 60),
            "(not shown: the token failed the brand's checks)",
          ])),
    ],
    ...(trusted && {
      testerOnly: Object.entries(claims).map(([k, v]): [string, string] => [excerpt(k, 60), claimFact(k, v)]),
    }),
  });
  const rules = evaluation.rules.map((r) => ({ ...r, ...(!r.ok && { hint: RULE_HINTS[r.id] }) }));
  step({
    id: "rules",
    title: "The brand's checks",
    status: rules.every((r) => r.ok) ? "ok" : "failed",
    facts: [],
    rules,
  });
  if (!trusted) {
    step({
      id: "user",
      title: "The user it would be",
      status: "skipped",
      facts: [["user", "none: the brand refuses this id_token (its checks above)"]],
    });
    return done();
  }

  let attributes = mapAttributes(claims, sso.attributeMapping);
  const missing = (["email", "given_name", "family_name"] as const).filter((a) => !attributes[a]);
  if (!missing.length)
    step({
      id: "userinfo",
      title: "UserInfo",
      status: "skipped",
      facts: [["not needed", "the id_token has email and names"]],
    });
  else if (!metadata.userinfo_endpoint)
    step({
      id: "userinfo",
      title: "UserInfo",
      status: "failed",
      facts: [["missing in the id_token", missing.join(", ")]],
      hint: "Put email, given_name and family_name in the id_token (spec §4.7 check 7), or offer UserInfo.",
    });
  else {
    const response = await requestUserinfo(metadata.userinfo_endpoint, String(tokens.access_token)).catch(
      (e: Error) => e,
    );
    const info =
      response instanceof Error ? {} : (((await response.json().catch(() => ({}))) ?? {}) as Record<string, unknown>);
    const sameSub = info.sub === claims.sub;
    attributes = { ...mapAttributes(info, sso.attributeMapping), ...attributes };
    const still = (["email", "given_name", "family_name"] as const).filter((a) => !attributes[a]);
    step({
      id: "userinfo",
      title: "UserInfo (the id_token lacked some attributes)",
      status: sameSub && !still.length ? "ok" : "failed",
      facts: [
        ["missing in the id_token", missing.join(", ")],
        ["status", response instanceof Error ? response.message : String(response.status)],
        ["sub", sameSub ? "the id_token's" : "not the id_token's"],
      ],
      ...(!sameSub && { testerOnly: [["UserInfo's sub", excerpt(JSON.stringify(info.sub) ?? "(none)", 200)]] }),
      hint: !sameSub
        ? "UserInfo must answer for the same user as the id_token (the same sub)."
        : still.length
          ? `Neither the id_token nor UserInfo give ${still.join(", ")}: add them (spec §2.4).`
          : undefined,
    });
  }

  const sub = typeof claims.sub === "string" ? claims.sub : "(no sub)";
  step({
    id: "user",
    title: "The user it would be",
    status: "ok",
    facts: [
      ["username", poolUsername(sso.providerName, sub)],
      ["signed in?", "no: a test never signs anyone in"],
    ],
    testerOnly: [
      ["email", attributes.email ?? "(none)"],
      ["given_name", attributes.given_name ?? "(none)"],
      ["family_name", attributes.family_name ?? "(none)"],
    ],
  });
  return done();
}

/** POST /sso/test/start on a brand host (a form of the brand's own test page). */
export async function startTestFrom(request: NextRequest): Promise<NextResponse> {
  assertSameOrigin(request);
  const brand = brandForHost(request.headers.get("host"));
  const sso = brands().sso(brand);
  const origin = requestOrigin(request);
  if (!sso) return testRedirect(SSO_TEST_PAGE, origin.startsWith("https:"));
  return startTest((await store()).db, brand, sso, origin, {
    testerCookie: request.cookies.get(TESTER_COOKIE)?.value,
    address: requestFacts(request.headers).address,
  });
}

/** The tester cookie of a request to the test page (for loadTrace). */
export const testerCookieOf = (cookies: { get(name: string): { value: string } | undefined }) =>
  cookies.get(TESTER_COOKIE)?.value;
