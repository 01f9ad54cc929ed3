import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Cookie,
  type ElementHandle,
  type Locator,
  type Page,
} from "playwright-core";
import {
  startGuardProxy,
  type GuardProxy,
  type GuardProxyRefusal,
  idpUrlProblem,
  OutboundRefused,
  targetKey,
} from "@/lib/http/node";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { providerOrigins, UNREGISTERED_REDIRECT } from "./http";
import type { LoginSelectors, SsoCheckInput } from "./input";
import { MAX_LOGIN_STEPS } from "./selectors";
import { environment } from "@/lib/config";

/**
 * Where an authorize request ended: a redirect to the redirect URI (caught), or a page of the provider; with the
 * login driver's steps (the page's URL, what it filled in or clicked) and, for a page, why it stopped there when it
 * refused to go on (a password field on another origin).
 */
export type AuthorizeOutcome = { steps: string[] } & (
  { kind: "redirect"; url: URL } | { kind: "page"; url: string; status?: number; loginForm: boolean; refusal?: string }
);

const NAVIGATION_TIMEOUT_MS = 10_000;
/** Typing into a field already found on the page: no wait for one to show (a detached field fails at once). */
const FILL_TIMEOUT_MS = 2_000;
const MAX_ASKED = 5000;
/** How long the Set-Cookie headers of the answers seen may take to be read once a page is done. */
const HEADERS_WAIT_MS = 2000;

/**
 * A request's target as the guard proxy names it, normalised (host in lower case, the scheme's default port written
 * or not alike): host:port for a tunnel (https, ws, wss), else the URL without query.
 */
function proxyTarget(url: URL): string {
  return url.protocol === "http:" ? endpoint(url) : targetKey(url);
}

/** A URL's scheme, host, port and path (no query, no fragment), normalised as targetKey does: for comparisons. */
function endpoint(url: URL): string {
  return `${url.protocol}//${targetKey(url)}${url.pathname}`;
}

/** A refusal's target as proxyTarget names it (the proxy lists a tunnel's host:port and a URL as they came). */
function refusalTarget(target: string): string | undefined {
  try {
    return proxyTarget(new URL(/^https?:\/\//.test(target) ? target : `https://${target}`));
  } catch {
    return undefined;
  }
}

/**
 * Whether Chromium's sandbox is to be tried: not as root (Chromium refuses to start with it there, and the CI runs
 * as root), nor once it failed to start in this process (no user namespaces for it here, say).
 */
let sandboxFailed = false;
/** Chromium's words when its sandbox cannot start (as Playwright reports them; crbug.com/638180: as root). */
const SANDBOX_FAILED = /No usable sandbox|sandboxing failed|crbug\.com\/638180|crbug\.com\/357670/i;

/**
 * Chromium's environment: a search path, a home and XDG directories of its own (removed on close), the time zone
 * and language; nothing of this server's (AUTH_SECRET, client secrets, OPS_TOKEN, DATABASE_URL…), which a
 * compromised renderer could otherwise read.
 */
function browserEnvironment(home: string): Record<string, string> {
  const dirs = {
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_RUNTIME_DIR: path.join(home, ".run"),
    TMPDIR: path.join(home, "tmp"),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const given = environment();
  const env: Record<string, string> = { PATH: given.PATH || "/usr/local/bin:/usr/bin:/bin", HOME: home, ...dirs };
  for (const name of ["TZ", "LANG"] as const) if (given[name]) env[name] = given[name];
  return env;
}

const USERNAME_FIELDS = [
  "input[autocomplete='username']",
  "input[type='email']",
  "input[name*='email' i]",
  "input[name*='user' i]",
  "input[name*='login' i]",
  "input[id*='email' i]",
  "input[id*='user' i]",
  "input[type='text']",
].join(", ");
const SUBMIT = "button[type='submit'], input[type='submit'], button:not([type])";
/**
 * The button of a consent, "continue" or "allow" page after the login (its text or value). "Continue with Google"
 * and the like are not: they hand the browser to another provider.
 */
const CONSENT =
  /^\s*(allow|accept|approve|authori[sz]e|agree|consent|continue|proceed|confirm|yes|ok|grant|accept and continue|log ?in|sign ?in)\b(?!.*\bwith\b)/i;

/**
 * Headless Chromium (Debian's, through playwright-core: nothing downloaded) driving the partner's real pages: its
 * login form, authorize with and without a session, and the session cookie as a browser keeps it. Every request the
 * browser makes, the hops of a redirect included, goes through a proxy applying the outbound rules (https, public
 * addresses after DNS, connected to the address checked; loopback under the development switch): a provider cannot
 * steer the validator's browser into this network. The redirect URI is never loaded: the request the redirect makes
 * is seen and its query read, and the proxy does not connect to its host.
 */
export class IdpBrowser {
  /**
   * Raw Set-Cookie headers of the provider's answers (the attributes as sent, e.g. a missing SameSite): complete for
   * every page authorize() has finished with (it waits for the headers still being read); setCookieHeaders() waits
   * for those of any other page too.
   */
  readonly setCookies: string[] = [];
  /** Every Set-Cookie header the browser received, with the URL of the answer (the first MAX_ASKED). */
  private readonly cookieLog: { url: string; header: string }[] = [];
  /** Set-Cookie headers still being read (Playwright reads the raw headers asynchronously). */
  private readonly pendingHeaders = new Set<Promise<void>>();
  /** What the pages asked for, as the proxy names it (host:port of a tunnel, the URL without query of plain http). */
  private readonly asked = new Set<string>();

  private constructor(
    private readonly input: SsoCheckInput,
    private readonly browser: Browser,
    private readonly proxy: GuardProxy,
    /** Chromium's home (its XDG directories, its temporary files): removed on close. */
    private readonly home: string,
    readonly context: BrowserContext,
  ) {}

  /**
   * What the provider's pages tried to reach and the outbound rules refused (target and reason; of the proxy's first
   * 50 refusals). Chromium's own requests (an update check it makes even with background networking off) are left out.
   */
  get refused(): GuardProxyRefusal[] {
    return this.proxy.refusals.filter((r) => this.asked.has(refusalTarget(r.target) ?? r.target));
  }

  /**
   * Every Set-Cookie header the browser received so far, with the URL that sent it, once those still being read have
   * arrived (at most 2 s more): what a browser refused is told from it (cookie-drops.ts).
   */
  async setCookieLog(): Promise<{ url: string; header: string }[]> {
    await this.headersRead();
    return [...this.cookieLog];
  }

  /** The provider's Set-Cookie headers, once those still being read have arrived (at most 2 s more). */
  async setCookieHeaders(): Promise<string[]> {
    await this.headersRead();
    return [...this.setCookies];
  }

  /**
   * Starts Chromium behind the guard proxy, in an environment of its own (no secret of this server), sandboxed
   * unless this process is root (`sandbox` forces a try; when the sandbox cannot start here, it runs without, said
   * in the log).
   */
  static async open(input: SsoCheckInput, opts: { sandbox?: boolean } = {}): Promise<IdpBrowser> {
    const ownHost = targetKey(new URL(input.redirectUri)) === targetKey(new URL(input.issuer));
    // The redirect URI's requests are seen (the code read from their URL) and refused at once by the proxy, quietly
    // (not the provider's fault): nothing reaches the brand. Unless it is the provider's own host and port.
    // Under the development switch, this machine is open to the provider's origin and its partner API's only: not to
    // the database, the cache, the application or its operators' pages listening here too.
    const proxy = await startGuardProxy({
      allowLoopback: input.allowLoopback,
      // The login pages the partner names are the browser's only: the validator's own requests never go there.
      loopbackAllowed: [...providerOrigins(input), ...(input.loginOrigins ?? []).filter((u) => URL.canParse(u))],
      // The unregistered redirect URI the refusals try is seen the same way (it can never resolve).
      quietlyRefused: [...(ownHost ? [] : [input.redirectUri]), UNREGISTERED_REDIRECT],
    });
    let browser: Browser | undefined;
    let home: string | undefined;
    try {
      home = fs.mkdtempSync(path.join(os.tmpdir(), "idp-browser-"));
      const env = browserEnvironment(home);
      const args = [
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        // Every request through the guard, loopback included (Chromium would otherwise go there directly).
        `--proxy-server=${proxy.url}`,
        "--proxy-bypass-list=<-loopback>",
        // WebRTC only through the proxy (TURN over TCP): no UDP (STUN, TURN) straight from this machine.
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        ...(input.trust?.spkiSha256 ? [`--ignore-certificate-errors-spki-list=${input.trust.spkiSha256}`] : []),
      ];
      const launch = (sandbox: boolean) =>
        chromium.launch({
          executablePath: input.chromiumPath ?? config().CHROMIUM_PATH,
          env,
          // Off, Playwright adds --no-sandbox (needed as root: Chromium refuses to start sandboxed there).
          chromiumSandbox: sandbox,
          args,
        });
      const sandbox = opts.sandbox ?? (process.getuid?.() !== 0 && !sandboxFailed);
      try {
        browser = await launch(sandbox);
      } catch (e) {
        if (!sandbox || !SANDBOX_FAILED.test((e as Error).message)) throw e;
        sandboxFailed = true;
        log.warn(
          { reason: (e as Error).message.split("\n").find((l) => SANDBOX_FAILED.test(l)) },
          "validator's browser: Chromium's sandbox cannot start here (no user namespaces?); running Chromium without it",
        );
        browser = await launch(false);
      }
      const b = new IdpBrowser(input, browser, proxy, home, await browser.newContext({ acceptDownloads: false }));
      b.watch(b.context);
      return b;
    } catch (e) {
      await browser?.close().catch(() => {});
      await proxy.close();
      if (home) fs.rmSync(home, { recursive: true, force: true });
      throw e;
    }
  }

  /** A new context holding only `cookies` (the session-cookie check removes one at a time). */
  async contextWith(cookies: Cookie[]): Promise<BrowserContext> {
    const context = await this.browser.newContext({ acceptDownloads: false });
    this.watch(context);
    if (cookies.length) await context.addCookies(cookies);
    return context;
  }

  async close(): Promise<void> {
    try {
      await this.browser.close();
    } finally {
      await this.proxy.close();
      fs.rmSync(this.home, { recursive: true, force: true });
    }
  }

  /** Collects the provider's Set-Cookie headers, and what the pages asked for (redirects included). */
  private watch(context: BrowserContext): void {
    const issuer = new URL(this.input.issuer).origin;
    context.on("request", (request) => {
      if (this.asked.size < MAX_ASKED) this.asked.add(proxyTarget(new URL(request.url())));
    });
    // The answers whose cookies matter: the provider's pages wherever they are served (its login origins, another
    // host for its authorize endpoint), not the caught redirect URIs (the guard proxy's refusal).
    const caughtOrigins = new Set([this.input.redirectUri, UNREGISTERED_REDIRECT].map((u) => new URL(u).origin));
    context.on("response", (response) => {
      const url = response.url();
      if (caughtOrigins.has(new URL(url).origin) && new URL(url).origin !== issuer) return;
      const read: Promise<void> = response.headerValues("set-cookie").then(
        (values) => {
          if (new URL(url).origin === issuer) this.setCookies.push(...values);
          for (const header of values) if (this.cookieLog.length < MAX_ASKED) this.cookieLog.push({ url, header });
        },
        () => {}, // the page closed meanwhile: nothing more to read
      );
      this.pendingHeaders.add(read);
      void read.finally(() => this.pendingHeaders.delete(read));
    });
  }

  /** Waits for the Set-Cookie headers still being read (at most HEADERS_WAIT_MS: a reading never holds a run). */
  private async headersRead(): Promise<void> {
    const deadline = Date.now() + HEADERS_WAIT_MS;
    while (this.pendingHeaders.size && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(this.pendingHeaders),
        new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now()))),
      ]);
      clearTimeout(timer);
    }
  }

  /**
   * Opens an authorize URL in a page of `context` and reports where it ended. With `user`, the login driver signs in
   * on the way (see signIn); without, a login page is where it ends. `alsoCatch`: another redirect URI whose request
   * is caught (and never reached) like the input's (the unregistered one the refusals try).
   */
  async authorize(
    url: string,
    opts: { context?: BrowserContext; user?: SsoCheckInput["user"]; alsoCatch?: string } = {},
  ): Promise<AuthorizeOutcome> {
    // Defence in depth: the authorize endpoint comes from the provider's discovery document (file:, chrome:, a
    // private address… are never opened, whatever it names).
    let target: URL | undefined;
    try {
      target = new URL(url);
    } catch {
      // not a URL: refused below
    }
    if (!target || (target.protocol !== "https:" && target.protocol !== "http:"))
      throw new OutboundRefused(
        `the validator's browser opens http(s) URLs only, not ${target ? `a ${target.protocol} URL` : "something that is not a URL"}`,
      );
    const problem = idpUrlProblem(url, { allowLoopback: this.input.allowLoopback });
    if (problem) throw new OutboundRefused(`the validator's browser does not open ${target.origin}: it ${problem}`);
    const page = await (opts.context ?? this.context).newPage();
    let caught: URL | undefined;
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    // The redirect URI as the browser writes it (host in lower case, no default port), without its query.
    const redirectUris = [this.input.redirectUri, ...(opts.alsoCatch ? [opts.alsoCatch] : [])].map((u) =>
      endpoint(new URL(u)),
    );
    page.on("request", (request) => {
      const u = new URL(request.url());
      if (!caught && redirectUris.includes(endpoint(u))) {
        caught = u;
        arrive();
      }
    });
    const steps: string[] = [];
    let refusal: string | undefined;
    try {
      const response = await page.goto(url, { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => null);
      if (!caught && opts.user)
        refusal = await this.signIn(page, opts.user, { arrived, caught: () => !!caught, steps });
      if (caught) return { kind: "redirect", url: caught, steps };
      return {
        kind: "page",
        url: page.url(),
        status: response?.status(),
        loginForm: await this.loginForm(page).catch(() => false),
        steps,
        ...(refusal && { refusal }),
      };
    } finally {
      // The Set-Cookie headers of this page's answers, read before it closes (setCookies complete on return).
      await this.headersRead();
      await page.close();
    }
  }

  private async loginForm(page: Page): Promise<boolean> {
    const selectors = this.input.selectors;
    return (
      (await page.locator(selectors?.password ?? "input[type='password']").count()) > 0 ||
      (await page.locator(selectors?.username ?? USERNAME_FIELDS).count()) > 0
    );
  }

  /**
   * The login driver: acts on the provider's pages until the redirect URI is reached, in at most MAX_LOGIN_STEPS
   * steps, each one reported (the page's origin and path, what it filled in or clicked). It handles a user name and
   * a password on one page or on two, a consent, "continue" or "allow" page after the login, forms a script builds
   * (it waits for a field or a button to show) and redirect chains (each page it lands on is a step). The partner's
   * selectors for a step (`stepSelectors`) replace the form's (`selectors`, else found automatically) on that step:
   * each one named must show, and a named button is pressed whatever it reads. It never types the password into a
   * page of another origin than the issuer's, unless the partner named that origin (`loginOrigins`), nor twice (a
   * login form that comes back after the password was sent means wrong credentials or a session cookie the browser
   * did not keep, and retrying could lock the test user out): it stops there and says why (the returned refusal).
   */
  private async signIn(
    page: Page,
    user: NonNullable<SsoCheckInput["user"]>,
    flow: { arrived: Promise<void>; caught: () => boolean; steps: string[] },
  ): Promise<string | undefined> {
    const loginOrigins = new Set(
      [this.input.issuer, ...(this.input.loginOrigins ?? [])]
        .filter((u) => URL.canParse(u))
        .map((u) => new URL(u).origin),
    );
    let typedUsername = false;
    let typedPassword = false;
    for (let step = 1; step <= MAX_LOGIN_STEPS; step++) {
      const named = namedSelectors(this.input.stepSelectors?.find((x) => x.step === step));
      const s = { ...this.input.selectors, ...named };
      const usernameField = page.locator(s.username ?? USERNAME_FIELDS).filter({ visible: true });
      const passwordField = page.locator(s.password ?? "input[type='password']").filter({ visible: true });
      const buttons = page
        .locator(s.submit ?? `${SUBMIT}, a[role='button'], input[type='button']`)
        .filter({ visible: true });
      // A page a script fills in: wait until it shows a field or a button (or the redirect URI is reached); what the
      // step's selectors name, each of them.
      const namedList = Object.entries(named).filter((e): e is [string, string] => !!e[1]);
      const shown = namedList.length
        ? Promise.all(
            namedList.map(([, css]) =>
              page.locator(css).filter({ visible: true }).first().waitFor({ timeout: NAVIGATION_TIMEOUT_MS }),
            ),
          ).then(
            () => true,
            () => false,
          )
        : page
            .locator(`${s.password ?? "input[type='password']"}, ${s.username ?? USERNAME_FIELDS}, ${SUBMIT}`)
            .filter({ visible: true })
            .first()
            .waitFor({ timeout: NAVIGATION_TIMEOUT_MS })
            .then(
              () => true,
              () => true,
            );
      const found = await Promise.race([flow.arrived.then(() => true), shown]);
      if (flow.caught()) return undefined;
      const here = new URL(page.url());
      const where = `${here.origin}${here.pathname}`;
      if (!found) {
        const missing = namedList.map(([field, css]) => `${field} ${JSON.stringify(css)}`).join(", ");
        const refusal = `step ${step}'s selectors (${missing}) matched nothing shown on this page`;
        flow.steps.push(`${step}. ${where}: ${refusal}`);
        return refusal;
      }
      const did: string[] = [];
      const hasPassword = (await passwordField.count()) > 0;
      const hasUsername = (await usernameField.count()) > 0;
      // Neither the user name nor the password goes to a login form on another origin than the issuer's (or one the
      // partner named), and nothing is pressed there but a button the step's selectors name.
      const elsewhere = !loginOrigins.has(here.origin);
      if (elsewhere && (hasPassword || hasUsername)) {
        const refusal = `a ${hasPassword ? "password field" : "login form"} on ${here.origin}, not the issuer's origin: ${hasPassword ? "the password was not typed there" : "nothing was typed there"} (name that origin as a login origin if it is the partner's)`;
        flow.steps.push(`${step}. ${where}: ${refusal}`);
        return refusal;
      }
      if (hasPassword && typedPassword) {
        const refusal =
          "the login form came back after the password was sent (wrong credentials, or the browser did not keep the provider's session cookie): the password was not sent again";
        flow.steps.push(`${step}. ${where}: ${refusal}`);
        return refusal;
      }
      // The fields and the button as handles, taken before anything is typed: a handle belongs to one document, so
      // should the page go elsewhere while it is filled in (a script reacting to the user name, an identifier-first
      // login), typing or pressing fails rather than follow the browser to the next page, whatever its origin.
      const fields = {
        username: hasUsername ? await handleOf(usernameField) : null,
        password: hasPassword ? await handleOf(passwordField) : null,
      };
      const moved = `${step}. ${where}: the page changed while it was being filled in; nothing more was typed there`;
      const onThisPage = async (h: ElementHandle) => (await originOf(h)) === here.origin;
      const typeInto = async (h: ElementHandle | null, text: string) =>
        !!h &&
        (await onThisPage(h)) &&
        (await h.fill(text, { timeout: FILL_TIMEOUT_MS }).then(
          () => true,
          () => false,
        ));
      // The user name once (a second page showing it again, filled in, is left as it is), then the password.
      if (hasUsername && (!typedUsername || (await fields.username?.inputValue().catch(() => "")) === "")) {
        if (!(await typeInto(fields.username, user.username))) {
          flow.steps.push(moved);
          return undefined;
        }
        typedUsername = true;
        did.push("filled the user name");
      }
      if (hasPassword) {
        if (!(await typeInto(fields.password, user.password))) {
          flow.steps.push(moved);
          return undefined;
        }
        typedPassword = true;
        did.push("filled the password");
      }
      if (elsewhere && !named.submit) {
        // A page of a redirect chain (an auto-posting form, say) may move on by itself: waited for, never pressed.
        flow.steps.push(`${step}. ${where}: another origin than the issuer's: nothing pressed there`);
        const movedOn = await Promise.race([
          flow.arrived.then(() => true),
          page.waitForEvent("framenavigated", { timeout: NAVIGATION_TIMEOUT_MS }).then(
            () => true,
            () => false,
          ),
        ]);
        if (flow.caught() || !movedOn) return undefined;
        await page.waitForLoadState("load", { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined);
        continue;
      }
      const buttonLocator = await this.buttonToPress(buttons, did.length > 0 || !!named.submit);
      const button = buttonLocator && (await handleOf(buttonLocator));
      if (button && !(await onThisPage(button))) {
        flow.steps.push(moved);
        return undefined;
      }
      if (!button && !did.length) {
        flow.steps.push(`${step}. ${where}: nothing to fill in or press`);
        return undefined;
      }
      const label = button ? (await button.evaluate(buttonLabel).catch(() => "")) || "the button" : "";
      // What changes next: a new page (a navigation, the redirect URI) or this page's fields (a script's next step).
      const before = await page.evaluate(pageShape).catch(() => "");
      // Watched from before the press (a navigation may be over when the click returns): a new page or the redirect
      // URI, or this page's fields changed by a script.
      const changed = Promise.race([
        flow.arrived,
        page.waitForEvent("framenavigated", { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined),
        page
          .waitForFunction(`(${pageShape.toString()})() !== ${JSON.stringify(before)}`, undefined, {
            timeout: NAVIGATION_TIMEOUT_MS,
          })
          .catch(() => undefined),
      ]);
      if (button) await button.click({ timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined);
      else await (fields.password ?? fields.username)?.press("Enter").catch(() => undefined);
      did.push(button ? `pressed "${label}"` : "pressed Enter");
      const by = namedList.length ? ` (step ${step}'s selectors)` : "";
      flow.steps.push(`${step}. ${where}: ${did.join(", ")}${by}`);
      await changed;
      if (flow.caught()) return undefined;
      await page.waitForLoadState("load", { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined);
    }
    flow.steps.push(`stopped after ${MAX_LOGIN_STEPS} steps`);
    return undefined;
  }

  /**
   * The button to press: after filling a field (or where the partner named the step's button), the form's submit
   * button (the partner's selector, else the first visible one); on a page without fields, one whose text reads as
   * consent or continue.
   */
  private async buttonToPress(buttons: Locator, filled: boolean) {
    const count = await buttons.count();
    if (filled) return count ? buttons.first() : undefined;
    for (let i = 0; i < count; i++) {
      const b = buttons.nth(i);
      if (CONSENT.test(await b.evaluate(buttonLabel).catch(() => ""))) return b;
    }
    return undefined;
  }

  /** The cookies the browser keeps for the provider. */
  async providerCookies(context: BrowserContext = this.context): Promise<Cookie[]> {
    return context.cookies(new URL(this.input.issuer).origin);
  }
}

/** The first element a locator finds now, as a handle (bound to its document), or null. */
const handleOf = (l: Locator) =>
  l
    .first()
    .elementHandle({ timeout: 1000 })
    .catch(() => null);

/** The origin of the document an element is in; undefined once that document is gone. */
const originOf = (h: ElementHandle) => h.evaluate((e) => e.ownerDocument?.location.origin).catch(() => undefined);

/** The selectors a step names (those given, without the empty ones). */
function namedSelectors(step: LoginSelectors | undefined): LoginSelectors {
  const named: LoginSelectors = {};
  for (const field of ["username", "password", "submit"] as const) if (step?.[field]) named[field] = step[field];
  return named;
}

/** A button's words: its text, else its value or label (runs in the page). */
function buttonLabel(el: Element): string {
  const text = (el as HTMLElement).innerText?.trim() || (el as HTMLInputElement).value || el.getAttribute("aria-label");
  return (text ?? "").replace(/\s+/g, " ").slice(0, 40);
}

/** What a page shows of itself: its URL and its visible fields and buttons (runs in the page; self-contained). */
function pageShape(): string {
  const shown = [...document.querySelectorAll("input, button, select, textarea")].filter(
    (e) => (e as HTMLElement).offsetParent !== null,
  );
  return `${location.href}|${shown.map((e) => `${e.tagName}:${e.getAttribute("name") ?? ""}:${e.getAttribute("type") ?? ""}`).join(",")}`;
}
