import type { CheckRun } from "./context";
import { IdpBrowser, type AuthorizeOutcome } from "./browser";
import { call, excerpt, maskTokens, UNREGISTERED_REDIRECT, type Answer } from "./http";
import { droppedText } from "./cookie-drops";
import { judgeStatus, STATUS_RULES } from "./statuses";

function describe(outcome: AuthorizeOutcome): string {
  if (outcome.kind === "redirect") {
    const q = outcome.url.searchParams;
    return q.get("code") ? "redirected with a code" : `redirected with error=${q.get("error")}`;
  }
  // The page's origin and path: its query is the request the validator sent.
  const where = URL.canParse(outcome.url) ? new URL(outcome.url).origin + new URL(outcome.url).pathname : outcome.url;
  if (outcome.refusal) return `stopped on ${maskTokens(where)}: ${outcome.refusal}`;
  return `stayed on ${maskTokens(where)} (status ${outcome.status ?? "?"})${outcome.loginForm ? ", a login form" : ""}`;
}

/** The authorize endpoint's refusals (spec §4.4 rule 3, §7): the parameter that makes each request wrong. */
const REFUSALS = [
  {
    id: "authorize.unregistered_redirect",
    what: "an unregistered redirect_uri",
    params: () => ({ redirect_uri: UNREGISTERED_REDIRECT }),
  },
  {
    id: "authorize.unknown_client",
    what: "an unknown client_id",
    params: () => ({ client_id: `sso-check-unknown-${Date.now()}` }),
  },
  { id: "authorize.response_type", what: "response_type=token", params: () => ({ response_type: "token" }) },
] as const;
type Refusal = (typeof REFUSALS)[number];

/** Where a refused authorize request ended, over HTTP (no session) or in the signed-in browser. */
type Ended =
  | { kind: "redirect"; url: URL; unregistered: boolean }
  | { kind: "page"; status?: number; loginForm: boolean; where: string }
  /** A redirect to another page of the provider (its login page, say): where it leads is seen with a session. */
  | { kind: "elsewhere"; status: number; location: string };

const PASSWORD_FIELD = /<input\b[^>]*\btype\s*=\s*["']?password/i;

/** An HTTP answer of the authorize endpoint, as an end. */
function endedOver(run: CheckRun, url: string, answer: Answer): Ended {
  const location = answer.headers.get("location");
  if (answer.status >= 300 && answer.status < 400 && location) {
    const to = URL.canParse(location, url) ? new URL(location, url) : undefined;
    if (to?.href.startsWith(UNREGISTERED_REDIRECT)) return { kind: "redirect", url: to, unregistered: true };
    if (to?.href.startsWith(run.input.redirectUri)) return { kind: "redirect", url: to, unregistered: false };
    return { kind: "elsewhere", status: answer.status, location: maskTokens(location) };
  }
  return { kind: "page", status: answer.status, loginForm: PASSWORD_FIELD.test(answer.text), where: "" };
}

function endedText(e: Ended): string {
  if (e.kind === "elsewhere") return `answered ${e.status} to ${e.location}`;
  if (e.kind === "redirect") {
    const to = e.unregistered ? "the unregistered redirect_uri" : "the redirect URI";
    const error = e.url.searchParams.get("error");
    return `redirected to ${to} ${e.url.searchParams.get("code") ? "with a code" : error ? `with error=${error}` : "without a code or an error"}`;
  }
  const where = e.where ? `stayed on ${e.where} (status ${e.status ?? "?"})` : `answered ${e.status ?? "?"}`;
  return `${where}${e.loginForm ? ", a login form" : ""}`;
}

/**
 * A refusal judged by its end (lib/sso-check/statuses.ts for the status): pass, fail, or "session" when the answer is
 * the provider's login page (or a redirect to one): what it does once the user is known is seen with a session.
 */
function judgeRefusal(
  refusal: Refusal,
  ended: Ended,
): { verdict: "pass" | "fail" | "session"; text: string; hint?: string } {
  if (ended.kind === "redirect") {
    const q = ended.url.searchParams;
    if (ended.unregistered)
      return {
        verdict: "fail",
        text: endedText(ended),
        hint: "Redirect only to registered URIs, compared exactly; answer anything else with an error page (spec §4.4 rule 3): otherwise the provider is an open redirector that leaks codes.",
      };
    if (refusal.id === "authorize.response_type" && q.get("error") && !q.get("code") && !ended.url.hash)
      return {
        verdict: "pass",
        text: `refused by redirect with error=${q.get("error")} (RFC 6749 4.1.2.1; §7's reference says 400)`,
      };
    return {
      verdict: "fail",
      text: endedText(ended),
      hint:
        refusal.id === "authorize.unknown_client"
          ? "spec §7: an unknown client_id is a 400, without a redirect (the redirect URI cannot be trusted)."
          : refusal.id === "authorize.response_type"
            ? "Only the code flow is used: refuse other response types (spec §7: 400)."
            : "Refuse an unregistered redirect_uri with a 400 page and no redirect.",
    };
  }
  if (ended.kind === "elsewhere" || (ended.loginForm && ended.status !== undefined && ended.status < 400))
    return { verdict: "session", text: endedText(ended) };
  const status = ended.status ?? 0;
  const judged = judgeStatus(refusal.id, status);
  if (status >= 400 && status < 500 && judged.pass)
    return { verdict: "pass", text: `${judged.text.replace(/^refused with \d+/, (m) => `${m}, no redirect`)}` };
  return {
    verdict: "fail",
    text: `${endedText(ended)}${status < 300 ? ", no redirect: not an error status" : ""} (§7 says ${STATUS_RULES[refusal.id].spec})`,
    hint: `Refuse ${refusal.what} with an error status (spec §7: ${STATUS_RULES[refusal.id].spec}) and no redirect.`,
  };
}

/**
 * The authorize endpoint's refusals (spec §4.4 rule 3, §7), over HTTP without a session. A provider that shows its
 * login page first (some check the client only once the user is known) is checked again with the session of the
 * browser's sign-in (checkAuthorizeRefusalsWithSession), and the item reports both.
 */
export async function checkAuthorizeRefusals(run: CheckRun): Promise<void> {
  for (const refusal of REFUSALS) {
    const { url } = run.authorizeUrl(refusal.params());
    const answer = await call(run.input, url, { headers: { accept: "text/html" } });
    const ended = endedOver(run, url, answer);
    const judged = judgeRefusal(refusal, ended);
    if (judged.verdict === "session") run.refusalsWithSession.push({ id: refusal.id, withoutSession: judged.text });
    else if (judged.verdict === "pass") run.pass(refusal.id, judged.text);
    else
      run.fail(refusal.id, `${refusal.what}: ${judged.text}`, {
        seen: ended.kind === "page" ? excerpt(answer.text) : `Location: ${maskTokens(answer.headers.get("location")!)}`,
        hint: judged.hint,
      });
  }
}

/**
 * The refusals whose answer without a session was a login page, again in the browser holding the sign-in's session:
 * judged on what the provider does once the user is known (a redirect of a code to an unregistered address fails),
 * the answer without a session reported beside it.
 */
export async function checkAuthorizeRefusalsWithSession(run: CheckRun): Promise<void> {
  for (const { id, withoutSession } of run.refusalsWithSession.splice(0)) {
    const refusal = REFUSALS.find((r) => r.id === id)!;
    const first = `without a session: ${withoutSession}`;
    if (!run.browser || !run.signedIn) {
      run.skip(
        id,
        `${first}; with a session: could not check (${run.input.user ? run.noSession("the sign-in did not complete") : "no test user given"})`,
      );
      continue;
    }
    const { url } = run.authorizeUrl(refusal.params());
    const outcome = await run.browser.authorize(url, { alsoCatch: UNREGISTERED_REDIRECT });
    const ended: Ended =
      outcome.kind === "redirect"
        ? { kind: "redirect", url: outcome.url, unregistered: outcome.url.href.startsWith(UNREGISTERED_REDIRECT) }
        : {
            kind: "page",
            status: outcome.status,
            loginForm: outcome.loginForm,
            where: maskTokens(new URL(outcome.url).pathname),
          };
    const judged = judgeRefusal(refusal, ended);
    const text = `${first}; with a session: ${judged.verdict === "session" ? `still its login page (${judged.text})` : judged.text}`;
    if (judged.verdict === "pass") run.pass(id, text);
    else
      run.fail(id, `${refusal.what}: ${text}`, {
        hint:
          judged.hint ??
          `With a session the provider still showed its login page to ${refusal.what}: refuse it with an error status (spec §7) and no redirect.`,
      });
  }
}

/**
 * The authorize endpoint in a browser: prompt=none without a session, the interactive sign-in (code and state by
 * redirect), and a silent redirect with the session (spec §4.7 checks 3–5).
 */
export async function checkAuthorizeInBrowser(run: CheckRun): Promise<void> {
  try {
    run.browser = await IdpBrowser.open(run.input);
  } catch (e) {
    run.skipRest(
      ["authorize.prompt_none", "authorize.code", "authorize.silent"],
      `Chromium could not start: ${(e as Error).message.split("\n")[0]}`,
    );
    return;
  }

  const none = run.authorizeUrl({ prompt: "none" });
  const first = await run.browser.authorize(none.url);
  if (first.kind === "redirect" && first.url.searchParams.get("error") && !first.url.searchParams.get("code"))
    run.pass("authorize.prompt_none", `without a session: ${describe(first)}`);
  else
    run.fail("authorize.prompt_none", `prompt=none without a session ${describe(first)}`, {
      hint:
        first.kind === "page"
          ? "With prompt=none and no session the provider must redirect back with error=login_required (OIDC Core 3.1.2.6). Showing a page instead strands every new visitor of a brand with silent login on that page: keep the brand's silentLogin off until this passes."
          : "Without a session there is no user to issue a code for: answer error=login_required.",
    });

  if (!run.input.user) {
    run.skipRest(["authorize.code", "authorize.silent"], "no test user given (a username and password at the partner)");
    return;
  }
  const interactive = run.authorizeUrl();
  const signedIn = await run.browser.authorize(interactive.url, { user: run.input.user });
  const steps = signedIn.steps.length ? `steps: ${signedIn.steps.join(" → ")}` : undefined;
  // A session cookie the browser refused (its attributes) is the cause a partner can act on: said where it shows.
  await run.readDroppedCookies();
  const dropped = run.droppedCookies.length
    ? `; the browser refused the provider's cookie ${droppedText(run.droppedCookies)}`
    : "";
  const cookieFix = run.droppedCookies.length
    ? run.droppedCookies.map((d) => `${d.name}: ${d.fix}`).join(" ")
    : undefined;
  if (signedIn.kind === "redirect") {
    // Back at the redirect URI, with or without a code: the provider signed the user in, so the browser holds a
    // session, whatever this item concludes (every item needing one uses it).
    run.signedIn = true;
    const { code, request } = run.codeOf(signedIn.url);
    const came = signedIn.url.searchParams.get("state");
    if (code) run.firstCode = code;
    else if (signedIn.url.searchParams.get("code"))
      // A state none of our requests sent: the code is tried with this request's verifier and nonce.
      run.firstCode = {
        code: signedIn.url.searchParams.get("code")!,
        verifier: interactive.verifier,
        nonce: interactive.nonce,
      };
    if (code && request?.state === interactive.state)
      run.pass(
        "authorize.code",
        "signed in on the login page; redirected to the redirect URI with a code and the state",
        steps,
      );
    else if (!run.firstCode)
      run.fail("authorize.code", `after the login form: ${describe(signedIn)}`, {
        seen: steps,
        hint: "After signing in, redirect to redirect_uri with code and the request's state (spec §4.4 rule 2).",
      });
    else
      run.fail("authorize.code", stateMismatch(interactive, came, request), {
        seen: steps,
        hint: request
          ? "After the login, answer the authorize request the login page was shown for. This provider answered an earlier request of the same browser that had stopped at its login page (one it keeps, e.g. in a cookie): a visitor who left a login page once and then signs in from the brand is refused there (the state is not the one the brand sent). Keep the pending request per login page (a hidden field), or replace the remembered one with each new authorize request."
          : "Redirect with the state parameter exactly as the authorize request sent it (spec §4.4 rule 1): the relying party refuses a callback whose state it did not send.",
      });
  } else
    run.fail("authorize.code", `after the login form: ${describe(signedIn)}${dropped}`, {
      seen: steps,
      hint:
        cookieFix ??
        (signedIn.loginForm
          ? "The login form came back: check the test user's credentials, or give the login form's selectors (--username-selector/--password-selector/--submit-selector, or --step-selector for one step) for an unusual form."
          : "After signing in, redirect to redirect_uri with code and the request's state (spec §4.4 rule 2)."),
    });

  // Whether or not the sign-in above was judged a pass, the browser may now hold a session: the silent item tries.
  const silent = run.authorizeUrl({ prompt: "none" });
  const again = await run.browser.authorize(silent.url);
  const silentCode = again.kind === "redirect" ? run.codeOf(again.url) : {};
  if (silentCode.code && silentCode.request?.state === silent.state) {
    run.signedIn = true;
    run.firstCode ??= silentCode.code;
    run.pass("authorize.silent", "with the session: redirected at once with a code, no page shown");
  } else if (!run.signedIn) run.skip("authorize.silent", run.noSession("the sign-in did not complete"));
  else
    run.fail("authorize.silent", `with the session, prompt=none ${describe(again)}${dropped}`, {
      hint:
        cookieFix ??
        "With a valid session cookie the provider must redirect with a code and no page (spec §4.4 rule 1). consent_required here means the brand is not treated as first-party.",
    });
}

/** What an interactive sign-in's redirect carried instead of its own state, said so that a partner can act on it. */
function stateMismatch(
  sent: { state: string },
  came: string | null,
  request: { n: number; extra: string } | undefined,
): string {
  const what = `sent state ${sent.state}, came back ${came === null ? "without a state" : `with state ${came}`}`;
  if (!request) return `redirected with a code but not this request's state (${what})`;
  return (
    `redirected with a code for an earlier authorize request of this browser, not the one the login page was shown ` +
    `for (${what}: that of the run's authorize request #${request.n}${request.extra ? `, ${request.extra}` : ""})`
  );
}
