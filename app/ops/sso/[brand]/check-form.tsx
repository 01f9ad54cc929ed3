"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { CheckResult, ShownItem } from "@/lib/sso-check/client";
import { CheckResults } from "./check-results";

export interface EnvironmentChoice {
  environment: "staging" | "production";
  issuer?: string;
  clientId?: string;
  secretEnv?: string;
  secretSet: boolean;
}

type Item = ShownItem;
type Result = Omit<CheckResult, "id"> & { id: string };
interface Summary {
  reportId: number;
  verdict: string;
  ok: boolean;
  complete: boolean;
  durationMs: number;
}
type Phase = "idle" | "running" | "done" | "error";

/**
 * The validator's form on a brand's sign-on page. With JavaScript the items appear as they run (the route streams
 * them as JSON lines); without, the form posts and the browser lands on the stored report.
 */
export function CheckForm({
  brandId,
  environments,
  redirectUris,
}: {
  brandId: string;
  environments: EnvironmentChoice[];
  redirectUris: string[];
}) {
  const usable = (e: EnvironmentChoice) => !!e.issuer && e.secretSet;
  const [environment, setEnvironment] = useState((environments.find(usable) ?? environments[0]!).environment);
  const chosen = environments.find((e) => e.environment === environment)!;
  const [credentials, setCredentials] = useState<"configured" | "entered">(usable(chosen) ? "configured" : "entered");
  const [phase, setPhase] = useState<Phase>("idle");
  const [items, setItems] = useState<Item[]>([]);
  const [results, setResults] = useState<Record<string, Result>>({});
  const [summary, setSummary] = useState<Summary>();
  const [error, setError] = useState<string>();
  const action = `/ops/sso/${brandId}/check`;
  const router = useRouter();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = new URLSearchParams();
    for (const [k, v] of form) if (typeof v === "string" && v.trim() !== "") body.set(k, v);
    if (body.get("credentials") === "configured")
      for (const k of ["issuer", "clientId", "clientSecret"]) body.delete(k);
    setPhase("running");
    setItems([]);
    setResults({});
    setSummary(undefined);
    setError(undefined);
    try {
      const response = await fetch(action, { method: "POST", body, headers: { accept: "application/x-ndjson" } });
      if (!response.ok || !response.body) {
        const problem = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(problem?.error?.message ?? `The server answered ${response.status}`);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines.filter(Boolean)) {
          const e = JSON.parse(line) as
            | { type: "start"; items: Item[] }
            | { type: "result"; result: Result }
            | { type: "done"; reportId: number; verdict: string; report: Omit<Summary, "reportId" | "verdict"> }
            | { type: "error"; error: { message: string } };
          if (e.type === "start") setItems(e.items);
          else if (e.type === "result") setResults((r) => ({ ...r, [e.result.id]: e.result }));
          else if (e.type === "done") {
            setSummary({ reportId: e.reportId, verdict: e.verdict, ...e.report });
            setPhase("done");
            router.refresh(); // the onboarding and the reports list show the new report
          } else throw new Error(e.error.message);
        }
      }
    } catch (e) {
      setError((e as Error).message);
      setPhase("error");
    }
  }

  const checked = Object.keys(results).length;
  const current = phase === "running" ? items.find((i) => !results[i.id]) : undefined;
  return (
    <>
      <form className="check-form" method="post" action={action} onSubmit={submit}>
        <fieldset>
          <legend>Provider</legend>
          <div className="fields">
            <label>
              Environment
              <select
                name="environment"
                value={environment}
                onChange={(e) => {
                  const next = environments.find((x) => x.environment === e.target.value)!;
                  setEnvironment(next.environment);
                  setCredentials(usable(next) ? "configured" : "entered");
                }}
              >
                {environments.map((e) => (
                  <option key={e.environment} value={e.environment}>
                    {e.environment}
                  </option>
                ))}
              </select>
            </label>
            <label className="choice">
              <input
                type="radio"
                name="credentials"
                value="configured"
                checked={credentials === "configured"}
                disabled={!usable(chosen)}
                onChange={() => setCredentials("configured")}
              />
              {usable(chosen)
                ? `The configured credentials (${chosen.issuer}, client ${chosen.clientId})`
                : chosen.issuer
                  ? `Configured credentials: ${chosen.secretEnv} is not set on this server`
                  : `No ${environment} credentials in the registry`}
            </label>
            <label className="choice">
              <input
                type="radio"
                name="credentials"
                value="entered"
                checked={credentials === "entered"}
                onChange={() => setCredentials("entered")}
              />
              Credentials entered here
            </label>
          </div>
          {credentials === "entered" && (
            <div className="fields">
              <label>
                Issuer URL
                <input name="issuer" type="url" required maxLength={500} placeholder="https://login.partner.example" />
              </label>
              <label>
                Client id
                <input name="clientId" required maxLength={255} autoComplete="off" />
              </label>
              <label>
                Client secret
                <input name="clientSecret" type="password" required maxLength={500} autoComplete="new-password" />
              </label>
            </div>
          )}
          <div className="fields">
            <label className="wide">
              Redirect URI registered for the client
              <input
                name="redirectUri"
                type="url"
                maxLength={500}
                defaultValue={redirectUris[0]}
                list="redirect-uris"
              />
              <datalist id="redirect-uris">
                {redirectUris.map((u) => (
                  <option key={u} value={u} />
                ))}
              </datalist>
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>Test user at the partner (for the login, session and token items)</legend>
          <div className="fields">
            <label>
              Username or e-mail
              <input name="username" maxLength={320} autoComplete="off" />
            </label>
            <label>
              Password
              <input name="password" type="password" maxLength={500} autoComplete="new-password" />
            </label>
          </div>
        </fieldset>
        <details>
          <summary>More: an unusual login form, another client, the partner API (scenario B), code expiry</summary>
          <fieldset>
            <legend>Login form selectors (found automatically otherwise)</legend>
            <div className="fields">
              <label>
                Username field
                <input name="usernameSelector" maxLength={300} placeholder="#email" />
              </label>
              <label>
                Password field
                <input name="passwordSelector" maxLength={300} placeholder="#password" />
              </label>
              <label>
                Submit button
                <input name="submitSelector" maxLength={300} placeholder="button[type=submit]" />
              </label>
              <label className="wide">
                Selectors for one step, one a line: STEP:FIELD=CSS (step 1 is the first page; FIELD is username,
                password or submit; a named button is pressed whatever it reads)
                <textarea
                  name="stepSelectors"
                  maxLength={2000}
                  rows={3}
                  placeholder={"1:username=#login-id\n3:submit=button.share"}
                />
              </label>
              <label>
                Other login origins (the password is typed only there and on the issuer&apos;s)
                <input name="loginOrigins" maxLength={1000} placeholder="https://id.partner.example" />
              </label>
            </div>
          </fieldset>
          <fieldset>
            <legend>Another client (a code issued to it must be refused to this one)</legend>
            <div className="fields">
              <label>
                Client id
                <input name="otherClientId" maxLength={255} autoComplete="off" />
              </label>
              <label>
                Client secret
                <input name="otherClientSecret" type="password" maxLength={500} autoComplete="new-password" />
              </label>
            </div>
          </fieldset>
          <fieldset>
            <legend>Partner authentication API (scenario B, spec §4.5)</legend>
            <div className="fields">
              <label>
                Base URL
                <input name="partnerApiUrl" type="url" maxLength={500} />
              </label>
              <label>
                Shared key
                <input name="partnerApiKey" type="password" maxLength={500} autoComplete="new-password" />
              </label>
            </div>
          </fieldset>
          <fieldset>
            <legend>Expired code (slow: the run waits this long)</legend>
            <div className="fields">
              <label>
                Wait, in seconds (empty: not checked)
                <input name="checkCodeExpiry" type="number" min={1} max={600} />
              </label>
            </div>
          </fieldset>
        </details>
        <p>
          <button type="submit" disabled={phase === "running"}>
            {phase === "running" ? "Checking…" : "Run the checklist"}
          </button>
        </p>
      </form>

      <div aria-live="polite">
        {phase === "running" && (
          <p role="status">
            Checking {checked} of {items.length || "…"}
            {current && `: ${current.title}`}
          </p>
        )}
        {error && <p role="alert">The check could not run: {error}</p>}
        {summary && (
          <p role="status">
            <span className={`status-pill ${summary.ok ? (summary.complete ? "pass" : "") : "fail"}`}>
              {summary.verdict}
            </span>{" "}
            in {(summary.durationMs / 1000).toFixed(1)} s ·{" "}
            <a href={`/ops/sso/${brandId}/reports/${summary.reportId}`}>The stored report</a> ·{" "}
            <a href={`/ops/sso/${brandId}#onboarding`}>Onboarding</a>
          </p>
        )}
      </div>
      {items.length > 0 && <CheckResults items={items} results={results} current={current?.id} />}
    </>
  );
}
