import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from "playwright-core";
import { startGuardProxy, type GuardProxy, type GuardProxyRefusal } from "@/lib/http/guard-proxy";
import type { SsoCheckInput } from "./input";

/** Where an authorize request ended: a redirect to the redirect URI (caught), or a page of the provider. */
export type AuthorizeOutcome =
  { kind: "redirect"; url: URL } | { kind: "page"; url: string; status?: number; loginForm: boolean };

const NAVIGATION_TIMEOUT_MS = 10_000;
const MAX_ASKED = 5000;

/** A request's target as the guard proxy names it: host:port for a tunnel (https, wss), else the URL without query. */
function proxyTarget(url: URL): string {
  if (url.protocol === "https:" || url.protocol === "wss:") return `${url.hostname}:${url.port || 443}`;
  if (url.protocol === "ws:") return `${url.hostname}:${url.port || 80}`;
  return `${url.origin}${url.pathname}`;
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
 * Headless Chromium (Debian's, through playwright-core: nothing downloaded) driving the partner's real pages: its
 * login form, authorize with and without a session, and the session cookie as a browser keeps it. Every request the
 * browser makes, the hops of a redirect included, goes through a proxy applying the outbound rules (https, public
 * addresses after DNS, connected to the address checked; loopback under the development switch): a provider cannot
 * steer the validator's browser into this network. The redirect URI is never loaded: the request the redirect makes
 * is seen and its query read, and the proxy does not connect to its host.
 */
export class IdpBrowser {
  /** Raw Set-Cookie headers of the provider's answers (the attributes as sent, e.g. a missing SameSite). */
  readonly setCookies: string[] = [];
  /** What the pages asked for, as the proxy names it (host:port of a tunnel, the URL without query of plain http). */
  private readonly asked = new Set<string>();

  private constructor(
    private readonly input: SsoCheckInput,
    private readonly browser: Browser,
    private readonly proxy: GuardProxy,
    readonly context: BrowserContext,
  ) {}

  /**
   * What the provider's pages tried to reach and the outbound rules refused (target and reason; of the proxy's first
   * 50 refusals). Chromium's own requests (an update check it makes even with background networking off) are left out.
   */
  get refused(): GuardProxyRefusal[] {
    return this.proxy.refusals.filter((r) => this.asked.has(r.target));
  }

  static async open(input: SsoCheckInput): Promise<IdpBrowser> {
    const hostPort = (u: URL) => `${u.hostname}:${u.port || (u.protocol === "http:" ? 80 : 443)}`;
    const ownHost = hostPort(new URL(input.redirectUri)) === hostPort(new URL(input.issuer));
    // The redirect URI's requests are seen (the code read from their URL) and refused at once by the proxy, quietly
    // (not the provider's fault): nothing reaches the brand. Unless it is the provider's own host and port.
    // Under the development switch, this machine is open to the provider's origin and its partner API's only: not to
    // the database, the cache, the application or its operators' pages listening here too.
    const proxy = await startGuardProxy({
      allowLoopback: input.allowLoopback,
      loopbackAllowed: [input.issuer, input.partnerApi?.url].filter((u): u is string => !!u && URL.canParse(u)),
      quietlyRefused: ownHost ? [] : [input.redirectUri],
    });
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({
        executablePath: input.chromiumPath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          // Every request through the guard, loopback included (Chromium would otherwise go there directly).
          `--proxy-server=${proxy.url}`,
          "--proxy-bypass-list=<-loopback>",
          // WebRTC only through the proxy (TURN over TCP): no UDP (STUN, TURN) straight from this machine.
          "--webrtc-ip-handling-policy=disable_non_proxied_udp",
          ...(input.trust?.spkiSha256 ? [`--ignore-certificate-errors-spki-list=${input.trust.spkiSha256}`] : []),
        ],
      });
      const b = new IdpBrowser(input, browser, proxy, await browser.newContext());
      b.watch(b.context);
      return b;
    } catch (e) {
      await browser?.close().catch(() => {});
      await proxy.close();
      throw e;
    }
  }

  /** A new context holding only `cookies` (the session-cookie check removes one at a time). */
  async contextWith(cookies: Cookie[]): Promise<BrowserContext> {
    const context = await this.browser.newContext();
    this.watch(context);
    if (cookies.length) await context.addCookies(cookies);
    return context;
  }

  async close(): Promise<void> {
    try {
      await this.browser.close();
    } finally {
      await this.proxy.close();
    }
  }

  /** Collects the provider's Set-Cookie headers, and what the pages asked for (redirects included). */
  private watch(context: BrowserContext): void {
    context.on("request", (request) => {
      if (this.asked.size < MAX_ASKED) this.asked.add(proxyTarget(new URL(request.url())));
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
