import type { CheckRun } from "./context";
import { IdpBrowser, type AuthorizeOutcome } from "./browser";
import { call, excerpt, shownLocation } from "./http";

/** A redirect URI no provider has registered (a reserved name: it can never resolve). */
const UNREGISTERED_REDIRECT = "https://unregistered.sso-check.invalid/oauth2/idpresponse";

function describe(outcome: AuthorizeOutcome): string {
  if (outcome.kind === "redirect") {
    const q = outcome.url.searchParams;
    return q.get("code") ? "redirected with a code" : `redirected with error=${q.get("error")}`;
  }
  if (outcome.refusal) return `stopped on ${shownLocation(outcome.url)}: ${outcome.refusal}`;
  return `stayed on ${shownLocation(outcome.url)} (status ${outcome.status ?? "?"})${outcome.loginForm ? ", a login form" : ""}`;
}

/** Whether an answer redirects to `target` (a Location header starting with it). */
const redirectsTo = (status: number, location: string | null, target: string) =>
  status >= 300 && status < 400 && !!location && location.startsWith(target);

/** The authorize endpoint's refusals (spec §4.4 rule 3, §7): checked over HTTP, no session needed. */
export async function checkAuthorizeRefusals(run: CheckRun): Promise<void> {
  const ask = async (params: Record<string, string>) => {
    const { url } = run.authorizeUrl(params);
    return call(run.input, url, { headers: { accept: "text/html" } });
  };

  const unregistered = await ask({ redirect_uri: UNREGISTERED_REDIRECT });
  const location = unregistered.headers.get("location");
  if (redirectsTo(unregistered.status, location, UNREGISTERED_REDIRECT))
    run.fail(
      "authorize.unregistered_redirect",
      `redirected to the unregistered redirect_uri (${unregistered.status})`,
      {
        seen: `Location: ${shownLocation(location!)}`,
        hint: "Redirect only to registered URIs, compared exactly; answer anything else with an error page (spec §4.4 rule 3): otherwise the provider is an open redirector that leaks codes.",
      },
    );
  else if (unregistered.status >= 400 && unregistered.status < 500)
    run.pass(
      "authorize.unregistered_redirect",
      `refused with ${unregistered.status}, no redirect${unregistered.status === 400 ? "" : " (§7 says 400)"}`,
    );
  else
    run.fail("authorize.unregistered_redirect", `answered ${unregistered.status} to an unregistered redirect_uri`, {
      seen: location ? `Location: ${shownLocation(location)}` : excerpt(unregistered.text),
      hint: "Refuse an unregistered redirect_uri with a 400 page and no redirect.",
    });

  const unknown = await ask({ client_id: `sso-check-unknown-${Date.now()}` });
  if (unknown.status === 400 && !unknown.headers.get("location"))
    run.pass("authorize.unknown_client", "refused with 400, no redirect");
  else
    run.fail(
      "authorize.unknown_client",
      `answered ${unknown.status}${unknown.headers.get("location") ? " with a redirect" : ""}`,
      {
        hint: "spec §7: an unknown client_id is a 400, without a redirect (the redirect URI cannot be trusted).",
      },
    );

  const token = await ask({ response_type: "token" });
  const tokenLocation = token.headers.get("location");
  const redirectedError = redirectsTo(token.status, tokenLocation, run.input.redirectUri)
    ? new URL(tokenLocation!).searchParams
    : undefined;
  if (token.status === 400) run.pass("authorize.response_type", "response_type=token refused with 400");
  else if (redirectedError?.get("error") && !redirectedError.get("code") && !tokenLocation!.includes("access_token"))
    run.pass(
      "authorize.response_type",
      `refused by redirect with error=${redirectedError.get("error")} (RFC 6749 4.1.2.1; §7's reference says 400)`,
    );
  else
    run.fail("authorize.response_type", `response_type=token answered ${token.status}`, {
      seen: tokenLocation ? `Location: ${shownLocation(tokenLocation)}` : excerpt(token.text),
      hint: "Only the code flow is used: refuse other response types (spec §7: 400).",
    });
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
    run.fail("authorize.code", `after the login form: ${describe(signedIn)}`, {
      seen: steps,
      hint: signedIn.loginForm
        ? "The login form came back: check the test user's credentials, or give --username-selector/--password-selector/--submit-selector for an unusual form."
        : "After signing in, redirect to redirect_uri with code and the request's state (spec §4.4 rule 2).",
    });

  // Whether or not the sign-in above was judged a pass, the browser may now hold a session: the silent item tries.
  const silent = run.authorizeUrl({ prompt: "none" });
  const again = await run.browser.authorize(silent.url);
  const silentCode = again.kind === "redirect" ? run.codeOf(again.url) : {};
  if (silentCode.code && silentCode.request?.state === silent.state) {
    run.signedIn = true;
    run.firstCode ??= silentCode.code;
    run.pass("authorize.silent", "with the session: redirected at once with a code, no page shown");
  } else if (!run.signedIn) run.skip("authorize.silent", "no session at the provider (the sign-in did not complete)");
  else
    run.fail("authorize.silent", `with the session, prompt=none ${describe(again)}`, {
      hint: "With a valid session cookie the provider must redirect with a code and no page (spec §4.4 rule 1). consent_required here means the brand is not treated as first-party.",
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
