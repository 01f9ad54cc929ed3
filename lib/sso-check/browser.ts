import dns from "node:dns/promises";
import net from "node:net";
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from "playwright-core";
import { addressProblem, idpUrlProblem } from "@/lib/http/outbound";
import type { SsoCheckInput } from "./input";

/** Where an authorize request ended: a redirect to the redirect URI (caught), or a page of the provider. */
export type AuthorizeOutcome =
  { kind: "redirect"; url: URL } | { kind: "page"; url: string; status?: number; loginForm: boolean };

const NAVIGATION_TIMEOUT_MS = 10_000;

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
 * Headless Chromium (Debian's, through playwright-core: nothing downloaded) driving the partner's real pages: its
 * login form, authorize with and without a session, and the session cookie as a browser keeps it. Every request the
 * pages make goes through the outbound rules (https, public addresses after DNS; loopback under the development
 * switch): a provider cannot steer the validator's browser into this network. The redirect URI is never loaded: the
 * request the redirect makes is seen and its query read, and its host does not resolve in this browser.
 */
export class IdpBrowser {
  private readonly resolved = new Map<string, Promise<string | undefined>>();
  /** Raw Set-Cookie headers of the provider's answers (the attributes as sent, e.g. a missing SameSite). */
  readonly setCookies: string[] = [];

  private constructor(
    private readonly input: SsoCheckInput,
    private readonly browser: Browser,
    readonly context: BrowserContext,
  ) {}

  static async open(input: SsoCheckInput): Promise<IdpBrowser> {
    // The redirect URI's host never resolves in this browser: its requests are seen (the code read from their URL)
    // and fail at once, so nothing reaches the brand (Playwright does not route the requests of a redirect).
    const redirectHost = new URL(input.redirectUri).hostname;
    const neverResolve =
      redirectHost !== new URL(input.issuer).hostname && !net.isIP(redirectHost.replace(/^\[|\]$/g, ""))
        ? [`--host-resolver-rules=MAP ${redirectHost} ~NOTFOUND`]
        : [];
    const browser = await chromium.launch({
      executablePath: input.chromiumPath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        ...(input.trust?.spkiSha256 ? [`--ignore-certificate-errors-spki-list=${input.trust.spkiSha256}`] : []),
        ...neverResolve,
      ],
    });
    const b = new IdpBrowser(input, browser, await browser.newContext());
    await b.guard(b.context);
    return b;
  }

  /** A new context holding only `cookies` (the session-cookie check removes one at a time). */
  async contextWith(cookies: Cookie[]): Promise<BrowserContext> {
    const context = await this.browser.newContext();
    await this.guard(context);
    if (cookies.length) await context.addCookies(cookies);
    return context;
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  /** Why a request of the browser must not go out, or undefined (the same rules as the server's requests). */
  private async refusal(url: URL): Promise<string | undefined> {
    if (url.protocol === "data:" || url.protocol === "about:") return undefined;
    const nameProblem = idpUrlProblem(url.href, { allowLoopback: this.input.allowLoopback });
    if (nameProblem) return nameProblem;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (net.isIP(host)) return addressProblem(host, this.input);
    let check = this.resolved.get(host);
    if (!check) {
      check = dns.lookup(host, { all: true }).then(
        (list) => list.map((a) => addressProblem(a.address, this.input)).find(Boolean),
        () => undefined, // unresolvable: the browser fails the request itself
      );
      this.resolved.set(host, check);
    }
    return check;
  }

  private async guard(context: BrowserContext): Promise<void> {
    await context.route("**/*", async (route) => {
      const refused = await this.refusal(new URL(route.request().url()));
      if (refused) return route.abort("blockedbyclient");
      return route.fallback();
    });
    context.on("response", (response) => {
      if (new URL(response.url()).origin !== new URL(this.input.issuer).origin) return;
      void response.headerValues("set-cookie").then((values) => this.setCookies.push(...values));
    });
  }

  /**
   * Opens an authorize URL in a page of `context` and reports where it ended. With `user`, a login form on the way is
   * filled in and sent (the interactive sign-in); without, a login page is where it ends.
   */
  async authorize(
    url: string,
    opts: { context?: BrowserContext; user?: SsoCheckInput["user"] } = {},
  ): Promise<AuthorizeOutcome> {
    const page = await (opts.context ?? this.context).newPage();
    let caught: URL | undefined;
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const redirectUri = this.input.redirectUri;
    page.on("request", (request) => {
      const u = new URL(request.url());
      if (!caught && `${u.origin}${u.pathname}` === redirectUri) {
        caught = u;
        arrive();
      }
    });
    try {
      const response = await page.goto(url, { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => null);
      if (!caught && opts.user && (await this.loginForm(page))) {
        await this.signIn(page, opts.user);
        await Promise.race([arrived, page.waitForTimeout(NAVIGATION_TIMEOUT_MS)]);
      }
      if (caught) return { kind: "redirect", url: caught };
      return { kind: "page", url: page.url(), status: response?.status(), loginForm: await this.loginForm(page) };
    } finally {
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

  /** Fills in the partner's login form (one step, or e-mail then password) and sends it. */
  private async signIn(page: Page, user: NonNullable<SsoCheckInput["user"]>): Promise<void> {
    const s = this.input.selectors;
    const password = page.locator(s?.password ?? "input[type='password']").first();
    const submit = async () => {
      const button = page.locator(s?.submit ?? SUBMIT).first();
      if (await button.count()) await button.click({ timeout: NAVIGATION_TIMEOUT_MS });
      else await page.keyboard.press("Enter");
    };
    await page
      .locator(s?.username ?? USERNAME_FIELDS)
      .first()
      .fill(user.username);
    if (!(await password.isVisible())) {
      await submit();
      await password.waitFor({ timeout: NAVIGATION_TIMEOUT_MS });
    }
    await password.fill(user.password);
    await submit();
  }

  /** The cookies the browser keeps for the provider. */
  async providerCookies(context: BrowserContext = this.context): Promise<Cookie[]> {
    return context.cookies(new URL(this.input.issuer).origin);
  }
}
