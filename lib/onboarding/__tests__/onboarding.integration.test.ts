import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoBrands as demo, BrandRegistry } from "@/lib/brands/node";
import { openTestStore, STORE_KINDS, type TestStore } from "@/lib/testing";
import { markStep, onboardingOf } from "../onboarding";
import { latestConfiguredReport, loadReport, recentReports, saveReport } from "../reports";
import type { SsoCheckReport } from "@/lib/sso-check";

/**
 * A brand's onboarding in spec §4.7's order, on both stores: what the registry gives, what the validator's reports
 * show, what operators mark (in order only), and the reports kept per brand and environment.
 */
const staging = { issuer: "https://staging-login.partner.example", clientId: "aurora-stg", clientSecretEnv: "STG" };
const production = { issuer: "https://login.partner.example", clientId: "aurora-rp", clientSecretEnv: "PRD" };

function registry(sso: Record<string, unknown> | undefined, env: Record<string, string> = {}) {
  const file = structuredClone(demo) as { brands: Record<string, unknown>[] };
  file.brands[0]!.sso = sso;
  return BrandRegistry.parse(JSON.stringify(file), "(test)", { SSO_ENVIRONMENT: "staging", ...env });
}

function report(over: Partial<SsoCheckReport> = {}): SsoCheckReport {
  return {
    issuer: staging.issuer,
    clientId: staging.clientId,
    startedAt: new Date().toISOString(),
    durationMs: 3000,
    results: [{ id: "discovery.json", status: "pass", reason: "ok", ms: 10 }],
    passed: 24,
    failed: 0,
    skipped: 5,
    ok: true,
    complete: true,
    ...over,
  };
}

describe.each(STORE_KINDS)("sign-on onboarding on %s", (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.drop();
  });

  it("starts at 'scenario chosen' for a brand without sign-on settings", async () => {
    const r = registry(undefined);
    const o = await onboardingOf(store.db, r.get("aurora")!, r);
    expect(o.next?.id).toBe("scenario");
    expect(o.done).toBe(0);
  });

  it("follows the registry, the reports and the operators' marks, in §4.7's order", async () => {
    // Scenario chosen, staging credentials without their secret on this server (it runs production, where the brand
    // has no sign-on yet): step 2 is next, and says why.
    let r = registry(
      { providerName: "Partner", scenario: "A", environments: { staging } },
      { SSO_ENVIRONMENT: "production" },
    );
    let aurora = r.get("aurora")!;
    let o = await onboardingOf(store.db, aurora, r);
    expect(o.steps.map((s) => [s.id, s.done])).toEqual([
      ["scenario", true],
      ["staging_credentials", false],
      ["staging_validated", false],
      ["redirect_uris", false],
      ["staging_e2e", false],
      ["production_credentials", false],
      ["production_validated", false],
      ["live", false],
    ]);
    expect(o.next).toMatchObject({ id: "staging_credentials", detail: expect.stringMatching(/STG is not set/) });

    r = registry({ providerName: "Partner", scenario: "A", environments: { staging } }, { STG: "staging-secret" });
    o = await onboardingOf(store.db, aurora, r);
    expect(o.next?.id).toBe("staging_validated");
    // A mark out of order is refused, naming the step that comes first.
    await expect(markStep(store.db, aurora, "redirect_uris", { done: true }, r)).rejects.toMatchObject({
      status: 409,
      code: "STEP_OUT_OF_ORDER",
      message: expect.stringMatching(/Staging validated/),
    });

    // A failed report, an incomplete one, and one for other credentials do not validate; entered ones do not count.
    await saveReport(store.db, "aurora", "staging", report({ ok: false, failed: 2 }), true);
    expect((await onboardingOf(store.db, aurora, r)).steps[2]!.detail).toMatch(/failed 2 item/);
    await saveReport(store.db, "aurora", "staging", report({ complete: false }), true);
    expect((await onboardingOf(store.db, aurora, r)).steps[2]!.detail).toMatch(/could not check/);
    await saveReport(store.db, "aurora", "staging", report({ clientId: "old-client" }), true);
    expect((await onboardingOf(store.db, aurora, r)).steps[2]!.detail).toMatch(/changed since/);
    await saveReport(store.db, "aurora", "staging", report(), false);
    expect((await onboardingOf(store.db, aurora, r)).steps[2]!.done).toBe(false);
    const good = await saveReport(store.db, "aurora", "staging", report(), true);
    o = await onboardingOf(store.db, aurora, r);
    expect(o.steps[2]).toMatchObject({ done: true, reportId: good });
    expect(o.next?.id).toBe("redirect_uris");

    await markStep(store.db, aurora, "redirect_uris", { done: true, note: "sent by e-mail" }, r);
    await markStep(store.db, aurora, "staging_e2e", { done: true }, r);
    o = await onboardingOf(store.db, aurora, r);
    expect(o.steps[3]).toMatchObject({ done: true, note: "sent by e-mail", markedAt: expect.any(String) });
    expect(o.next?.id).toBe("production_credentials");

    // Production credentials given and validated; this server runs staging, so not live.
    r = registry(
      { providerName: "Partner", scenario: "A", environments: { staging, production } },
      { STG: "staging-secret", PRD: "production-secret" },
    );
    aurora = r.get("aurora")!;
    await saveReport(
      store.db,
      "aurora",
      "production",
      report({ issuer: production.issuer, clientId: production.clientId }),
      true,
    );
    o = await onboardingOf(store.db, aurora, r);
    expect(o.next).toMatchObject({ id: "live", detail: expect.stringMatching(/runs the staging environment/) });
    expect(o.outOfOrder).toEqual([]);

    // Undone, a mark reopens its step; marks are only for the operators' steps.
    await markStep(store.db, aurora, "staging_e2e", { done: false }, r);
    o = await onboardingOf(store.db, aurora, r);
    expect(o.next?.id).toBe("staging_e2e");
    expect(o.outOfOrder).toEqual(["production_credentials", "production_validated"]);
    await expect(markStep(store.db, aurora, "live", { done: true }, r)).rejects.toMatchObject({
      status: 400,
      field: "step",
    });
  });

  it("keeps the latest 50 reports per brand and environment, each readable under its own brand only", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 53; i++) ids.push(await saveReport(store.db, "sakura", "production", report(), i % 2 === 0));
    const kept = await recentReports(store.db, "sakura", 100);
    expect(kept.map((k) => k.id)).toEqual(ids.slice(3).reverse());
    expect(await loadReport(store.db, "sakura", ids[2]!)).toBeUndefined();
    expect((await loadReport(store.db, "sakura", ids[52]!))?.report.clientId).toBe(staging.clientId);
    expect(await loadReport(store.db, "aurora", ids[52]!)).toBeUndefined();
    expect((await latestConfiguredReport(store.db, "sakura", "production"))?.id).toBe(ids[52]);
    expect(await latestConfiguredReport(store.db, "sakura", "staging")).toBeUndefined();
  });
});
