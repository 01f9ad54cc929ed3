import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { startAppServer, type AppServer } from "@/lib/testing";
import { site, watchConsole, screenshotPath } from "./fixtures/site";
import { account, PARTNER_PASSWORD, PARTNER_USER, signInAtPartnerSite } from "./fixtures/sso";
import { demoBrands } from "@/lib/brands/node";
import { startPartnerIdp, type PartnerIdp, type PartnerIdpFault } from "@/lib/partner-idp";

/**
 * The silent-SSO test page of every brand (/sso-test): a partner runs a silent sign-in in their own browser and sees
 * each step, with a plain hint for every failure. It never signs anyone in and never shows a token whole.
 */
async function runTest(page: Page, base: (p: string) => string) {
  await page.goto(base("/sso-test"));
  await page.getByRole("button", { name: "Run the test" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/sso-test");
}
const stepOf = (page: Page, id: string) => page.locator(`[data-step="${id}"]`);

test("with a session at the partner: a passing trace, step by step, and nobody signed in", async ({ page }) => {
  const errors = watchConsole(page);
  await signInAtPartnerSite(page);
  await runTest(page, (p) => site("sakura", p));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Passed: silent sign-in works in this browser");
  for (const id of ["authorize", "answer", "token", "id_token", "rules", "user"])
    await expect(stepOf(page, id)).toHaveAttribute("data-status", "ok");
  await expect(stepOf(page, "userinfo")).toHaveAttribute("data-status", "skipped");
  await expect(stepOf(page, "authorize")).toContainText("prompt");
  await expect(stepOf(page, "authorize")).toContainText("code_challenge_method");
  await expect(stepOf(page, "rules").locator("tr[data-ok='true']")).toHaveCount(9);
  await expect(stepOf(page, "user")).toContainText(`Northwind_${PARTNER_USER.sub}`);
  await expect(stepOf(page, "id_token")).toContainText(PARTNER_USER.email);
  // Never a token whole, never the client secret; and the visitor is not signed in.
  const html = await page.content();
  expect(html).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
  expect(html).not.toContain(PARTNER_PASSWORD);
  expect(html).not.toContain("demo-sakura-sso-secret");
  await expect(account(page).getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => fetch("/api/auth/session").then((r) => r.json()))).toBeNull();
  expect(errors).toEqual([]);
  await page.screenshot({ path: screenshotPath("sso-test-page-pass.png"), fullPage: true });
});

test("without a session at the partner: the IdP's login_required, with the hint about the session cookie", async ({
  page,
}) => {
  await runTest(page, (p) => site("aurora", p));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText("Failed: silent sign-in would not sign you in");
  const answer = stepOf(page, "answer");
  await expect(answer).toHaveAttribute("data-status", "failed");
  await expect(answer).toContainText("login_required");
  await expect(answer.locator(".trace-hint")).toContainText("SameSite=None; Secure");
});

test.describe("broken identity providers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sso-test-page-"));
  const brandsByFault: [string, PartnerIdpFault][] = [
    ["aurora", "hs256-id-token"],
    ["sakura", "missing-nonce"],
    ["cedar", "issuer-trailing-slash"],
  ];
  let app: AppServer;
  const idps = new Map<string, PartnerIdp>();
  const host = (id: string) => `${id}-test.localhost`;
  const base = (id: string) => (p: string) => `http://${host(id)}:${app.port}${p}`;

  test.beforeAll(async () => {
    app = await startAppServer(async (port) => {
      const brands = [];
      const env: Record<string, string> = {};
      for (const [i, [id, fault]] of brandsByFault.entries()) {
        const redirect = `http://${host(id)}:${port}/oauth2/idpresponse`;
        const secret = `${id}-test-secret-0001`;
        const idp = await startPartnerIdp({
          dataDir: dir,
          faults: [fault],
          clients: [{ clientId: `${id}-rp`, clientSecret: secret, redirectUris: [redirect] }],
        });
        idps.set(id, idp);
        env[`${id.toUpperCase()}_SECRET`] = secret;
        const template = structuredClone(demoBrands.brands[i % 2]!);
        brands.push({
          ...template,
          id,
          hosts: [host(id)],
          canonicalUrl: `http://${host(id)}:${port}`,
          partner: { ...template.partner, source: `${id}-test`, keys: [`${id}-test-partner-key-00001`] },
          sso: {
            providerName: "Broken",
            environments: {
              production: { issuer: idp.issuer, clientId: `${id}-rp`, clientSecretEnv: `${id.toUpperCase()}_SECRET` },
            },
          },
        });
      }
      const file = path.join(dir, "brands.json");
      fs.writeFileSync(file, JSON.stringify({ brands }));
      return {
        DATABASE_URL: `sqlite://${dir}/hotels.sqlite`,
        BRANDS_FILE: file,
        AUTH_SECRET: "sso-test-page-secret-0123456789abcdef",
        SSO_DEV_ALLOW_LOOPBACK: "true",
        NODE_EXTRA_CA_CERTS: idps.get("aurora")!.caFile,
        ...env,
      };
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    for (const idp of idps.values()) await idp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Signed in at this brand's (broken) IdP, through its partner site, then the test. */
  async function traceOf(browser: import("@playwright/test").Browser, id: string): Promise<Page> {
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
    await page.goto(`${idps.get(id)!.issuer}/`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("E-mail").fill(PARTNER_USER.email);
    await page.getByLabel("Password").fill(PARTNER_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Signed in as")).toBeVisible();
    await runTest(page, base(id));
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Failed: silent sign-in would not sign you in");
    return page;
  }

  test("an HS256 id_token: the alg and signature rules fail, with the RS256 hint", async ({ browser }) => {
    const page = await traceOf(browser, "aurora");
    const rules = stepOf(page, "rules");
    await expect(rules.locator("tr[data-rule='alg']")).toHaveAttribute("data-ok", "false");
    await expect(rules.locator("tr[data-rule='alg']")).toContainText("only RS256 is accepted");
    await expect(rules.locator("tr[data-rule='alg']")).toContainText("HS256 is not supported");
    await expect(rules.locator("tr[data-rule='iss']")).toHaveAttribute("data-ok", "true");
  });

  test("no nonce in the id_token: the nonce rule fails, with its hint", async ({ browser }) => {
    const page = await traceOf(browser, "sakura");
    const nonce = stepOf(page, "rules").locator("tr[data-rule='nonce']");
    await expect(nonce).toHaveAttribute("data-ok", "false");
    await expect(nonce).toContainText("Echo the authorize request's nonce");
    await expect(stepOf(page, "rules").locator("tr[data-ok='false']")).toHaveCount(1);
  });

  test("an issuer that differs by a trailing slash: discovery is refused, and the trace says so", async ({
    browser,
  }) => {
    const page = await traceOf(browser, "cedar");
    const discovery = stepOf(page, "discovery");
    await expect(discovery).toHaveAttribute("data-status", "failed");
    await expect(discovery).toContainText("is not the configured issuer");
    await expect(discovery.locator(".trace-hint")).toContainText("issuer equal to the configured one");
  });
});
