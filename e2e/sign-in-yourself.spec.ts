import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { IdpLoginPage } from "./fixtures/sso";
import { IDP, PORT, screenshotPath, watchConsole } from "./fixtures/site";
import { E2E_OPS_TOKEN } from "./seed";

/**
 * "Sign in yourself" against the reference partner IdP (its session cookie SameSite=None; Secure), from the
 * operators' page: the operator makes the link, the partner opens it in a browser of their own and signs in on the
 * IdP's login page by hand; the report shows in the partner's browser and on the operator's page.
 */
const OPS = `http://127.0.0.1:${PORT}/ops`;

/** The partner's pages pass axe-core's WCAG 2.1 A and AA rules (as e2e/accessibility.spec.ts checks the others). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an operator's link: the partner signs in at the reference IdP in their own browser and reads the report", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.goto(`${OPS}/sso/sakura`);
  await page.getByLabel("Token").fill(E2E_OPS_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.goto(`${OPS}/sso/sakura`);

  const section = page.getByRole("region", { name: "Sign in yourself" });
  await section.getByRole("combobox", { name: /^Environment/ }).selectOption("staging");
  await section.getByRole("button", { name: "Make the link" }).click();
  const status = page.locator("[data-run-status]");
  await expect(status).toHaveAttribute("data-run-status", "waiting", { timeout: 60_000 });
  const link = await page.locator("code.self-sign-link").innerText();
  expect(link).toMatch(new RegExp(`^http://brand-b\\.localhost:${PORT}/sso/sign-in-yourself/[\\w-]+\\.[\\w-]+$`));
  // The checks that need no session are already there.
  await expect(page.locator("tr[data-item='authorize.prompt_none']")).toHaveAttribute("data-status", "pass");

  // The partner, in a browser of their own.
  const partner = await (await browser.newContext()).newPage();
  await partner.goto(link);
  await expectAccessible(partner);
  await partner.getByRole("button", { name: "Start" }).click();
  await new IdpLoginPage(partner).signIn();
  await expect(partner.getByRole("heading", { name: "The report" })).toBeVisible({ timeout: 60_000 });
  for (const id of [
    "authorize.code",
    "authorize.silent",
    "token.post",
    "token.basic",
    "token.wrong_secret",
    "token.reused_code",
    "token.other_redirect",
    "id_token.signature",
    "id_token.nonce",
    "id_token.profile",
    "userinfo",
  ])
    await expect(partner.locator(`tr[data-item='${id}']`), id).toHaveAttribute("data-status", "pass");
  await expect(partner.locator("tr[data-item='session_cookie']")).toHaveAttribute("data-status", "skipped");
  await expect(partner.getByRole("status")).toContainText("passed, but incomplete");
  await expectAccessible(partner);
  await partner.screenshot({ path: screenshotPath("sso-sign-in-yourself.png"), fullPage: true });
  expect(new URL(partner.url()).origin).not.toBe(IDP);

  // The operator's page catches up, with the stored report.
  await expect(status).toHaveAttribute("data-run-status", "done", { timeout: 15_000 });
  await status.getByRole("link", { name: "The stored report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sakura Journeys · staging");
  await expect(page.locator("tr[data-item='authorize.silent']")).toHaveAttribute("data-status", "pass");
  expect(errors).toEqual([]);
  await partner.context().close();
});
