import http from "node:http";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { DEMO_SSO_CLIENTS } from "@/lib/partner-idp";
import { CHECK_ITEMS } from "@/lib/sso-check/node";
import { E2E_OPS_TOKEN } from "./seed";
import { PARTNER_PASSWORD, PARTNER_USER } from "./fixtures/sso";
import { IDP, PORT, watchConsole, screenshotPath } from "./fixtures/site";

/**
 * The operators' sign-on pages: each brand's onboarding in spec §4.7's order, the validator run from the page with
 * its items appearing live, the reports kept per brand and environment.
 */
const OPS = `http://127.0.0.1:${PORT}/ops`;
const bearer = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function signIn(page: Page) {
  await page.goto(`${OPS}/sso`);
  await page.getByLabel("Token").fill(E2E_OPS_TOKEN);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.goto(`${OPS}/sso`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-on onboarding");
}
const step = (page: Page, id: string) => page.locator(`li[data-step="${id}"]`);

/** A POST to the check route over plain HTTP, its JSON lines with the time each arrived (ms after the request). */
function postCheck(
  brand: string,
  fields: Record<string, string>,
  onLine: () => void = () => {},
): Promise<{ status: number; lines: { at: number; event: Record<string, unknown> }[] }> {
  const body = form(fields);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: `/ops/sso/${brand}/check`,
        method: "POST",
        headers: {
          ...bearer,
          accept: "application/x-ndjson",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          connection: "close",
        },
      },
      (res) => {
        const lines: { at: number; event: Record<string, unknown> }[] = [];
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          const parts = buffer.split("\n");
          buffer = parts.pop()!;
          for (const p of parts.filter(Boolean)) {
            lines.push({ at: Date.now() - started, event: JSON.parse(p) as Record<string, unknown> });
            onLine();
          }
        });
        res.on("end", () => {
          if (buffer.trim())
            lines.push({ at: Date.now() - started, event: JSON.parse(buffer) as Record<string, unknown> });
          resolve({ status: res.statusCode ?? 0, lines });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("the sign-on pages and their actions are closed without the operators' token", async ({ request }) => {
  for (const url of [`${OPS}/sso`, `${OPS}/sso/sakura`]) {
    const page = await request.get(url);
    expect(await page.text()).toContain("Sign in");
    expect(await page.text()).not.toContain("Onboarding");
  }
  for (const action of ["check", "steps"]) {
    const anonymous = await request.post(`${OPS}/sso/sakura/${action}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: form({ environment: "staging", step: "redirect_uris" }),
    });
    expect(anonymous.status()).toBe(401);
    expect((await anonymous.json()).error.code).toBe("OPS_SIGN_IN_REQUIRED");
    // Another site's form is refused even for a signed-in operator's browser.
    const crossSite = await request.post(`${OPS}/sso/sakura/${action}`, {
      headers: { ...bearer, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      data: form({ environment: "staging", step: "redirect_uris" }),
    });
    expect(crossSite.status()).toBe(403);
  }
});

test("an operator validates a brand's staging provider live, then takes its onboarding step by step", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signIn(page);
  const sakura = page.locator("tr[data-brand='sakura']");
  await expect(sakura.locator("td").nth(1)).toHaveText("C");
  await expect(sakura).toContainText("Staging validated");
  await sakura.getByRole("link", { name: "Sakura Journeys" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-on · Sakura Journeys");
  for (const done of ["scenario", "staging_credentials", "production_credentials", "live"])
    await expect(step(page, done)).toHaveAttribute("data-done", "true");
  await expect(step(page, "staging_validated")).toHaveAttribute("data-next", "true");
  // An operator's step waits for the ones before it.
  await expect(step(page, "redirect_uris").getByRole("button", { name: "Mark done" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Redirect URIs to hand over" })).toContainText(
    `http://brand-b.localhost:${PORT}/oauth2/idpresponse`,
  );

  // The validator with the configured staging credentials and the partner's test user: the items appear as they run.
  // (The page's other form, "Sign in yourself", has fields of the same names.)
  const validator = page.getByRole("region", { name: "Run the validator" });
  await validator.getByLabel("Environment").selectOption("staging");
  await expect(validator.getByLabel(/The configured credentials/)).toBeChecked();
  await validator.getByLabel("Username or e-mail").fill(PARTNER_USER.email);
  await validator.getByLabel("Password", { exact: true }).fill(PARTNER_PASSWORD);
  await page.getByRole("button", { name: "Run the checklist" }).click();
  await expect(page.getByRole("button", { name: "Checking…" })).toBeDisabled();
  const rows = page.locator(".check-results tbody tr");
  await expect(rows).toHaveCount(CHECK_ITEMS.length);
  // Seen mid-run: some items have their result while others still wait.
  await expect(rows.locator("text=waiting").first()).toBeVisible();
  await expect(page.locator(".check-results tr[data-status='pass']").first()).toBeVisible();
  const verdict = page.getByRole("status").filter({ hasText: "The stored report" });
  await expect(verdict).toContainText("PASSED: every required item", { timeout: 30_000 });
  await expect(page.locator(".check-results tr[data-status='fail']")).toHaveCount(0);
  await expect(page.locator(".check-results tr[data-item='authorize.silent']")).toHaveAttribute("data-status", "pass");
  await expect(page.locator(".check-results tr[data-item='session_cookie']")).toContainText("SameSite=None");
  await page.screenshot({ path: screenshotPath("ops-sso-check.png"), fullPage: true });

  // The page behind the live run catches up: the report is listed, the onboarding step it validates is done.
  await expect(page.getByRole("region", { name: "Reports" }).locator("tbody tr")).toHaveCount(1);
  await expect(step(page, "staging_validated")).toHaveAttribute("data-done", "true");

  // The stored report: every item, nothing secret.
  await verdict.getByRole("link", { name: "The stored report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sakura Journeys · staging");
  await expect(page.locator("tbody tr")).toHaveCount(CHECK_ITEMS.length);
  const report = await page.content();
  expect(report).not.toContain(PARTNER_PASSWORD);
  expect(report).not.toContain(DEMO_SSO_CLIENTS.sakura.secret);

  // Onboarding moved on: staging validated (by that report); the operators' steps, in order, with a note.
  await page.goto(`${OPS}/sso/sakura`);
  await expect(step(page, "staging_validated")).toHaveAttribute("data-done", "true");
  await expect(step(page, "redirect_uris")).toHaveAttribute("data-next", "true");
  await expect(step(page, "staging_e2e").getByRole("button", { name: "Mark done" })).toHaveCount(0);
  await step(page, "redirect_uris").getByPlaceholder("Note (optional)").fill("sent to Northwind by e-mail");
  await step(page, "redirect_uris").getByRole("button", { name: "Mark done" }).click();
  await expect(step(page, "redirect_uris")).toHaveAttribute("data-done", "true");
  await expect(step(page, "redirect_uris")).toContainText("sent to Northwind by e-mail");
  await step(page, "staging_e2e").getByRole("button", { name: "Mark done" }).click();
  await expect(step(page, "staging_e2e")).toHaveAttribute("data-done", "true");
  await expect(step(page, "production_validated")).toHaveAttribute("data-next", "true");
  await page.screenshot({ path: screenshotPath("ops-sso-onboarding.png"), fullPage: true });

  // Undone, the step is open again; the overview says what comes next.
  await step(page, "staging_e2e").getByRole("button", { name: "Undo" }).click();
  await expect(step(page, "staging_e2e")).toHaveAttribute("data-next", "true");
  await page.goto(`${OPS}/sso`);
  await expect(sakura).toContainText("Staging end-to-end test passed");
  expect(errors).toEqual([]);
});

test("the check streams its items as they run; one at a time; bad input is a 400 naming the field", async ({
  request,
}) => {
  test.setTimeout(60_000);
  // Entered credentials (no test user: the browser items could not be checked), streamed line by line.
  const entered = {
    environment: "production",
    credentials: "entered",
    issuer: IDP,
    clientId: DEMO_SSO_CLIENTS.aurora.clientId,
    clientSecret: DEMO_SSO_CLIENTS.aurora.secret,
  };
  let started = () => {};
  const firstLine = new Promise<void>((resolve) => (started = resolve));
  const running = postCheck("aurora", entered, () => started());
  await firstLine;
  const second = await request.post(`${OPS}/sso/sakura/check`, {
    headers: { ...bearer, accept: "application/x-ndjson", "content-type": "application/x-www-form-urlencoded" },
    data: form({ environment: "staging" }),
  });
  expect(second.status()).toBe(409);
  expect((await second.json()).error.code).toBe("CHECK_RUNNING");

  const { status, lines } = await running;
  expect(status).toBe(200);
  const types = lines.map((l) => l.event.type);
  expect(types[0]).toBe("start");
  expect(types.filter((t) => t === "result")).toHaveLength(CHECK_ITEMS.length);
  expect(types.at(-1)).toBe("done");
  // Live: the first result came well before the end.
  expect(lines.at(-1)!.at - lines[1]!.at).toBeGreaterThan(200);
  const done = lines.at(-1)!.event as { reportId: number; verdict: string; report: { ok: boolean; complete: boolean } };
  expect(done.report).toMatchObject({ ok: true, complete: false });
  expect(done.verdict).toMatch(/incomplete/);
  const stored = await request.get(`${OPS}/sso/aurora/reports/${done.reportId}`, { headers: bearer });
  expect(await stored.text()).toContain("entered credentials");
  expect(await stored.text()).not.toContain(DEMO_SSO_CLIENTS.aurora.secret);
  // Another brand's report is not found under this one.
  expect((await request.get(`${OPS}/sso/sakura/reports/${done.reportId}`, { headers: bearer })).status()).toBe(404);
  // A report with entered credentials does not count towards onboarding.
  const overview = await request.get(`${OPS}/sso/aurora`, { headers: bearer });
  expect(await overview.text()).toContain("Not validated yet");

  const post = (brand: string, fields: Record<string, string>) =>
    request.post(`${OPS}/sso/${brand}/check`, {
      headers: { ...bearer, "content-type": "application/x-www-form-urlencoded" },
      data: form(fields),
    });
  for (const [brand, fields, field] of [
    ["aurora", { environment: "testing" }, "environment"],
    ["aurora", { environment: "staging", credentials: "entered", clientId: "x", clientSecret: "y" }, "issuer"],
    ["aurora", { environment: "staging", credentials: "entered", issuer: "not a url" }, "issuer"],
    ["aurora", { environment: "staging", username: "someone" }, "password"],
    ["aurora", { environment: "staging", checkCodeExpiry: "9999" }, "checkCodeExpiry"],
    ["aurora", { environment: "staging", extra: "1" }, "extra"],
    ["aurora", { environment: "staging", issuer: "x".repeat(20_000) }, undefined],
    ["nobody", { environment: "staging" }, "brand"],
  ] as const) {
    const answer = await post(brand, fields as Record<string, string>);
    expect(answer.status(), JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
    expect(answer.status()).toBeLessThan(500);
    const error = (await answer.json()).error;
    expect(error.code).toBeTruthy();
    if (field) expect(error.field).toBe(field);
  }

  // An operator's step out of §4.7's order is refused, naming the step that comes first.
  const early = await request.post(`${OPS}/sso/aurora/steps`, {
    headers: { ...bearer, "content-type": "application/x-www-form-urlencoded" },
    data: form({ step: "staging_e2e" }),
  });
  expect(early.status()).toBe(409);
  expect((await early.json()).error).toMatchObject({ code: "STEP_OUT_OF_ORDER", field: "step" });
  const derived = await request.post(`${OPS}/sso/aurora/steps`, {
    headers: { ...bearer, "content-type": "application/x-www-form-urlencoded" },
    data: form({ step: "live" }),
  });
  expect(derived.status()).toBe(400);
});
