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
  const q = signedIn.kind === "redirect" ? signedIn.url.searchParams : undefined;
  if (q?.get("code") && q.get("state") === interactive.state) {
    run.signedIn = true;
    run.firstCode = { code: q.get("code")!, verifier: interactive.verifier, nonce: interactive.nonce };
    run.pass("authorize.code", "signed in on the login page; redirected to the redirect URI with a code and the state");
  } else
    run.fail("authorize.code", `after the login form: ${describe(signedIn)}`, {
      seen: q ? `state ${q.get("state") === interactive.state ? "echoed" : "not echoed"}` : undefined,
      hint:
        signedIn.kind === "page" && signedIn.loginForm
          ? "The login form came back: check the test user's credentials, or give --username-selector/--password-selector/--submit-selector for an unusual form."
          : "After signing in, redirect to redirect_uri with code and the request's state (spec §4.4 rule 2).",
    });

  if (!run.signedIn) return run.skip("authorize.silent", "no session at the provider (the sign-in did not complete)");
  const silent = run.authorizeUrl({ prompt: "none" });
  const again = await run.browser.authorize(silent.url);
  if (
    again.kind === "redirect" &&
    again.url.searchParams.get("code") &&
    again.url.searchParams.get("state") === silent.state
  )
    run.pass("authorize.silent", "with the session: redirected at once with a code, no page shown");
  else
    run.fail("authorize.silent", `with the session, prompt=none ${describe(again)}`, {
      hint: "With a valid session cookie the provider must redirect with a code and no page (spec §4.4 rule 1). consent_required here means the brand is not treated as first-party.",
    });
}
