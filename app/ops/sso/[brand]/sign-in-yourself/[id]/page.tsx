import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { brands } from "@/lib/brands";
import { opsAccess } from "@/lib/ops";
import { shownItems } from "@/lib/sso-check";
import { settled, linkOf } from "@/lib/onboarding";
import { store } from "@/lib/store";
import { OpsGate } from "../../../../gate";
import { CheckResults } from "../../check-results";
import { Refresh } from "./refresh";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign in yourself · Operators",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

type Props = { params: Promise<{ brand: string; id: string }> };

/**
 * A "sign in yourself" run for an operator: the link to hand over while it is unused, the items as the partner's
 * browser brings them (the page looks again every few seconds), then the stored report.
 */
export default async function SelfSignRunForOperators({ params }: Props) {
  const access = await opsAccess();
  if (access !== "signed-in") return <OpsGate access={access} />;
  const { brand: brandId, id } = await params;
  const brand = brands().get(brandId);
  const run = brand && (await settled((await store()).db, brand.id, id));
  if (!brand || !run) notFound();
  const { input, plan, answered, startedAt, results } = run.data;
  const over = run.status === "done" || run.status === "expired";
  return (
    <>
      {!over && <Refresh seconds={3} />}
      <p>
        <Link href={`/ops/sso/${brand.id}`}>← {brand.displayName} sign-on</Link>
      </p>
      <h1>
        Sign in yourself · {brand.displayName} · {run.environment}
      </h1>
      <p className="muted">
        {input.issuer}, client {input.clientId} ({run.configured ? "the configured credentials" : "entered credentials"}
        ), made {run.createdAt}.
      </p>
      <div role="status" data-run-status={run.status}>
        {run.status === "waiting" && (
          <>
            <p>
              Send this link to the partner. It starts one run, in one browser, until{" "}
              {new Date(run.expiresAt).toUTCString()}; the partner opens it, presses Start and signs in at their
              provider however it asks.
            </p>
            <p>
              <code className="self-sign-link">{linkOf(run)}</code>
            </p>
          </>
        )}
        {run.status === "started" && (
          <p>
            The partner started at {startedAt}: {answered} of {plan.length} round trips came back.
          </p>
        )}
        {run.status === "expired" && <p>The link expired before the partner used it.</p>}
        {run.status === "done" &&
          (run.reportId ? (
            <p>
              Done. <Link href={`/ops/sso/${brand.id}/reports/${run.reportId}`}>The stored report</Link>
            </p>
          ) : (
            <p>Finishing…</p>
          ))}
      </div>
      <CheckResults items={shownItems()} results={Object.fromEntries(results.map((r) => [r.id, r]))} />
    </>
  );
}
