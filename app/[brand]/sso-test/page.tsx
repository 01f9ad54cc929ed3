import type { Metadata } from "next";
import { cookies } from "next/headers";
import { brands, brandContext } from "@/lib/brands";
import { loadTrace, TEST_START_PATH, testerCookieOf, type TraceStep } from "@/lib/sso-check";
import { store } from "@/lib/store";

type Props = { params: Promise<{ brand: string }>; searchParams: Promise<{ trace?: string; busy?: string }> };

export const metadata: Metadata = { title: "Silent sign-in test", robots: { index: false } };

const LABEL = { ok: "passed", failed: "FAILED", skipped: "not needed" } as const;

function Step({ step, n }: { step: TraceStep; n: number }) {
  const facts = [...step.facts, ...(step.testerOnly ?? [])];
  return (
    <article className={`trace-step ${step.status}`} data-step={step.id} data-status={step.status}>
      <h3>
        {n}. {step.title} — <span className="trace-status">{LABEL[step.status]}</span>
      </h3>
      {(facts.length > 0 || step.withheld?.length) && (
        <dl>
          {facts.map(([label, value], i) => (
            <div key={i}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {step.withheld?.map((label, i) => (
            <div key={`w${i}`} data-withheld>
              <dt>{label}</dt>
              <dd className="muted">shown only in the browser that ran this test</dd>
            </div>
          ))}
        </dl>
      )}
      {step.rules && (
        <table>
          <thead>
            <tr>
              <th>Rule</th>
              <th>Result</th>
              <th>Detail</th>
            </tr>
          </thead>
          <tbody>
            {step.rules.map((r) => (
              <tr key={r.id} data-rule={r.id} data-ok={r.ok}>
                <td>{r.id}</td>
                <td>{r.ok ? "passed" : "FAILED"}</td>
                <td>{r.ok ? "" : `${r.detail}${r.hint ? `. ${r.hint}` : ""}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {step.hint && <p className="trace-hint">{step.hint}</p>}
    </article>
  );
}

/**
 * Every brand's silent-SSO test page, for partners testing in their own browser: a silent sign-in of its own
 * (prompt=none), then each step of what happened. It never signs the visitor in, and never shows a token whole.
 */
export default async function SsoTestPage({ params, searchParams }: Props) {
  const { brand } = await brandContext((await params).brand);
  const sso = brands().sso(brand);
  const { trace: traceId, busy } = await searchParams;
  const tester = testerCookieOf(await cookies());
  const trace = traceId ? await loadTrace((await store()).db, brand.id, traceId, tester) : undefined;
  return (
    <section className="sso-test">
      <h1>Silent sign-in test</h1>
      {!sso ? (
        <p>{brand.displayName} does not offer signing in.</p>
      ) : (
        <>
          <p>
            This page checks, in your browser, that being signed in at {sso.displayName} signs you in to{" "}
            {brand.displayName} without a login page. It runs a silent sign-in (prompt=none) of its own and shows each
            step. It never signs you in here, and it never shows a token whole.
          </p>
          <ol>
            <li>
              Sign in at {sso.displayName} in this browser (at <code>{new URL(sso.issuer).origin}</code> or the
              partner&apos;s own site).
            </li>
            <li>
              <form method="post" action={TEST_START_PATH}>
                <button className="button" type="submit">
                  Run the test
                </button>
              </form>
            </li>
          </ol>
          <p className="muted">
            If the test leaves you on a page of {sso.displayName} (a login form or an error), its identity provider does
            not answer prompt=none with a redirect: silent sign-in would leave visitors there. The browser&apos;s Back
            button brings you here.
          </p>
        </>
      )}
      {busy && (
        <p className="sso-notice" role="alert">
          Many tests were started on {brand.displayName} in the last minute: try again in a minute.
        </p>
      )}
      {traceId && !trace && <p className="sso-notice">This test result is no longer kept (an hour).</p>}
      {trace && (
        <section aria-labelledby="trace-result" className="trace" data-ok={trace.ok}>
          <h2 id="trace-result">
            {trace.ok ? "Passed: silent sign-in works in this browser" : "Failed: silent sign-in would not sign you in"}
          </h2>
          <p className="muted">Test of {new Date(trace.startedAt).toUTCString()}.</p>
          {trace.steps.map((step, i) => (
            <Step key={i} step={step} n={i + 1} />
          ))}
        </section>
      )}
    </section>
  );
}
