import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdpBrowser } from "../browser";
import type { SsoCheckInput } from "../input";

/**
 * The validator's login driver against the login flows providers in the wild have: the user name and the password
 * on two pages, a consent page after the login, a form a script builds, a chain of redirects (HTTP and script), a
 * login page on another origin, a page that never ends. A small provider on loopback plays each flow (development
 * switch on); each flow ends by redirecting to the redirect URI with a code and the state it was given.
 */
const USER = { username: "ada@partner.example", password: "correct horse battery" };
let idp: http.Server;
let elsewhere: http.Server;
let issuer: string;
let elsewhereOrigin: string;
let browser: IdpBrowser;
let browserNamingElsewhere: IdpBrowser;
/** A browser whose input names step 2's button. */
let browserWithSteps: IdpBrowser;
const redirectUri = "http://brand.localhost:9/oauth2/idpresponse";
/** Every form body a server received, by server. */
const posted: { idp: string[]; elsewhere: string[] } = { idp: [], elsewhere: [] };

const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`;
const hidden = (state: string) => `<input type="hidden" name="state" value="${state}">`;
const done = (state: string) => `${redirectUri}?code=the-code&state=${encodeURIComponent(state)}`;

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => resolve(new URLSearchParams(body)));
  });
}

/** The flows, one per path; `state` travels in a hidden field or the query. */
async function provider(req: http.IncomingMessage, res: http.ServerResponse, who: "idp" | "elsewhere") {
  const url = new URL(req.url ?? "/", "http://x");
  const form = req.method === "POST" ? await readForm(req) : new URLSearchParams();
  if (req.method === "POST") posted[who].push(form.toString());
  const state = url.searchParams.get("state") ?? form.get("state") ?? "";
  const html = (body: string) => res.writeHead(200, { "content-type": "text/html" }).end(page(body));
  const redirect = (to: string) => res.writeHead(302, { location: to }).end();
  const loginForm = (action: string) =>
    html(
      `<form method="post" action="${action}">${hidden(state)}<input name="username" type="email">` +
        `<input name="password" type="password"><button type="submit">Sign in</button></form>`,
    );
  const signedIn = form.get("username") === USER.username && form.get("password") === USER.password;
  switch (url.pathname) {
    // User name first, then the password on a page of its own.
    case "/two-page":
      return html(
        `<form method="post" action="/two-page/password">${hidden(state)}<input name="username" type="email">` +
          `<button type="submit">Next</button></form>`,
      );
    case "/two-page/password":
      return html(
        `<form method="post" action="/two-page/done">${hidden(state)}` +
          `<input type="hidden" name="username" value="${form.get("username")}">` +
          `<input name="password" type="password"><button type="submit">Sign in</button></form>`,
      );
    case "/two-page/done":
      return signedIn ? redirect(done(state)) : html("wrong");
    // A consent page after the login, its refusing button first.
    case "/consent":
      return loginForm("/consent/login");
    case "/consent/login":
      return signedIn
        ? html(
            `<form method="post" action="/consent/decide">${hidden(state)}<button name="d" value="no">Cancel</button>` +
              `<button name="d" value="yes">Allow</button></form>`,
          )
        : html("wrong");
    case "/consent/decide":
      return form.get("d") === "yes" ? redirect(done(state)) : html("denied");
    // A consent page whose button reads nothing the driver recognises.
    case "/unusual-consent":
      return loginForm("/unusual-consent/login");
    case "/unusual-consent/login":
      return signedIn
        ? html(
            `<form method="post" action="/consent/decide">${hidden(state)}<button name="d" value="no">Cancel</button>` +
              `<button name="d" value="yes" class="share">Share my profile with Brand</button></form>`,
          )
        : html("wrong");
    // A form a script builds once the page has loaded.
    case "/script":
      return html(
        `<div id="root">Loading…</div><script>addEventListener("load", () => setTimeout(() => {` +
          `document.getElementById("root").innerHTML = '<form method="post" action="/script/login">` +
          `<input type="hidden" name="state" value="${state}"><input name="username" type="text">` +
          `<input name="password" type="password"><input type="submit" value="Log in"></form>';}, 300));</script>`,
      );
    case "/script/login":
      return signedIn ? redirect(done(state)) : html("wrong");
    // HTTP redirects, then a script's, then the login page.
    case "/chain":
      return redirect(`/chain/2?state=${state}`);
    case "/chain/2":
      return html(`<script>location.replace("/chain/login?state=${state}")</script>`);
    case "/chain/login":
      return loginForm("/chain/done");
    case "/chain/done":
      return signedIn ? redirect(`/chain/after?state=${state}`) : html("wrong");
    case "/chain/after":
      return redirect(done(state));
    // The login page on another origin.
    case "/elsewhere":
      return redirect(`${elsewhereOrigin}/login?state=${state}`);
    case "/login":
      return loginForm("/login/done");
    case "/login/done":
      return signedIn ? redirect(done(state)) : html("wrong");
    // A "continue" page that leads back to itself.
    case "/endless":
      return html(`<form method="post" action="/endless">${hidden(state)}<button>Continue</button></form>`);
    default:
      return res.writeHead(404).end();
  }
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const inputFor = (extra: Partial<SsoCheckInput> = {}): SsoCheckInput => ({
  issuer,
  clientId: "brand",
  clientSecret: "brand-secret",
  redirectUri,
  user: USER,
  production: false,
  allowLoopback: true,
  // The other origin is reachable (as a partner API would be), but not named for the password.
  partnerApi: { url: elsewhereOrigin, key: "k" },
  ...extra,
});

beforeAll(async () => {
  idp = http.createServer((req, res) => void provider(req, res, "idp"));
  elsewhere = http.createServer((req, res) => void provider(req, res, "elsewhere"));
  issuer = await listen(idp);
  elsewhereOrigin = await listen(elsewhere);
  browser = await IdpBrowser.open(inputFor());
  browserNamingElsewhere = await IdpBrowser.open(inputFor({ loginOrigins: [elsewhereOrigin] }));
  browserWithSteps = await IdpBrowser.open(inputFor({ stepSelectors: [{ step: 2, submit: "button.share" }] }));
});
afterAll(async () => {
  await browser?.close();
  await browserNamingElsewhere?.close();
  await browserWithSteps?.close();
  idp?.close();
  elsewhere?.close();
});

const signIn = (path: string, b = browser) => b.authorize(`${issuer}${path}?state=st-${path.slice(1)}`, { user: USER });

describe("the validator's login driver", () => {
  it("signs in with the user name and the password on two pages, each step reported", async () => {
    const outcome = await signIn("/two-page");
    expect(outcome.kind).toBe("redirect");
    expect(outcome.kind === "redirect" && outcome.url.searchParams.get("state")).toBe("st-two-page");
    expect(outcome.steps).toEqual([
      `1. ${issuer}/two-page: filled the user name, pressed "Next"`,
      `2. ${issuer}/two-page/password: filled the password, pressed "Sign in"`,
    ]);
  });

  it("presses the consent page's allowing button after the login, not its refusing one", async () => {
    const outcome = await signIn("/consent");
    expect(outcome.kind).toBe("redirect");
    expect(outcome.steps).toEqual([
      `1. ${issuer}/consent: filled the user name, filled the password, pressed "Sign in"`,
      `2. ${issuer}/consent/login: pressed "Allow"`,
    ]);
  });

  it("does not press a consent button it cannot read, and says so", async () => {
    const outcome = await signIn("/unusual-consent");
    expect(outcome.kind).toBe("page");
    expect(outcome.steps.at(-1)).toBe(`2. ${issuer}/unusual-consent/login: nothing to fill in or press`);
  });

  it("presses the button a step's selector names, whatever it reads, and reports the step's selectors", async () => {
    const outcome = await signIn("/unusual-consent", browserWithSteps);
    expect(outcome.kind).toBe("redirect");
    expect(outcome.steps).toEqual([
      `1. ${issuer}/unusual-consent: filled the user name, filled the password, pressed "Sign in"`,
      `2. ${issuer}/unusual-consent/login: pressed "Share my profile with Brand" (step 2's selectors)`,
    ]);
  });

  it("stops where a step's selector matches nothing, naming it, and types nothing there", async () => {
    const before = posted.idp.length;
    const outcome = await signIn("/two-page", browserWithSteps);
    expect(outcome).toMatchObject({
      kind: "page",
      refusal: `step 2's selectors (submit "button.share") matched nothing shown on this page`,
    });
    expect(posted.idp.slice(before)).toEqual([expect.stringContaining("username=")]);
  });

  it("waits for a form a script builds after the page loaded", async () => {
    const outcome = await signIn("/script");
    expect(outcome.kind).toBe("redirect");
    expect(outcome.steps).toEqual([`1. ${issuer}/script: filled the user name, filled the password, pressed "Log in"`]);
  });

  it("follows a chain of redirects, HTTP and script, to the login page and on to the redirect URI", async () => {
    const outcome = await signIn("/chain");
    expect(outcome.kind).toBe("redirect");
    expect(outcome.kind === "redirect" && outcome.url.searchParams.get("code")).toBe("the-code");
    expect(outcome.steps).toEqual([
      `1. ${issuer}/chain/login: filled the user name, filled the password, pressed "Sign in"`,
    ]);
  });

  it("never types the password into a page of another origin than the issuer's, and says why it stopped", async () => {
    const before = posted.elsewhere.length;
    const outcome = await signIn("/elsewhere");
    expect(outcome).toMatchObject({ kind: "page", refusal: expect.stringContaining(elsewhereOrigin) });
    expect(outcome.steps).toEqual([expect.stringMatching(/^1\. .*\/login: a password field on http:\/\/127/)]);
    expect(posted.elsewhere.slice(before)).toEqual([]);
  });

  it("types it there when the partner names that origin", async () => {
    const outcome = await signIn("/elsewhere", browserNamingElsewhere);
    expect(outcome.kind).toBe("redirect");
    expect(outcome.steps).toEqual([
      `1. ${elsewhereOrigin}/login: filled the user name, filled the password, pressed "Sign in"`,
    ]);
  });

  it("gives up after a bounded number of steps on a page that never ends", async () => {
    const outcome = await signIn("/endless");
    expect(outcome.kind).toBe("page");
    expect(outcome.steps).toHaveLength(9);
    expect(outcome.steps.at(-1)).toBe("stopped after 8 steps");
  });
});
