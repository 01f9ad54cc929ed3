import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { brands } from "@/lib/brands";
import { opsAccess } from "@/lib/ops";
import { shownItems, verdict } from "@/lib/sso-check";
import { loadReport } from "@/lib/onboarding";
import { store } from "@/lib/store";
import { OpsGate } from "../../../../gate";
import { CheckResults } from "../../check-results";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign-on report · Operators", robots: { index: false, follow: false } };

type Props = { params: Promise<{ brand: string; id: string }> };

/** A stored validator report: every item with its result, what was seen, the hint for a failure and the spec rule. */
export default async function SignOnReport({ params }: Props) {
  const access = await opsAccess();
  if (access !== "signed-in") return <OpsGate access={access} />;
  const { brand: brandId, id } = await params;
  const brand = brands().get(brandId);
  const stored =
    brand && /^\d{1,15}$/.test(id) ? await loadReport((await store()).db, brand.id, Number(id)) : undefined;
  if (!brand || !stored) notFound();
  const { report, environment, configured } = stored;
  return (
    <>
      <p>
        <Link href={`/ops/sso/${brand.id}`}>← {brand.displayName} sign-on</Link>
      </p>
      <h1>
        Sign-on report #{stored.id} · {brand.displayName} · {environment}
      </h1>
      <p>
        <span className={`status-pill ${report.ok ? (report.complete ? "pass" : "") : "fail"}`}>{verdict(report)}</span>{" "}
        {report.passed} passed, {report.failed} failed, {report.skipped} could not be checked ·{" "}
        {(report.durationMs / 1000).toFixed(1)} s
      </p>
      <p className="muted">
        {report.issuer}, client {report.clientId} ({configured ? "the configured credentials" : "entered credentials"}),
        started {report.startedAt}.
      </p>
      {!!report.refused?.length && (
        <section aria-labelledby="refused">
          <h2 id="refused">What the provider&apos;s pages tried to reach (refused)</h2>
          <ul>
            {report.refused.map((r, i) => (
              <li key={i}>
                <code>{r.target}</code>: {r.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CheckResults items={shownItems()} results={Object.fromEntries(report.results.map((r) => [r.id, r]))} />
    </>
  );
}
