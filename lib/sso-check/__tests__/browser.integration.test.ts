import dgram from "node:dgram";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OutboundRefused } from "@/lib/http/node";
import { log } from "@/lib/log";
import { IdpBrowser } from "../browser";
import type { SsoCheckInput } from "../input";

/**
 * The validator's browser against a provider that redirects it into this network: every hop of a redirect goes through
 * the outbound rules (Playwright's request interception never sees those hops), the redirect URI's request is seen
 * but never reaches the brand. Development switch on, so the provider and the brand can be loopback servers.
 */
let idp: http.Server;
let brand: http.Server;
let issuer: string;
let redirectUri: string;
let brandPort: number;
const brandHits: string[] = [];
/** Another service on this machine (a database, a cache): the development switch does not open it to the pages. */
let other: net.Server;
let otherPort: number;
let otherConnections = 0;
let input: SsoCheckInput;
let browser: IdpBrowser;
/** Answers the browser got from the targets a provider must not reach. */
const forbiddenAnswers: string[] = [];

const FORBIDDEN = /169\.254\.169\.254|10\.255\.255\.1/;

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  brand = http.createServer((req, res) => {
    brandHits.push(req.url ?? "");
    res.end("the brand");
  });
  // *.localhost is this machine (RFC 6761): the brand's server, were the request let through.
  brandPort = await listen(brand);
  redirectUri = `http://brand.localhost:${brandPort}/oauth2/idpresponse`;
  other = net.createServer((socket) => {
    otherConnections++;
    socket.end("+PONG\r\n");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherPort = (other.address() as AddressInfo).port;
  const targets: Record<string, string> = {
    metadata: "http://169.254.169.254/latest/meta-data",
    "metadata-https": "https://169.254.169.254/latest/meta-data",
    private: "http://10.255.255.1/",
    brand: `${redirectUri}?code=the-code&state=the-state`,
    // The same redirect URI as the browser writes it when it was registered with the scheme's default port.
    "brand-default-port": "http://brand.localhost/oauth2/idpresponse?code=code-2&state=state-2",
    "other-port": `http://127.0.0.1:${otherPort}/`,
    "other-port-https": `https://127.0.0.1:${otherPort}/`,
  };
  idp = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to") ?? "";
    if (targets[to]) return res.writeHead(302, { location: targets[to] }).end();
    // Cookies set on the way to the redirect URI: each hop of a redirect chain sets one.
    const hop = Number(url.searchParams.get("hop") ?? "-1");
    if (url.pathname === "/cookies" && hop >= 0)
      return res
        .writeHead(302, {
          "set-cookie": [`hop${hop}=v${hop}; Path=/; HttpOnly`, `extra${hop}=x; Path=/; SameSite=Lax`],
          location: hop < 4 ? `/cookies?hop=${hop + 1}` : `${redirectUri}?code=c&state=s`,
        })
        .end();
    if (url.pathname === "/download")
      return res
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": "attachment; filename=x.bin",
        })
        .end("downloaded bytes");
    res.writeHead(404).end();
  });
  issuer = `http://127.0.0.1:${await listen(idp)}`;
  input = {
    issuer,
    clientId: "brand-a",
    clientSecret: "brand-a-secret",
    redirectUri,
    production: false,
    allowLoopback: true,
  };
  browser = await IdpBrowser.open(input);
  browser.context.on("response", (response) => {
    if (FORBIDDEN.test(response.url())) forbiddenAnswers.push(`${response.status()} ${response.url()}`);
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  idp?.closeAllConnections();
  idp?.close();
  brand?.closeAllConnections();
  brand?.close();
  other?.close();
});

/** A process of /proc: its command line and, when readable, its environment (NAME=value each). */
interface Proc {
  pid: number;
  ppid: number;
  cmdline: string[];
  environ?: string[];
}

function processes(): Proc[] {
  const list: Proc[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
      let environ: string[] | undefined;
      try {
        environ = fs.readFileSync(`/proc/${name}/environ`, "utf8").split("\0").filter(Boolean);
      } catch {
        // not readable (a sandboxed process): its command line still tells what it is
      }
      list.push({ pid: Number(name), ppid, cmdline, environ });
    } catch {
      // ended meanwhile
    }
  }
  return list;
}

/**
 * The Chromium processes this test process started (its descendants, through Debian's wrapper), and those sharing
 * their profile (the crash handler, which Chromium starts detached).
 */
function chromiumProcesses(): Proc[] {
  const all = processes();
  const mine = new Set([process.pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const p of all) if (mine.has(p.ppid) && !mine.has(p.pid)) grown = Boolean(mine.add(p.pid));
  }
  const descendants = all.filter((p) => p.pid !== process.pid && mine.has(p.pid) && /chrom/.test(p.cmdline[0] ?? ""));
  const profiles = descendants.flatMap((p) =>
    p.cmdline.filter((a) => a.startsWith("--user-data-dir=")).map((a) => a.slice("--user-data-dir=".length)),
  );
  return all.filter(
    (p) => descendants.includes(p) || (profiles.length && profiles.some((dir) => p.cmdline.join(" ").includes(dir))),
  );
}

describe("the validator's browser", () => {
  it("does not follow a provider's redirect to the cloud metadata address (plain http or https)", async () => {
    const plain = await browser.authorize(`${issuer}/authorize?to=metadata`);
    expect(plain).toMatchObject({ kind: "page", url: "http://169.254.169.254/latest/meta-data", status: 403 });
    const tls = await browser.authorize(`${issuer}/authorize?to=metadata-https`);
    expect(tls).toMatchObject({ kind: "page" });
    expect(tls.kind === "page" && tls.status).not.toBe(200);
    expect(browser.refused).toEqual(
      expect.arrayContaining([
        { target: "http://169.254.169.254/latest/meta-data", reason: expect.stringMatching(/metadata/) },
        { target: "169.254.169.254:443", reason: expect.stringMatching(/metadata/) },
      ]),
    );
    expect(forbiddenAnswers.filter((a) => a.startsWith("200"))).toEqual([]);
  });

  it("does not follow a redirect to a private address", async () => {
    const outcome = await browser.authorize(`${issuer}/authorize?to=private`);
    expect(outcome).toMatchObject({ kind: "page", status: 403 });
    expect(browser.refused).toContainEqual({
      target: "http://10.255.255.1/",
      reason: expect.stringMatching(/private/),
    });
    expect(forbiddenAnswers.filter((a) => a.startsWith("200"))).toEqual([]);
  });

  it("catches the redirect to the redirect URI (the code read) without the brand ever being reached", async () => {
    const outcome = await browser.authorize(`${issuer}/authorize?to=brand`);
    expect(outcome.kind).toBe("redirect");
    expect(outcome.kind === "redirect" && outcome.url.searchParams.get("code")).toBe("the-code");
    expect(outcome.kind === "redirect" && `${outcome.url.origin}${outcome.url.pathname}`).toBe(redirectUri);
    expect(brandHits).toEqual([]);
  });

  it("sends no UDP past the proxy: a page's WebRTC (STUN) reaches nothing", async () => {
    const udp = dgram.createSocket("udp4");
    let packets = 0;
    udp.on("message", () => packets++);
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const page = await browser.context.newPage();
    try {
      const gathered = await page.evaluate(
        async (port) => {
          const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
          pc.createDataChannel("probe");
          await pc.setLocalDescription(await pc.createOffer());
          await new Promise((resolve) => {
            pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && resolve(undefined);
            setTimeout(resolve, 3000);
          });
          pc.close();
          return pc.iceGatheringState;
        },
        (udp.address() as AddressInfo).port,
      );
      expect(gathered).toBe("complete");
      expect(packets).toBe(0);
    } finally {
      await page.close();
      udp.close();
    }
  });

  it("reaches no other port of this machine under the development switch: only the provider's origin", async () => {
    expect(await browser.authorize(`${issuer}/authorize?to=other-port`)).toMatchObject({ kind: "page", status: 403 });
    const tls = await browser.authorize(`${issuer}/authorize?to=other-port-https`);
    expect(tls.kind === "page" && tls.status).not.toBe(200);
    expect(otherConnections).toBe(0);
    expect(browser.refused).toEqual(
      expect.arrayContaining([
        { target: `http://127.0.0.1:${otherPort}/`, reason: expect.stringMatching(/does not open/) },
        { target: `127.0.0.1:${otherPort}`, reason: expect.stringMatching(/does not open/) },
      ]),
    );
  });

  it.each([
    ["file:///etc/passwd", /http\(s\) URLs only, not a file: URL/],
    ["chrome://settings", /http\(s\) URLs only, not a chrome: URL/],
    ["javascript:alert(1)", /http\(s\) URLs only/],
    ["data:text/html,<p>x</p>", /http\(s\) URLs only/],
    ["about:blank", /http\(s\) URLs only/],
    ["not a url", /http\(s\) URLs only/],
    ["http://10.0.0.1/authorize", /does not open http:\/\/10\.0\.0\.1: it must use https/],
    ["https://user:pw@idp.example/authorize", /must not carry credentials/],
    ["https://idp.example/authorize#x", /must not have a fragment/],
  ])("refuses to open %s (an authorize endpoint a discovery document named), before any page", async (url, reason) => {
    const pages = browser.context.pages().length;
    const refused = browser.authorize(url);
    await expect(refused).rejects.toBeInstanceOf(OutboundRefused);
    await expect(refused).rejects.toThrow(reason);
    expect(browser.context.pages()).toHaveLength(pages);
  });

  it("has every Set-Cookie header of the provider's answers when authorize returns, however slow their reading", async () => {
    // Playwright reads raw headers asynchronously; slowed down here, as a busy browser would have it.
    type Readable = { headerValues(name: string): Promise<string[]> };
    let proto: Readable | undefined;
    const grab = (response: object) => (proto ??= Object.getPrototypeOf(response) as Readable);
    browser.context.on("response", grab);
    await browser.authorize(`${issuer}/authorize?to=brand`);
    browser.context.off("response", grab);
    const original = proto!.headerValues;
    proto!.headerValues = async function (this: Readable, name: string) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return original.call(this, name);
    };
    try {
      const outcome = await browser.authorize(`${issuer}/cookies?hop=0`);
      expect(outcome.kind).toBe("redirect");
      const names = browser.setCookies.map((h) => h.split("=")[0]);
      for (let hop = 0; hop <= 4; hop++) expect(names).toEqual(expect.arrayContaining([`hop${hop}`, `extra${hop}`]));
      expect(await browser.setCookieHeaders()).toEqual(browser.setCookies);
    } finally {
      proto!.headerValues = original;
    }
  });

  it("accepts no download", async () => {
    const page = await browser.context.newPage();
    try {
      const download = page.waitForEvent("download", { timeout: 5000 });
      await page.goto(`${issuer}/download`).catch(() => null);
      expect(await (await download).failure()).toBeTruthy();
    } finally {
      await page.close();
    }
  });

  it("lists only what the provider's pages tried to reach, not the redirect URI nor Chromium's own requests", () => {
    // Chromium's own: an update check, each refused page's favicon (the proxy refused them too, it lists them).
    expect(browser.refused.map((r) => r.target).sort()).toEqual(
      [
        "169.254.169.254:443",
        "http://10.255.255.1/",
        "http://169.254.169.254/latest/meta-data",
        `http://127.0.0.1:${otherPort}/`,
        `127.0.0.1:${otherPort}`,
      ].sort(),
    );
  });
});

describe("Chromium's environment and sandbox", () => {
  const canary = `IDP_BROWSER_CANARY_${process.pid}`;
  let second: IdpBrowser | undefined;
  let seen: Proc[] = [];
  beforeAll(async () => {
    const before = new Set(chromiumProcesses().map((p) => p.pid)); // the first browser's
    process.env[canary] = "canary-secret-value";
    try {
      // A redirect URI written with an upper-case host, the scheme's default port and a query of its own.
      second = await IdpBrowser.open({ ...input, redirectUri: "http://Brand.LOCALHOST:80/oauth2/idpresponse?b=1" });
      seen = chromiumProcesses().filter((p) => !before.has(p.pid));
    } finally {
      delete process.env[canary];
    }
  }, 60_000);
  afterAll(async () => {
    await second?.close();
  });

  it("passes none of this server's environment to Chromium: a home of its own, removed on close", async () => {
    const browserProcess = seen.find(
      (p) => p.environ && !p.cmdline.some((a) => a.startsWith("--type=")) && /chromium$/.test(p.cmdline[0] ?? ""),
    );
    expect(browserProcess, JSON.stringify(seen.map((p) => p.cmdline.slice(0, 2)))).toBeDefined();
    for (const p of seen) expect(p.environ?.join("\n") ?? "", `process ${p.cmdline[0]}`).not.toContain("canary-secret");
    // Nothing of this process's environment either (DATABASE_URL, AUTH_SECRET… when set), but the search path, the
    // time zone and language, and what Debian's wrapper sets itself.
    const own = (name: string) =>
      /^(PATH|PWD|TZ|LANG|CHROME_\w+|CHROMIUM_FLAGS|GOOGLE_\w+|DBUS_SESSION_BUS_ADDRESS)$/.test(name);
    const server = Object.entries(process.env)
      .filter(([name, value]) => !own(name) && value)
      .map(([name, value]) => `${name}=${value}`);
    expect(browserProcess!.environ!.filter((v) => server.includes(v))).toEqual([]);
    const home = browserProcess!.environ!.find((v) => v.startsWith("HOME="))!.slice(5);
    expect(home.startsWith(`${os.tmpdir()}/idp-browser-`)).toBe(true);
    expect(browserProcess!.environ).toEqual(
      expect.arrayContaining([
        `XDG_CONFIG_HOME=${home}/.config`,
        `XDG_CACHE_HOME=${home}/.cache`,
        `TMPDIR=${home}/tmp`,
      ]),
    );
    expect(fs.existsSync(home)).toBe(true);
    const closing = second!;
    second = undefined;
    await closing.close();
    expect(fs.existsSync(home)).toBe(false);
  });

  it("runs Chromium sandboxed unless this process is root (where Chromium refuses a sandbox)", () => {
    const root = process.getuid?.() === 0;
    const flagged = seen.filter((p) => p.cmdline.includes("--no-sandbox")).length;
    expect(seen.length).toBeGreaterThan(0);
    if (root) expect(flagged).toBeGreaterThan(0);
    else expect(flagged).toBe(0);
  });

  it("falls back to no sandbox, said in the log, where the sandbox cannot start", async () => {
    const warn = vi.spyOn(log, "warn");
    const b = await IdpBrowser.open(input, { sandbox: true });
    try {
      expect(await b.authorize(`${issuer}/authorize?to=brand`)).toMatchObject({ kind: "redirect" });
      // As root Chromium refuses its sandbox: the browser runs without it, and says so; elsewhere it starts sandboxed.
      if (process.getuid?.() === 0)
        expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/sandbox cannot start here/));
    } finally {
      warn.mockRestore();
      await b.close();
    }
  });
});

describe("the redirect URI as registered", () => {
  it("is caught whatever its host's case, an explicit default port or its own query", async () => {
    const b = await IdpBrowser.open({ ...input, redirectUri: "http://Brand.LOCALHOST:80/oauth2/idpresponse?b=1" });
    try {
      const outcome = await b.authorize(`${issuer}/authorize?to=brand-default-port`);
      expect(outcome).toMatchObject({ kind: "redirect" });
      expect(outcome.kind === "redirect" && outcome.url.searchParams.get("code")).toBe("code-2");
      expect(b.refused).toEqual([]);
      expect(brandHits).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
