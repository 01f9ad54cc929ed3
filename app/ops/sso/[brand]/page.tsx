import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { idpResponseUris } from "@/lib/auth";
import { brands, type SsoEnvironment } from "@/lib/brands";
import { opsAccess } from "@/lib/ops";
import { onboardingOf, type OnboardingStep, recentReports } from "@/lib/onboarding";
import { verdict } from "@/lib/sso-check";
import { store } from "@/lib/store";
import { OpsGate } from "../../gate";
import { CheckForm, type EnvironmentChoice } from "./check-form";
import { SelfSignForm } from "./self-sign-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign-on · Operators", robots: { index: false, follow: false } };

type Props = { params: Promise<{ brand: string }> };

const ENVIRONMENTS: SsoEnvironment[] = ["staging", "production"];
const BY = {
  registry: "from the brand registry",
  report: "from the validator's report",
  operator: "marked by an operator",
};

/** A step an operator marks: done (with a note) once every earlier step is, or undone. */
function MarkForm({ brandId, step, ready }: { brandId: string; step: OnboardingStep; ready: boolean }) {
  const action = `/ops/sso/${brandId}/steps`;
  if (step.done)
    return (
      <form method="post" action={action}>
        <input type="hidden" name="step" value={step.id} />
        <input type="hidden" name="undo" value="1" />
        <button type="submit">Undo</button>
      </form>
    );
  if (!ready) return <span className="muted">after the steps before it</span>;
  return (
    <form method="post" action={action}>
      <input type="hidden" name="step" value={step.id} />
      <label className="visually-hidden" htmlFor={`note-${step.id}`}>
        Note
      </label>
      <input id={`note-${step.id}`} name="note" maxLength={500} placeholder="Note (optional)" />
      <button type="submit">Mark done</button>
    </form>
  );
}

/** One brand's sign-on: onboarding step by step, the redirect URIs to hand over, the validator, its reports. */
export default async function BrandSignOn({ params }: Props) {
  const access = await opsAccess();
  if (access !== "signed-in") return <OpsGate access={access} />;
  const registry = brands();
  const brand = registry.get((await params).brand);
  if (!brand) notFound();
  const { db } = await store();
  const [onboarding, reports] = await Promise.all([onboardingOf(db, brand), recentReports(db, brand.id)]);
  const inForce = registry.sso(brand);
  const environments: EnvironmentChoice[] = ENVIRONMENTS.map((environment) => {
    const c = registry.ssoCredentials(brand, environment);
    return {
      environment,
      issuer: c?.issuer,
      clientId: c?.clientId,
      secretEnv: c?.clientSecretEnv,
      secretSet: !!c?.clientSecret,
    };
  });
  const redirectUris = idpResponseUris(brand);
  const firstOpen = onboarding.steps.findIndex((s) => !s.done);

  return (
    <>
      <p>
        <Link href="/ops/sso">← All brands</Link>
      </p>
      <h1>Sign-on · {brand.displayName}</h1>
      <p className="muted">
        {inForce
          ? `In force on this server: ${inForce.environment} credentials (${inForce.issuer}), silent login ${inForce.silentLogin ? "on" : "off"}.`
          : "No sign-on in force on this server."}
      </p>

      <section aria-labelledby="onboarding">
        <h2 id="onboarding">Onboarding</h2>
        {onboarding.outOfOrder.length > 0 && (
          <p role="note">
            Some steps are done before an earlier one ({onboarding.outOfOrder.join(", ")}): spec §4.7 rolls out in this
            order.
          </p>
        )}
        <ol className="onboarding">
          {onboarding.steps.map((step, i) => (
            <li key={step.id} data-step={step.id} data-done={step.done} data-next={onboarding.next?.id === step.id}>
              <div>
                <h3>
                  {step.title}{" "}
                  <span className={`status-pill ${step.done ? "pass" : ""}`}>
                    {step.done ? "done" : onboarding.next?.id === step.id ? "next" : "to do"}
                  </span>
                </h3>
                <p>
                  {step.detail}
                  {step.reportId && (
                    <>
                      {" "}
                      <Link href={`/ops/sso/${brand.id}/reports/${step.reportId}`}>The report</Link>
                    </>
                  )}
                </p>
                {step.markedAt && (
                  <p className="muted">
                    {step.markedAt}
                    {step.note && ` · ${step.note}`}
                  </p>
                )}
              </div>
              <span className="muted">{BY[step.by]}</span>
              {step.by === "operator" ? (
                <MarkForm brandId={brand.id} step={step} ready={firstOpen === -1 || i <= firstOpen} />
              ) : (
                <span />
              )}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="redirect-uris">
        <h2 id="redirect-uris">Redirect URIs to hand over</h2>
        <p>The partner allow-lists these on their provider or broker (spec §4.6 step 2), exactly as written:</p>
        <ul>
          {redirectUris.map((u) => (
            <li key={u}>
              <code>{u}</code>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="credentials">
        <h2 id="credentials">Credentials in the registry</h2>
        <table>
          <thead>
            <tr>
              <th>Environment</th>
              <th>Issuer</th>
              <th>Client id</th>
              <th>Secret</th>
            </tr>
          </thead>
          <tbody>
            {environments.map((e) => (
              <tr key={e.environment}>
                <td>{e.environment}</td>
                <td>{e.issuer ?? "—"}</td>
                <td>{e.clientId ?? "—"}</td>
                <td>
                  {e.secretEnv ? (
                    <>
                      <code>{e.secretEnv}</code> {e.secretSet ? "is set" : "is not set on this server"}
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="validator">
        <h2 id="validator">Run the validator</h2>
        <p className="muted">
          Every item of the checklist (spec §4.7 with §2.4, §4.4, §4.5, §5, §7) against the provider&apos;s real
          endpoints and login page, in a headless browser. Secrets and passwords entered here are used for this run
          only: never stored, never logged. The report is kept for the brand and environment.
        </p>
        <CheckForm brandId={brand.id} environments={environments} redirectUris={redirectUris} />
      </section>

      <section aria-labelledby="sign-in-yourself">
        <h2 id="sign-in-yourself">Sign in yourself</h2>
        <p className="muted">
          For a provider whose login no robot may pass (a second factor, a captcha, a chain of providers): a one-time
          link (15 minutes) the partner opens in their own browser. They sign in however the provider asks; their
          browser then makes a few silent sign-ins through the brand&apos;s callback, and every code-based item is
          checked on those codes. The session cookie cannot be read there: the report says how to check it by hand.
        </p>
        <SelfSignForm brandId={brand.id} environments={environments} redirectUris={redirectUris} />
      </section>

      <section aria-labelledby="reports">
        <h2 id="reports">Reports</h2>
        {reports.length === 0 ? (
          <p className="empty">No report yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Report</th>
                <th>Environment</th>
                <th>Provider</th>
                <th>Verdict</th>
                <th>Time</th>
              </tr>
            </thead>
            <tbody>
              {reports.map(({ id, environment, configured, report }) => (
                <tr key={id}>
                  <td>
                    <Link href={`/ops/sso/${brand.id}/reports/${id}`}>#{id}</Link> {report.startedAt}
                  </td>
                  <td>{environment}</td>
                  <td>
                    {report.issuer} / {report.clientId}
                    {!configured && <span className="muted"> (entered credentials)</span>}
                  </td>
                  <td>
                    <span className={`status-pill ${report.ok ? (report.complete ? "pass" : "") : "fail"}`}>
                      {verdict(report)}
                    </span>
                  </td>
                  <td>{(report.durationMs / 1000).toFixed(1)} s</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
