import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { CheckResults } from "@/app/ops/sso/[brand]/check-results";
import { brands } from "@/lib/brands";
import { shownItems, verdict } from "@/lib/sso-check";
import {
  loadReport,
  boundRun,
  strayNote,
  LINK_PROBLEMS,
  SELF_SIGN_COOKIE,
  SELF_SIGN_PATH,
  type RoundTrip,
} from "@/lib/onboarding";
import { store } from "@/lib/store";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in yourself", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ problem?: string }> };

const ROUND_TRIPS: Record<RoundTrip, string> = {
  "sign-in": "Your sign-in at the provider, however it asks",
  silent: "A silent sign-in with your session (prompt=none): no page of the provider's should show",
  code: "Another silent sign-in, for a code of the token checks",
};

/**
 * When the browser goes on: at once. The page stays on screen while the round trip runs (the browser shows it until
 * the next page arrives), and the codes waiting for the token items stay fresh.
 */
const NEXT_AFTER_SECONDS = 0;

/**
 * The run of this browser (its cookie binds them): each round trip as it comes back, the browser sent on to the next
 * (a top-level navigation to the provider, whose session cookie goes with it even when SameSite=Lax), then the report.
 */
export default async function SelfSignRunPage({ searchParams }: Props) {
  const brand = brands().forHost((await headers()).get("host"));
  if (!brand) notFound();
  const { problem } = await searchParams;
  const { db } = await store();
  const run = await boundRun(db, brand.id, (await cookies()).get(SELF_SIGN_COOKIE)?.value);
  const stored = run?.reportId ? await loadReport(db, brand.id, run.reportId) : undefined;
  const pending = run?.status === "started" ? run.data.pending : undefined;
  // A round trip being judged on another request: this page looks again in a moment.
  const busy = run && !stored && (run.status !== "started" || !run.pendingState);
  const stray = run && strayNote(run.data);
  return (
    <main className="self-sign">
      {pending && run?.pendingState && !pending.forwardedAt && (
        <meta httpEquiv="refresh" content={`${NEXT_AFTER_SECONDS};url=${SELF_SIGN_PATH}/next`} />
      )}
      {busy && <meta httpEquiv="refresh" content={`1;url=${SELF_SIGN_PATH}`} />}
      <h1>Sign in yourself</h1>
      {problem && Object.hasOwn(LINK_PROBLEMS, problem) && (
        <p role="alert" data-problem={problem}>
          {LINK_PROBLEMS[problem as keyof typeof LINK_PROBLEMS]}
        </p>
      )}
      {!run && !problem && <p>No sign-in-yourself run in this browser: open the link you were given.</p>}
      {run && (
        <p className="muted">
          {brand.displayName} and <code>{new URL(run.data.input.issuer).origin}</code>, client{" "}
          <code>{run.data.input.clientId}</code>.
        </p>
      )}
      {run && !stored && (
        <>
          <ol className="round-trips">
            {run.data.plan.map((kind, i) => {
              const state = i < run.data.answered ? "done" : pending && i === pending.n - 1 ? "current" : "waiting";
              return (
                <li key={i} data-state={state}>
                  <span className={`status-pill ${state === "done" ? "pass" : state === "current" ? "running" : ""}`}>
                    {state === "done" ? "back" : state === "current" ? "now" : "to come"}
                  </span>{" "}
                  {ROUND_TRIPS[kind]}
                </li>
              );
            })}
          </ol>
          {pending && run.pendingState && !pending.forwardedAt && (
            <p role="status">
              Round trip {pending.n} of {run.data.plan.length}: your browser goes on by itself.{" "}
              <a href={`${SELF_SIGN_PATH}/next`}>Continue</a> if it does not.
            </p>
          )}
          {pending && run.pendingState && pending.forwardedAt && (
            <p role="status">
              Round trip {pending.n} of {run.data.plan.length} went to the provider and has not come back.{" "}
              <a href={`${SELF_SIGN_PATH}/next`}>Try it again</a>, or stop.
            </p>
          )}
          {!(pending && run.pendingState) && <p role="status">Checking…</p>}
          {stray && (
            <p role="alert" data-problem="state">
              Your browser came back to the site with {stray}.
            </p>
          )}
          <form method="post" action={`${SELF_SIGN_PATH}/stop`}>
            <p className="muted">
              If the provider keeps this browser on a page of its own, come back here and stop: the report says what was
              found. <button type="submit">Stop and show the report</button>
            </p>
          </form>
        </>
      )}
      {stored && (
        <section aria-labelledby="report">
          <h2 id="report">The report</h2>
          <p role="status">
            <span className={`status-pill ${stored.report.ok ? (stored.report.complete ? "pass" : "") : "fail"}`}>
              {verdict(stored.report)}
            </span>{" "}
            {stored.report.passed} passed, {stored.report.failed} failed, {stored.report.skipped} could not be checked.
            Kept for {brand.displayName}&apos;s operators (report #{stored.id}).
          </p>
          <CheckResults
            items={shownItems()}
            results={Object.fromEntries(stored.report.results.map((r) => [r.id, r]))}
          />
        </section>
      )}
    </main>
  );
}
