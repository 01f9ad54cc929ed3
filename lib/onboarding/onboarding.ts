import type { Kysely } from "kysely";
import { brands, type Brand, type BrandRegistry, type SsoEnvironment } from "@/lib/brands/node";
import { AppError } from "@/lib/http/node";
import type { Database } from "@/lib/store";
import { latestConfiguredReport, type StoredReport } from "./reports";

/**
 * A brand's sign-on onboarding in spec §4.7's order of rollout: the partner picks a scenario; gives the issuer and
 * client credentials, staging first; the service validates them; provisions the user pool and hands over the
 * redirect URIs; a joint end-to-end test in staging; production credentials, validated; live. Most steps follow from
 * the registry and the validator's reports; two are people's work and an operator marks them.
 */
export const ONBOARDING_STEPS = [
  { id: "scenario", title: "Scenario chosen", by: "registry" },
  { id: "staging_credentials", title: "Staging issuer and credentials given", by: "registry" },
  { id: "staging_validated", title: "Staging validated", by: "report" },
  { id: "redirect_uris", title: "Redirect URIs handed over", by: "operator" },
  { id: "staging_e2e", title: "Staging end-to-end test passed", by: "operator" },
  { id: "production_credentials", title: "Production credentials given", by: "registry" },
  { id: "production_validated", title: "Production validated", by: "report" },
  { id: "live", title: "Live", by: "registry" },
] as const;

export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number]["id"];
export const MANUAL_STEPS = ONBOARDING_STEPS.filter((s) => s.by === "operator").map((s) => s.id);

export interface OnboardingStep {
  id: OnboardingStepId;
  title: string;
  by: "registry" | "report" | "operator";
  done: boolean;
  /** What it rests on, or what is missing, in a sentence. */
  detail: string;
  /** When an operator marked it, and their note. */
  markedAt?: string;
  note?: string;
  /** The report it rests on (the validated steps). */
  reportId?: number;
}

export interface Onboarding {
  brandId: string;
  scenario?: string;
  steps: OnboardingStep[];
  /** The first step not done (undefined once live with every step done). */
  next?: OnboardingStep;
  /** Done steps that came before an earlier one was (out of §4.7's order): worth a look. */
  outOfOrder: OnboardingStepId[];
  done: number;
}

/** Whether the report shows the configured credentials of `environment` pass every required item. */
function validated(
  report: StoredReport | undefined,
  credentials: { issuer: string; clientId: string } | undefined,
): { done: boolean; detail: string; reportId?: number } {
  if (!credentials) return { done: false, detail: "No credentials to validate yet." };
  if (!report) return { done: false, detail: "Not validated yet: run the validator with the configured credentials." };
  const { report: r } = report;
  if (r.issuer !== credentials.issuer || r.clientId !== credentials.clientId)
    return {
      done: false,
      reportId: report.id,
      detail: `The last report was for ${r.issuer} / ${r.clientId}; the credentials have changed since: validate again.`,
    };
  if (!r.ok)
    return {
      done: false,
      reportId: report.id,
      detail: `The last report (${r.startedAt}) failed ${r.failed} item(s).`,
    };
  if (!r.complete)
    return {
      done: false,
      reportId: report.id,
      detail: `The last report (${r.startedAt}) could not check every required item (a test user is needed).`,
    };
  return { done: true, reportId: report.id, detail: `Every required item passed on ${r.startedAt}.` };
}

/** Where a brand's sign-on onboarding stands, step by step. */
export async function onboardingOf(
  db: Kysely<Database>,
  brand: Brand,
  registry: BrandRegistry = brands(),
): Promise<Onboarding> {
  const marks = new Map(
    (await db.selectFrom("sso_onboarding_steps").selectAll().where("brand_id", "=", brand.id).execute()).map((m) => [
      m.step,
      m,
    ]),
  );
  const credentials = (environment: SsoEnvironment) => {
    const c = registry.ssoCredentials(brand, environment);
    if (!c)
      return {
        given: undefined,
        detail: `No ${environment} credentials in the brand registry (sso.environments.${environment}).`,
      };
    if (!c.clientSecret)
      return {
        given: undefined,
        detail: `${c.issuer} / ${c.clientId}; the secret's variable ${c.clientSecretEnv} is not set on this server.`,
      };
    return { given: c, detail: `${c.issuer} / ${c.clientId} (secret in ${c.clientSecretEnv}).` };
  };
  const staging = credentials("staging");
  const production = credentials("production");
  const [stagingReport, productionReport] = await Promise.all([
    latestConfiguredReport(db, brand.id, "staging"),
    latestConfiguredReport(db, brand.id, "production"),
  ]);
  const inForce = registry.sso(brand);
  const live =
    inForce?.environment === "production"
      ? {
          done: true,
          detail: `Sign-on is on with the production credentials; silent login ${inForce.silentLogin ? "on" : "off"}.`,
        }
      : {
          done: false,
          detail:
            registry.ssoEnvironment !== "production"
              ? `This server runs the ${registry.ssoEnvironment} environment (SSO_ENVIRONMENT).`
              : "Production credentials are not in force for this brand.",
        };
  const state: Record<OnboardingStepId, Pick<OnboardingStep, "done" | "detail" | "reportId">> = {
    scenario: brand.sso?.scenario
      ? { done: true, detail: `Scenario ${brand.sso.scenario} (spec §4.6).` }
      : { done: false, detail: "Agree a scenario (A, B, B2 or C) with the partner; record it as sso.scenario." },
    staging_credentials: { done: !!staging.given, detail: staging.detail },
    staging_validated: validated(stagingReport, staging.given),
    redirect_uris: { done: false, detail: "Give the partner the brand's redirect URIs to allow-list (below)." },
    staging_e2e: {
      done: false,
      detail:
        "Test together in staging: the partner signs in on their site, then opens the brand (its /sso-test page).",
    },
    production_credentials: { done: !!production.given, detail: production.detail },
    production_validated: validated(productionReport, production.given),
    live,
  };
  const steps = ONBOARDING_STEPS.map((s): OnboardingStep => {
    const mark = marks.get(s.id);
    return mark && s.by === "operator"
      ? {
          ...s,
          done: true,
          detail: "Marked done by an operator.",
          markedAt: mark.done_at,
          note: mark.note ?? undefined,
        }
      : { ...s, ...state[s.id] };
  });
  const firstOpen = steps.findIndex((s) => !s.done);
  return {
    brandId: brand.id,
    scenario: brand.sso?.scenario,
    steps,
    next: firstOpen === -1 ? undefined : steps[firstOpen],
    outOfOrder:
      firstOpen === -1
        ? []
        : steps
            .slice(firstOpen + 1)
            .filter((s) => s.done)
            .map((s) => s.id),
    done: steps.filter((s) => s.done).length,
  };
}

/**
 * Marks an operator's step done (with an optional note) or undoes it. A step is marked only in §4.7's order: every
 * step before it must be done (409 otherwise, naming the first that is not).
 */
export async function markStep(
  db: Kysely<Database>,
  brand: Brand,
  step: string,
  action: { done: true; note?: string } | { done: false },
  registry: BrandRegistry = brands(),
): Promise<void> {
  if (!(MANUAL_STEPS as readonly string[]).includes(step))
    throw new AppError({
      code: "INVALID_STEP",
      field: "step",
      message: `step must be one an operator marks: ${MANUAL_STEPS.join(", ")}`,
    });
  if (!action.done) {
    await db.deleteFrom("sso_onboarding_steps").where("brand_id", "=", brand.id).where("step", "=", step).execute();
    return;
  }
  const { steps } = await onboardingOf(db, brand, registry);
  const before = steps.slice(
    0,
    steps.findIndex((s) => s.id === step),
  );
  const open = before.find((s) => !s.done);
  if (open)
    throw new AppError({
      code: "STEP_OUT_OF_ORDER",
      field: "step",
      message: `"${open.title}" comes first (spec §4.7's order of rollout): ${open.detail}`,
    });
  const row = { brand_id: brand.id, step, done_at: new Date().toISOString(), note: action.note || null };
  await db
    .insertInto("sso_onboarding_steps")
    .values(row)
    .onConflict((oc) => oc.columns(["brand_id", "step"]).doUpdateSet({ done_at: row.done_at, note: row.note }))
    .execute();
}

/** Every brand's onboarding, in the registry's order (the operators' sign-on overview). */
export async function onboardingOfAll(db: Kysely<Database>): Promise<Onboarding[]> {
  return Promise.all(brands().brands.map((brand) => onboardingOf(db, brand)));
}
