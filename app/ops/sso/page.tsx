import type { Metadata } from "next";
import Link from "next/link";
import { brands } from "@/lib/brands";
import { opsAccess } from "@/lib/ops";
import { ONBOARDING_STEPS, onboardingOfAll } from "@/lib/onboarding";
import { store } from "@/lib/store";
import { OpsGate } from "../gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign-on · Operators", robots: { index: false, follow: false } };

/** Every brand's sign-on onboarding (spec §4.7's order of rollout): where it stands and what comes next. */
export default async function SignOnOverview() {
  const access = await opsAccess();
  if (access !== "signed-in") return <OpsGate access={access} />;
  const all = await onboardingOfAll((await store()).db);
  const registry = brands();
  return (
    <>
      <h1>Sign-on onboarding</h1>
      <p className="muted">
        Each brand follows the order of rollout of spec §4.7: {ONBOARDING_STEPS.map((s) => s.title).join(" → ")}.
      </p>
      <table>
        <thead>
          <tr>
            <th>Brand</th>
            <th>Scenario</th>
            <th>Progress</th>
            <th>Next step</th>
          </tr>
        </thead>
        <tbody>
          {all.map((o) => (
            <tr key={o.brandId} data-brand={o.brandId}>
              <td>
                <Link href={`/ops/sso/${o.brandId}`}>{registry.get(o.brandId)?.displayName ?? o.brandId}</Link>
              </td>
              <td>{o.scenario ?? "—"}</td>
              <td>
                {o.done} of {o.steps.length}
                {o.outOfOrder.length > 0 && <span className="muted"> (some out of order)</span>}
              </td>
              <td>
                {o.next ? (
                  <>
                    <strong>{o.next.title}</strong>
                    <br />
                    <span className="muted">{o.next.detail}</span>
                  </>
                ) : (
                  <span className="status-pill pass">Live</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
