import { setTimeout as sleep } from "node:timers/promises";
import { type SsoCheckReport, type CheckResult, CHECK_ITEMS, formatReport, resultLine } from "@/lib/sso-check/node";
// The runs' data module needs nothing of Next: the command takes their lifetime from it.
import { RUN_TTL_MS } from "@/lib/onboarding/node";

/**
 * `sso:check --sign-in-yourself`: the validator's "sign in yourself" run made on the running platform (its operators'
 * address, with the operators' token), whose link the partner opens in their own browser; the command prints the
 * link, follows the run as the partner's browser walks it, and prints the report as the normal run does.
 */
export interface SignInYourselfOptions {
  /** The running platform, at an address where its operators' pages answer (OPS_HOST, or this machine's). */
  server: string;
  brand: string;
  token: string;
  environment: "staging" | "production";
  /** Entered credentials; the brand's configured ones of `environment` without. */
  entered?: { issuer: string; clientId: string; clientSecret: string };
  redirectUri?: string;
  otherClient?: { clientId: string; clientSecret: string };
  json: boolean;
}

type Event =
  | { type: "start"; link?: string; expiresAt: string }
  | { type: "started"; at: string; roundTrips: number }
  | { type: "result"; result: CheckResult }
  | { type: "done"; reportId: number; verdict: string; report: SsoCheckReport }
  | { type: "error"; error: { code: string; message: string } };

/** How long after the run's end the command keeps trying a dropped stream (the server ends the run by then). */
const FOLLOW_MARGIN_MS = 60_000;

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Makes the run, prints its link, follows it to its report. The exit status: 0 no item failed, 1 otherwise. */
export async function signInYourself(o: SignInYourselfOptions): Promise<number> {
  const server = o.server.replace(/\/+$/, "");
  const auth = { authorization: `Bearer ${o.token}` };
  const form = new URLSearchParams({ environment: o.environment, credentials: o.entered ? "entered" : "configured" });
  if (o.entered) for (const [k, v] of Object.entries(o.entered)) form.set(k, v);
  if (o.redirectUri) form.set("redirectUri", o.redirectUri);
  if (o.otherClient) {
    form.set("otherClientId", o.otherClient.clientId);
    form.set("otherClientSecret", o.otherClient.clientSecret);
  }
  say(`Running the checks that need no session on ${server} (brand ${o.brand}, ${o.environment})…`);
  const made = await reach(server, () =>
    fetch(`${server}/ops/sso/${encodeURIComponent(o.brand)}/sign-in-yourself`, {
      method: "POST",
      headers: { ...auth, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    }),
  );
  const body = (await made.json().catch(() => ({}))) as {
    link?: string;
    expiresAt?: string;
    events?: string;
    report?: SsoCheckReport;
    error?: { code?: string; message?: string };
  };
  if (made.status === 200 && body.report) return printReport(body.report, o.json);
  if (made.status !== 201 || !body.link || !body.events)
    throw new Error(
      `the platform refused (${made.status}${body.error?.code ? ` ${body.error.code}` : ""}): ${body.error?.message ?? "no link came back"}` +
        (made.status === 404 ? ` (--server must be where the operators' pages answer: OPS_HOST, ${server}/ops)` : ""),
    );
  say(
    `\nSend this link to the partner. It starts one run, in one browser, until ${new Date(body.expiresAt!).toUTCString()}:\n\n  ${body.link}\n\nThe partner opens it, presses Start and signs in at their provider however it asks.\nWaiting for the partner's browser…`,
  );
  const deadline = Date.parse(body.expiresAt!) + RUN_TTL_MS + FOLLOW_MARGIN_MS;
  const shown = new Set<string>();
  while (Date.now() < deadline) {
    const outcome = await follow(`${server}${body.events}`, auth, shown, o.json);
    if (outcome !== undefined) return outcome;
    await sleep(1000); // the stream dropped (a proxy's idle timeout): the run goes on, follow it again
  }
  throw new Error("the run did not end in time");
}

/** A request to the running platform, said plainly when it cannot be reached. */
async function reach(server: string, request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (e) {
    throw new Error(
      `cannot reach the running platform at ${server} (${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}): --server is its operators' address, e.g. http://localhost:3000`,
    );
  }
}

/** Follows the run's events until its report (the exit status), or undefined when the stream ended before it. */
async function follow(
  url: string,
  auth: Record<string, string>,
  shown: Set<string>,
  json: boolean,
): Promise<number | undefined> {
  const response = await reach(new URL(url).origin, () =>
    fetch(url, { headers: { ...auth, accept: "application/x-ndjson" } }),
  );
  if (!response.ok || !response.body) throw new Error(`following the run: the platform answered ${response.status}`);
  let buffer = "";
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    // A stream cut on the way (a proxy's idle timeout) is followed again by the caller.
    const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      const event = JSON.parse(line) as Event;
      if (event.type === "started" && !shown.has("started")) {
        shown.add("started");
        say(`The partner started: ${event.roundTrips} round trips to their provider.`);
      } else if (event.type === "result" && !shown.has(event.result.id)) {
        shown.add(event.result.id);
        const n = [...shown].filter((s) => s !== "started").length;
        say(`[${String(n).padStart(2)}/${CHECK_ITEMS.length}] ${resultLine(event.result)}`);
      } else if (event.type === "done") return printReport(event.report, json);
      else if (event.type === "error") throw new Error(`${event.error.code}: ${event.error.message}`);
    }
  }
  return undefined;
}

function printReport(report: SsoCheckReport, json: boolean): number {
  console.log(json ? JSON.stringify(report, null, 2) : `\n${formatReport(report)}`);
  return report.ok ? 0 : 1;
}
