import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from "playwright-core";
import { startGuardProxy, targetKey, type GuardProxy, type GuardProxyRefusal } from "@/lib/http/guard-proxy";
import { idpUrlProblem, OutboundRefused } from "@/lib/http/outbound";
import { log } from "@/lib/log";
import { providerOrigins } from "./http";
import type { SsoCheckInput } from "./input";

/** Where an authorize request ended: a redirect to the redirect URI (caught), or a page of the provider. */
export type AuthorizeOutcome =
  { kind: "redirect"; url: URL } | { kind: "page"; url: string; status?: number; loginForm: boolean };

const NAVIGATION_TIMEOUT_MS = 10_000;
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
  const env: Record<string, string> = { PATH: process.env.PATH || "/usr/local/bin:/usr/bin:/bin", HOME: home, ...dirs };
  for (const name of ["TZ", "LANG"] as const) if (process.env[name]) env[name] = process.env[name];
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
      loopbackAllowed: providerOrigins(input),
      quietlyRefused: ownHost ? [] : [input.redirectUri],
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
          executablePath: input.chromiumPath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    context.on("response", (response) => {
      if (new URL(response.url()).origin !== issuer) return;
      const read: Promise<void> = response.headerValues("set-cookie").then(
        (values) => void this.setCookies.push(...values),
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
   * Opens an authorize URL in a page of `context` and reports where it ended. With `user`, a login form on the way is
   * filled in and sent (the interactive sign-in); without, a login page is where it ends.
   */
  async authorize(
    url: string,
    opts: { context?: BrowserContext; user?: SsoCheckInput["user"] } = {},
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
    const redirectUri = endpoint(new URL(this.input.redirectUri));
    page.on("request", (request) => {
      const u = new URL(request.url());
      if (!caught && endpoint(u) === redirectUri) {
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
