import type { Kysely } from "kysely";
import { errorCode } from "@/lib/auth/node";
import type { Brand } from "@/lib/brands/node";
import { log } from "@/lib/log";
import type { Database } from "@/lib/store";
import {
  CheckRun,
  type Code,
  call,
  checkIdToken,
  type SsoCheckInput,
  CHECK_ITEMS,
  isOptional,
  itemOf,
  type CheckItemId,
  type CheckResult,
  type SsoCheckReport,
  checkTokenExchange,
  checkTokenRefusals,
  checkUserinfo,
} from "@/lib/sso-check";
import { saveReport } from "./reports";
import {
  digest,
  loadRun,
  openSecrets,
  random,
  RUN_TTL_MS,
  runIdOfLink,
  sealSecrets,
  setReportId,
  updateRun,
  type PendingRequest,
  type RoundTrip,
  type RunData,
  type RunSecrets,
  type SelfSignRun,
} from "./self-sign-runs";

/**
 * "Sign in yourself": the validator for what no robot may do at a provider (a second factor, a captcha, a chain of
 * providers). The partner opens a one-time link in their own browser, signs in however the provider asks, and lands
 * on the brand's registered callback; that browser then walks silent round trips (prompt=none, one top-level
 * navigation each) whose codes the code-based items use, as the normal run uses its headless browser's. The checks
 * that need no session run on the server when the link is made; the session cookie cannot be read in the partner's
 * browser, and its item says how to check it by hand.
 */

/**
 * The item no run of this kind can check, and how the partner checks it by hand: a site's pages cannot read the
 * attributes of another site's cookies.
 */
const COOKIE_BY_HAND =
  "the validator cannot read the cookies of your browser. Check by hand: in your browser's developer tools " +
  "(Application → Cookies), at the provider's origin, the session cookie (the one whose removal makes a silent " +
  "sign-in ask for the login again) must show SameSite None and Secure (spec §5 SSO rule 3).";
const EXPIRED_CODE_HERE =
  "not part of a sign-in-yourself run (it would keep a code for its whole lifetime): the normal run checks it with --check-code-expiry";
const PARTNER_API_HERE =
  "not part of a sign-in-yourself run (the scenario-B partner API needs a test user's password): the normal run checks it";

/** The round trips of a run: the sign-in, the silent one, and one more code per token item that needs its own. */
export function planOf(input: Pick<SsoCheckInput, "otherClient">): RoundTrip[] {
  // Codes for token.basic (and token.reused_code), token.wrong_secret, token.other_redirect and token.other_client.
  return ["sign-in", "silent", "code", "code", ...(input.otherClient ? (["code"] as const) : [])];
}

/**
 * A CheckRun whose codes are those the partner's browser brought back (a silent authorize of its own is not
 * possible here): the items of lib/sso-check/token.ts take them in order, oldest first.
 */
class SelfSignCheck extends CheckRun {
  constructor(
    input: SsoCheckInput,
    private readonly codes: Code[],
  ) {
    super(input);
  }
  override async freshCode(): Promise<Code | undefined> {
    return this.codes.shift();
  }
}

/**
 * The validator's input of a run. The partner signs in themselves: the test user is a stand-in (the token items
 * only ask whether the session came from one), never typed anywhere.
 */
function inputOf(data: RunData, secrets: RunSecrets): SsoCheckInput {
  const { otherClientId, ...rest } = data.input;
  return {
    ...rest,
    clientSecret: secrets.clientSecret,
    user: { username: "the partner, in their own browser", password: "" },
    otherClient:
      otherClientId && secrets.otherClientSecret
        ? { clientId: otherClientId, clientSecret: secrets.otherClientSecret }
        : undefined,
  };
}

/** A run's checklist as far as it went, with what it found so far (its codes from the sealed part). */
function restore(data: RunData, secrets: RunSecrets): SelfSignCheck {
  const check = new SelfSignCheck(inputOf(data, secrets), secrets.codes);
  check.discovery = data.discovery;
  check.keys = data.keys;
  check.results.push(...data.results);
  return check;
}

/** The report of a run: every item in the checklist's order, those without a result "could not check". */
export function reportOf(data: RunData, results: CheckResult[], createdAt: string, unchecked: string): SsoCheckReport {
  const all = CHECK_ITEMS.map(
    (item) =>
      results.find((r) => r.id === item.id) ?? { id: item.id, status: "skipped" as const, reason: unchecked, ms: 0 },
  );
  const count = (s: CheckResult["status"]) => all.filter((r) => r.status === s).length;
  return {
    issuer: data.input.issuer,
    clientId: data.input.clientId,
    startedAt: createdAt,
    durationMs: Date.now() - Date.parse(createdAt),
    results: all,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skipped"),
    ok: count("fail") === 0,
    complete: all.every((r) => r.status === "pass" || isOptional(itemOf(r.id))),
    refused: data.refused,
  };
}

/** The next round trip's authorize request (the sign-in's without prompt, the others with prompt=none). */
function nextRequest(data: RunData, secrets: RunSecrets): { pending: PendingRequest; verifier: string } {
  const kind = data.plan[data.answered]!;
  const check = restore(data, secrets);
  const request = check.authorizeUrl(kind === "sign-in" ? {} : { prompt: "none" });
  return {
    pending: {
      n: data.answered + 1,
      kind,
      state: request.state,
      nonce: request.nonce,
      url: request.url,
      sentAt: new Date().toISOString(),
    },
    verifier: request.verifier,
  };
}

/** Why a link cannot start a run, in words the partner's page shows. */
export type LinkProblem = "unknown" | "used" | "expired" | "elsewhere";

/** What the link's page shows before the partner starts (nothing changes by looking). */
export async function linkStatus(
  db: Kysely<Database>,
  brand: Brand,
  origin: string,
  link: string,
): Promise<{ problem: LinkProblem } | { run: SelfSignRun }> {
  const id = runIdOfLink(brand.id, link);
  const run = id && (await settled(db, brand.id, id));
  if (!run) return { problem: "unknown" };
  if (new URL(run.data.input.redirectUri).origin !== origin) return { problem: "elsewhere" };
  if (run.status === "expired" || (run.status === "waiting" && run.expiresAt <= new Date().toISOString()))
    return { problem: "expired" };
  if (run.status !== "waiting") return { problem: "used" };
  return { run };
}

/**
 * The partner pressed Start: the link is used up (whoever comes second finds it used), the run bound to this browser
 * (the cookie value returned: the run's id and a secret whose digest the run keeps), and the sign-in is the first
 * round trip.
 */
export async function startSelfSign(
  db: Kysely<Database>,
  brand: Brand,
  origin: string,
  link: string,
): Promise<{ cookie: string } | { problem: LinkProblem }> {
  const status = await linkStatus(db, brand, origin, link);
  if ("problem" in status) return status;
  const { run } = status;
  const secrets = await openSecrets(brand.id, run.sealed);
  const data: RunData = { ...run.data, startedAt: new Date().toISOString() };
  const { pending, verifier } = nextRequest(data, secrets);
  const secret = random(32);
  const claimed = await updateRun(
    db,
    run,
    { status: "waiting" },
    {
      status: "started",
      browser: digest(secret),
      pendingState: pending.state,
      data: { ...data, pending },
      sealed: await sealSecrets(brand.id, { ...secrets, verifier }),
      expiresAt: new Date(Date.now() + RUN_TTL_MS).toISOString(),
    },
  );
  if (!claimed) return { problem: "used" };
  log.info({ brand: brand.id, run: run.id }, "sign-on validator: the partner started a sign-in-yourself run");
  return { cookie: `${run.id}.${secret}` };
}

/** The run a browser's cookie binds it to (undefined for a cookie of another brand, run or browser). */
export async function boundRun(
  db: Kysely<Database>,
  brandId: string,
  cookie: string | undefined,
): Promise<SelfSignRun | undefined> {
  const m = /^([\w-]{22})\.([\w-]{43})$/.exec(cookie ?? "");
  if (!m) return undefined;
  const run = await settled(db, brandId, m[1]!);
  return run && run.browser === digest(m[2]!) ? run : undefined;
}

/**
 * A run, with its end applied when its time is up: a link never used expires (no report: nothing was checked for the
 * partner), a walk that did not finish ends with what it found (the rest "could not check").
 */
export async function settled(db: Kysely<Database>, brandId: string, id: string): Promise<SelfSignRun | undefined> {
  const run = await loadRun(db, brandId, id);
  if (!run || run.expiresAt > new Date().toISOString()) return run;
  if (run.status === "waiting") {
    await updateRun(db, run, { status: "waiting" }, { status: "expired" });
    return loadRun(db, brandId, id);
  }
  if (run.status === "started") {
    const at = run.data.pending
      ? ` (round trip ${run.data.pending.n} of ${run.data.plan.length} did not come back)`
      : "";
    await finish(
      db,
      run,
      run.data.results,
      `the partner's browser did not finish within ${RUN_TTL_MS / 60_000} minutes${at}`,
    );
    return loadRun(db, brandId, id);
  }
  return run;
}

/** What an OAuth error on a silent round trip means for the partner. */
const SILENT_HINTS: Record<string, string> = {
  login_required:
    "Your browser holds a session at the provider (you signed in a moment ago), but this redirect did not carry it, or the provider did not take it: with a session, prompt=none must redirect with a code (spec §4.4 rule 1). Check that the session cookie is set for the provider's whole domain and path, and is SameSite=None; Secure (spec §5 SSO rule 3).",
  consent_required:
    "The provider asks for consent on every sign-in: register the brand as a first-party client that needs no consent screen (spec §4.6), or grant it once.",
  interaction_required:
    "The provider wants something of the visitor (a second factor, accepting terms) on every sign-in: silent sign-in cannot work while it does.",
};

/**
 * A callback of a run's round trip (diverted by the brand's /oauth2/idpresponse when this browser's cookie binds it
 * to a run waiting for one): the answer judged, its code exchanged or kept for the token items, then the next round
 * trip, or the report. Each round trip's state answers one callback: a replay changes nothing.
 */
export async function answerRoundTrip(db: Kysely<Database>, run: SelfSignRun, query: URLSearchParams): Promise<void> {
  const pending = run.data.pending;
  const state = query.get("state") ?? "";
  if (!pending || !run.pendingState || run.data.answeredStates.includes(state)) return;
  if (state !== pending.state) {
    // Not this round trip's answer: a callback the partner was made to open (a code of someone else's) must not be
    // taken for it, so it is neither judged nor exchanged, and the round trip still waits; a provider that changes the
    // state is told so by the run's page and its report.
    const strayStates = [...(run.data.strayStates ?? []), shortState(state)].slice(-MAX_STRAY_STATES);
    await updateRun(
      db,
      run,
      { status: "started", pendingState: run.pendingState },
      { data: { ...run.data, strayStates } },
    );
    return;
  }
  // This callback answers the round trip the run waits for: another one arriving now finds none.
  if (!(await updateRun(db, run, { status: "started", pendingState: run.pendingState }, { pendingState: null })))
    return;
  const secrets = await openSecrets(run.brandId, run.sealed);
  const check = restore(run.data, secrets);
  const data: RunData = {
    ...run.data,
    answered: run.data.answered + 1,
    answeredStates: [...run.data.answeredStates, pending.state],
  };
  try {
    await judge(check, data, secrets, pending, query);
    if (!data.endedEarly && data.answered < data.plan.length) {
      const { pending: next, verifier } = nextRequest(data, secrets);
      await updateRun(
        db,
        run,
        { status: "started" },
        {
          pendingState: next.state,
          data: { ...data, results: check.results, pending: next },
          sealed: await sealSecrets(run.brandId, { ...secrets, verifier }),
        },
      );
      return;
    }
    await checkWithCodes(check, data);
    await finish(db, { ...run, data }, check.results, data.endedEarly ?? "not reached");
  } catch (e) {
    // A failure of the validator itself (a provider that does not answer in time): the report says so.
    await finish(db, { ...run, data }, check.results, `the check stopped: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** How many stray states a run keeps, and how much of each: enough to compare with what was sent. */
const MAX_STRAY_STATES = 5;
const shortState = (state: string) => (state ? JSON.stringify(state.slice(0, 64)) : "none");

/** What the report says of callbacks that came back with a state the run did not send. */
export function strayNote(data: RunData): string | undefined {
  if (!data.strayStates?.length) return undefined;
  return (
    `a callback came back ${data.strayStates.length > 1 ? `${data.strayStates.length} times ` : ""}with a state this ` +
    `run did not send (last: ${data.strayStates.at(-1)}, sent ${JSON.stringify(data.pending?.state ?? "")}): not used. ` +
    "Redirect with the state exactly as the authorize request sent it (spec §4.4 rule 1); a relying party refuses any other"
  );
}

/** One round trip's answer judged: the item it is for, and its code exchanged (the sign-in's) or kept. */
async function judge(
  check: SelfSignCheck,
  data: RunData,
  secrets: RunSecrets,
  pending: PendingRequest,
  query: URLSearchParams,
): Promise<void> {
  const code = query.get("code");
  const error = query.has("error") ? errorCode(query.get("error")) : undefined;
  const answer = code ? { code, verifier: secrets.verifier!, nonce: pending.nonce } : undefined;

  if (pending.kind === "sign-in") {
    if (!answer) {
      check.fail(
        "authorize.code",
        `after your sign-in the provider redirected ${error ? `with error=${error}` : "without a code"}`,
        {
          hint: "After signing in, redirect to redirect_uri with code and the request's state (spec §4.4 rule 2).",
        },
      );
      data.endedEarly = "no session at the provider: the sign-in did not come back with a code";
    } else {
      check.pass(
        "authorize.code",
        "you signed in at the provider; it redirected to the redirect URI with a code and the state",
      );
      // The sign-in's code is exchanged at once (codes live 30 to 60 s), its tokens for the id_token and UserInfo.
      check.firstCode = answer;
      check.signedIn = true;
      await checkTokenExchange(check);
      if (typeof check.tokens?.id_token === "string") {
        await checkIdToken(check);
        await checkUserinfo(check);
      } else {
        data.idTokenLater = true;
        data.plan = [...data.plan, "code"];
      }
    }
  } else if (pending.kind === "silent") {
    if (answer)
      check.pass(
        "authorize.silent",
        "with your session, prompt=none redirected at once with a code and the state, in your browser",
      );
    else {
      check.fail(
        "authorize.silent",
        `with your session, prompt=none redirected ${error ? `with error=${error}` : "without a code"}`,
        {
          hint:
            (error && Object.hasOwn(SILENT_HINTS, error) ? SILENT_HINTS[error] : undefined) ??
            "With a valid session cookie the provider must redirect with a code and no page (spec §4.4 rule 1).",
        },
      );
      data.endedEarly = `no code came from a silent authorize (it answered ${error ? `error=${error}` : "without a code"})`;
    }
  } else if (!answer)
    data.endedEarly = `no code came from a silent authorize (it answered ${error ? `error=${error}` : "without a code"})`;
  if (answer && pending.kind !== "sign-in") secrets.codes.push(answer);
}

/**
 * The walk is over: the token items on the codes it brought (oldest first), as the normal run checks them; then what
 * this kind of run cannot check, said so.
 */
async function checkWithCodes(check: SelfSignCheck, data: RunData): Promise<void> {
  if (data.idTokenLater) {
    // client_secret_post gave no id_token: the id_token and UserInfo items take a Basic exchange's, as in a normal run.
    const code = await check.freshCode();
    if (code && (await basicTokens(check, code))) {
      const post = check.results.find((r) => r.id === "token.post");
      if (post)
        post.seen = `${post.seen ?? ""}; the id_token and UserInfo items use the tokens of a client_secret_basic exchange`;
    }
    await checkIdToken(check);
    await checkUserinfo(check);
  }
  // Each item takes a code of its own; the wrong grant type needs none. Without codes, they say so one by one.
  await checkTokenRefusals(check);
  const expired = check.results.find((r) => r.id === "token.expired_code");
  if (expired?.status === "skipped") expired.reason = EXPIRED_CODE_HERE;
}

/** RFC 6749 2.3.1: client credentials in Basic are form-urlencoded first. */
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/** Tokens of a client_secret_basic exchange of `code`, kept for the id_token and UserInfo items (true when they came). */
async function basicTokens(check: SelfSignCheck, code: Code): Promise<boolean> {
  const { clientId, clientSecret, redirectUri } = check.input;
  const answer = await call(check.input, check.endpoint("token_endpoint")!, {
    form: {
      grant_type: "authorization_code",
      code: code.code,
      redirect_uri: redirectUri,
      code_verifier: code.verifier,
    },
    headers: {
      authorization: `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString("base64")}`,
    },
  });
  const body = (answer.json ?? {}) as Record<string, unknown>;
  if (answer.status !== 200 || typeof body.id_token !== "string") return false;
  check.tokens = { ...body, nonce: code.nonce };
  return true;
}

/**
 * Ends a run with its report (once: whoever ends it first), stored with the validator's other reports for the brand
 * and environment. Items without a result say why; the secrets are wiped.
 */
async function finish(
  db: Kysely<Database>,
  run: SelfSignRun,
  results: CheckResult[],
  unchecked: string,
): Promise<void> {
  const all = [...results];
  const add = (id: CheckItemId, reason: string) => {
    if (!all.some((r) => r.id === id)) all.push({ id, status: "skipped", reason, ms: 0 });
  };
  add("session_cookie", COOKIE_BY_HAND);
  for (const id of ["partner_api.key", "partner_api.validate", "partner_api.get_user"] as const)
    add(id, PARTNER_API_HERE);
  add("token.expired_code", EXPIRED_CODE_HERE);
  const data: RunData = { ...run.data, results: all };
  if (!(await updateRun(db, run, { status: "started" }, { status: "done", pendingState: null, data, sealed: "" })))
    return;
  const stray = strayNote(run.data);
  const report = reportOf(data, all, run.createdAt, stray ? `${unchecked}; ${stray}` : unchecked);
  const reportId = await saveReport(db, run.brandId, run.environment, report, run.configured);
  await setReportId(db, run.id, reportId);
  log.info(
    { brand: run.brandId, environment: run.environment, run: run.id, reportId, ok: report.ok, failed: report.failed },
    "sign-on validator: a sign-in-yourself run ended",
  );
}

/**
 * The browser goes to the pending round trip's authorize request: the URL, noted as followed (a run page seen again,
 * the browser back from a provider's page that kept it, no longer sends it on by itself), or undefined.
 */
export async function forward(db: Kysely<Database>, run: SelfSignRun): Promise<string | undefined> {
  const pending = run.data.pending;
  if (run.status !== "started" || !run.pendingState || !pending) return undefined;
  if (!pending.forwardedAt) {
    const data: RunData = { ...run.data, pending: { ...pending, forwardedAt: new Date().toISOString() } };
    await updateRun(db, run, { status: "started", pendingState: run.pendingState }, { data });
  }
  return pending.url;
}

/** The partner pressed Stop (a round trip that does not come back): the report of what the run found so far. */
export async function stopSelfSign(db: Kysely<Database>, run: SelfSignRun): Promise<void> {
  if (run.status !== "started") return;
  const at = run.data.pending ? `round trip ${run.data.pending.n} of ${run.data.plan.length}` : "the walk";
  await finish(db, run, run.data.results, `the partner stopped the run at ${at}, before its answer came back`);
}
