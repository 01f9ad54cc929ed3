import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoUsers } from "..";
import {
  APACHE_RP_PATHS,
  apacheRedirectUri,
  startApacheRp,
  type ApacheRp,
  type ApacheRpSite,
  freePort,
  CHROMIUM,
} from "@/lib/testing";
import { startIdpCommand, type IdpCommand } from "./idp-command";

/**
 * Proof that a partner can copy the reference IdP, not only that our own relying party likes it: Apache with
 * Debian's mod_auth_openidc 2.4.12 (lib/testing/apache-rp.ts), a relying party nobody here wrote, against
 * `npm run partner-idp` over HTTPS with its clients registered by a clients file, driven in Chromium as a person
 * would be. Two providers: one as it starts by default, one with RFC 9207's iss switched off
 * (PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS=false; docs/decisions.md, "RFC 9207").
 */
const USER = demoUsers[0]!;

/** Apache's sites: name → the client it is at its provider (the clients file registers them at both). */
const SITES = {
  basic: { clientId: "apache-basic", method: "client_secret_basic", secretEnv: "APACHE_BASIC_SECRET" },
  post: { clientId: "apache-post", method: "client_secret_post", secretEnv: "APACHE_POST_SECRET" },
  /** At the provider without iss. */
  legacy: { clientId: "apache-legacy", method: "client_secret_basic", secretEnv: "APACHE_LEGACY_SECRET" },
} as const;
type SiteName = keyof typeof SITES;
const SECRETS: Record<string, string> = {
  APACHE_BASIC_SECRET: "apache-basic-secret-000001",
  APACHE_POST_SECRET: "apache-post-secret-0000002",
  APACHE_LEGACY_SECRET: "apache-legacy-secret-00003",
};

let dir: string;
let withIss: IdpCommand | undefined;
let withoutIss: IdpCommand | undefined;
let apache: ApacheRp | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const providerOf = (site: SiteName) => (site === "legacy" ? withoutIss! : withIss!);
const place = (site: SiteName, where: keyof typeof APACHE_RP_PATHS) =>
  `${apache!.origin(site)}${APACHE_RP_PATHS[where]}`;
/** What every process involved said, for a failure's message. */
const logs = () => `${withIss?.output()}\n${withoutIss?.output()}\n${apache?.logs()}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mod-auth-openidc-"));
  // The providers register Apache's redirect URIs before Apache starts: its port is chosen first.
  const port = await freePort();
  const clientsFile = path.join(dir, "clients.json");
  fs.writeFileSync(
    clientsFile,
    JSON.stringify({
      clients: Object.entries(SITES).map(([name, s]) => ({
        clientId: s.clientId,
        clientSecretEnv: s.secretEnv,
        redirectUris: [apacheRedirectUri(name, port)],
        tokenEndpointAuthMethod: s.method,
        name: `Partner intranet (${name})`,
      })),
    }),
  );
  const start = (env: Record<string, string> = {}) =>
    startIdpCommand(["--port", "0", "--data-dir", path.join(dir, "idp"), "--clients-file", clientsFile], {
      ...SECRETS,
      ...env,
    });
  // One data dir: the second provider reuses the first's keys and certificate (no second key generation on a busy
  // machine), so one CA and one certificate hash serve both, and Chromium can start meanwhile.
  withIss = await start();
  // Both kept as soon as they are up, so that afterAll stops whichever started if the other failed.
  const started = await Promise.allSettled([
    start({ PARTNER_IDP_AUTHORIZATION_RESPONSE_ISS: "false" }).then((idp) => (withoutIss = idp)),
    chromium
      .launch({
        executablePath: CHROMIUM,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          `--ignore-certificate-errors-spki-list=${withIss.spkiSha256}`,
        ],
      })
      .then((b) => (browser = b)),
  ]);
  for (const result of started) if (result.status === "rejected") throw result.reason;
  apache = await startApacheRp({
    port,
    sites: Object.entries(SITES).map(([name, s]): ApacheRpSite => ({
      name,
      issuer: providerOf(name as SiteName).issuer,
      clientId: s.clientId,
      clientSecret: SECRETS[s.secretEnv]!,
      tokenEndpointAuthMethod: s.method,
      caFile: providerOf(name as SiteName).caFile,
    })),
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await apache?.stop();
  await Promise.all([withIss?.stop(), withoutIss?.stop()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext();
  page = await context.newPage();
});

/** Every top-level navigation of the page from now on (origin and path, and the query). */
function navigations(): URL[] {
  const seen: URL[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) seen.push(new URL(r.url()));
  });
  return seen;
}

/** The claims the protected page shows (mod_auth_openidc's OIDC_CLAIM_* environment, echoed). */
async function shownClaims(): Promise<Record<string, string>> {
  const text = async (id: string) => ((await page.locator(`#${id}`).textContent()) ?? "").trim();
  const ids = ["sub", "email", "given_name", "family_name", "iss", "aud", "remote_user"];
  return Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await text(id)])));
}

const claimsOf = (site: SiteName) => ({
  sub: USER.sub,
  email: USER.email,
  given_name: USER.given_name,
  family_name: USER.family_name,
  iss: providerOf(site).issuer,
  aud: SITES[site].clientId,
  remote_user: USER.sub,
});

/** Opens the site's interactive place, signs in on the provider's login page, and waits for the way back. */
async function signIn(site: SiteName): Promise<void> {
  await page.goto(place(site, "interactive"));
  await page.waitForURL((u) => u.href.startsWith(`${providerOf(site).issuer}/login/`));
  await page.locator("input[name='email']").fill(USER.email);
  await page.locator("input[name='password']").fill(DEMO_PASSWORD);
  await page.locator("button[type='submit']").click();
  await page.waitForURL(place(site, "interactive"), { timeout: 20_000 }).catch((e: unknown) => {
    throw new Error(`${(e as Error).message}\nat ${page.url()}\n${logs()}`);
  });
}

describe("mod_auth_openidc 2.4.12 against the reference IdP", () => {
  it.each(["basic", "post", "legacy"] as const)(
    "%s: signs in on the IdP's login page and lands on the protected page with the user's claims",
    async (site) => {
      const seen = navigations();
      await signIn(site);
      expect(await shownClaims()).toEqual(claimsOf(site));
      // page → authorize → login page → (login) → callback with a code → page.
      const callback = seen.find((u) => u.pathname === "/redirect_uri");
      expect(callback?.searchParams.get("code")).toEqual(expect.any(String));
      // The provider without RFC 9207's iss leaves it out of the code response too; the other names itself.
      expect(callback?.searchParams.get("iss")).toBe(site === "legacy" ? null : withIss!.issuer);
    },
  );

  it("signs in silently (prompt=none) on another site, a second client, while the IdP session lasts", async () => {
    await signIn("basic");
    const seen = navigations();
    await page.goto(place("post", "silent"));
    await page.waitForURL(place("post", "silent"));
    expect(await shownClaims()).toEqual(claimsOf("post"));
    const authorize = seen.find((u) => u.origin === withIss!.issuer && u.pathname === "/authorize");
    expect(authorize?.searchParams.get("prompt")).toBe("none");
    expect(authorize?.searchParams.get("client_id")).toBe(SITES.post.clientId);
    expect(seen.some((u) => u.pathname.startsWith("/login/"))).toBe(false);
  });

  describe("prompt=none without a session at the IdP: error=login_required", () => {
    it("with RFC 9207's iss (the default), mod_auth_openidc 2.4.12 takes the callback for a login started at the IdP and shows an error", async () => {
      const seen = navigations();
      await page.goto(place("post", "silent"));
      await expect.poll(() => page.locator("body").textContent(), { timeout: 15_000 }).toContain("target_link_uri");
      const callback = seen.find((u) => u.pathname === "/redirect_uri");
      expect(callback?.searchParams.get("error")).toBe("login_required");
      expect(callback?.searchParams.get("iss")).toBe(withIss!.issuer);
      expect(await page.locator("body").textContent()).not.toContain("login_required");
    });

    it("with iss switched off, mod_auth_openidc handles it as the provider's login_required error", async () => {
      const seen = navigations();
      await page.goto(place("legacy", "silent"));
      await expect
        .poll(() => page.locator("body").textContent(), { timeout: 15_000 })
        .toContain("OpenID Connect Provider error: login_required");
      const callback = seen.find((u) => u.pathname === "/redirect_uri");
      expect(callback?.searchParams.get("error")).toBe("login_required");
      expect(callback?.searchParams.has("iss")).toBe(false);
      // Nobody was signed in on the way.
      expect(seen.some((u) => u.pathname.startsWith("/login/"))).toBe(false);
    });
  });
});
