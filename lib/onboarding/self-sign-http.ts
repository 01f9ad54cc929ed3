import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { NextResponse, type NextRequest } from "next/server";
import { requestOrigin, readFormBody, assertSameOrigin } from "@/lib/http/node";
import { type Brand, brandForHost } from "@/lib/brands";
import { store, type Database } from "@/lib/store";
import { shownItems, type CheckResult, type ShownItem, verdict, type SsoCheckReport } from "@/lib/sso-check";
import { loadReport } from "./reports";
import {
  answerRoundTrip,
  boundRun,
  forward,
  settled,
  startSelfSign,
  stopSelfSign,
  type LinkProblem,
} from "./self-sign";
import { linkOf, RUN_TTL_MS, SELF_SIGN_COOKIE, SELF_SIGN_PATH, type SelfSignRun } from "./self-sign-runs";

/**
 * The partner's side of "sign in yourself" over HTTP (the link's Start button, Stop, the brand callback's diversion),
 * and the operators' live view of a run. Pages and route handlers call these; lib/onboarding/self-sign.ts decides.
 */

/** The start form is a link, nothing else. */
const MAX_FORM_BYTES = 1024;
/** How often the operators' live view looks at the run in the store (any instance may be serving the partner). */
const FOLLOW_EVERY_MS = 1000;

/** A 303 to the partner's run page on this host (a relative Location: the browser stays where it is). */
function toRunPage(query = ""): NextResponse {
  return new NextResponse(null, {
    status: 303,
    headers: { Location: `${SELF_SIGN_PATH}${query}`, "Cache-Control": "no-store" },
  });
}

/**
 * POST {brand}/sso/sign-in-yourself/start: the link's Start button (a form of the link's page). The link is used up,
 * this browser bound to the run by an HttpOnly cookie (SameSite=Lax: the provider's redirect to the brand's callback
 * is a top-level navigation, which carries it), and the run's page takes the browser to the provider's sign-in.
 */
export async function startSelfSignFrom(request: NextRequest): Promise<NextResponse> {
  assertSameOrigin(request);
  const brand = brandForHost(request.headers.get("host"));
  const origin = requestOrigin(request);
  const form = await readFormBody(request, MAX_FORM_BYTES);
  const started = await startSelfSign((await store()).db, brand, origin, form.get("link") ?? "");
  if ("problem" in started) return toRunPage(`?problem=${started.problem}`);
  const response = toRunPage();
  response.cookies.set(SELF_SIGN_COOKIE, started.cookie, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: origin.startsWith("https:"),
    // The run's time and a while to read its report.
    maxAge: (RUN_TTL_MS + 30 * 60_000) / 1000,
  });
  return response;
}

/** POST {brand}/sso/sign-in-yourself/stop: the partner ends a run whose round trip does not come back. */
export async function stopSelfSignFrom(request: NextRequest): Promise<NextResponse> {
  assertSameOrigin(request);
  const brand = brandForHost(request.headers.get("host"));
  const { db } = await store();
  const run = await boundRun(db, brand.id, request.cookies.get(SELF_SIGN_COOKIE)?.value);
  if (run) await stopSelfSign(db, run);
  return toRunPage();
}

/**
 * GET {brand}/sso/sign-in-yourself/next: the run page sends the browser here (a top-level navigation: the provider's
 * session cookie goes along even when SameSite=Lax), and it goes on to the pending round trip's authorize request.
 */
export async function nextRoundTripFrom(request: NextRequest): Promise<NextResponse> {
  const brand = brandForHost(request.headers.get("host"));
  const { db } = await store();
  const run = await boundRun(db, brand.id, request.cookies.get(SELF_SIGN_COOKIE)?.value);
  const url = run && (await forward(db, run));
  if (!url) return toRunPage();
  return new NextResponse(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
}

/**
 * The run this browser is walking, when the brand's callback is one of its round trips (else the brand's own): while
 * the run goes, every callback this browser brings; after, those whose state the run sent (they show its report).
 */
async function pendingSelfSign(brand: Brand, request: NextRequest): Promise<SelfSignRun | undefined> {
  const cookie = request.cookies.get(SELF_SIGN_COOKIE)?.value;
  if (!cookie) return undefined;
  const run = await boundRun((await store()).db, brand.id, cookie);
  const state = request.nextUrl.searchParams.get("state") ?? "";
  const ours =
    run?.status === "started" || state === run?.data.pending?.state || !!run?.data.answeredStates.includes(state);
  return ours ? run : undefined;
}

/**
 * The brand's callback when it answers a run's round trip (the brand's registered one, whether or not the brand's own
 * sign-on is in force here; only a browser its cookie binds to a waiting run): judged, then the run's page (the next
 * round trip, or the report). Undefined for any other callback.
 */
export async function selfSignCallback(request: NextRequest): Promise<NextResponse | undefined> {
  const run = await pendingSelfSign(brandForHost(request.headers.get("host")), request);
  if (!run) return undefined;
  await answerRoundTrip((await store()).db, run, request.nextUrl.searchParams);
  return toRunPage();
}

/** What the link's page says of a problem (a fixed text per problem: the query names only which). */
export const LINK_PROBLEMS: Record<LinkProblem, string> = {
  unknown: "This link is not one of this site's: check that it was copied whole.",
  used: "This link was already used: each link starts one run, in one browser. Ask for a new one.",
  expired: "This link has expired (links are kept 15 minutes). Ask for a new one.",
  elsewhere: "This link belongs to another address of this site: open it exactly as it was given.",
};

/** A line of a run's live view (NDJSON), as the validator's own run sends them; `link` while the partner has not started. */
export type SelfSignEvent =
  | {
      type: "start";
      brand: string;
      environment: string;
      issuer: string;
      clientId: string;
      items: ShownItem[];
      link?: string;
      expiresAt: string;
    }
  | { type: "started"; at: string; roundTrips: number }
  | { type: "result"; result: CheckResult }
  | { type: "done"; reportId: number; verdict: string; report: SsoCheckReport }
  | { type: "error"; error: { code: string; message: string } };

/**
 * Follows a run for an operator (the page's script, the command): the items found so far, each new one as the
 * partner's browser brings it, then the stored report. Ends when the run does (at the latest when its time is up),
 * or when the client goes away.
 */
export async function followRun(
  db: Kysely<Database>,
  brand: Brand,
  id: string,
  emit: (event: SelfSignEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let run = await settled(db, brand.id, id);
  if (!run)
    return emit({ type: "error", error: { code: "NOT_FOUND", message: `No sign-in-yourself run ${id.slice(0, 30)}` } });
  const { input } = run.data;
  emit({
    type: "start",
    brand: brand.id,
    environment: run.environment,
    issuer: input.issuer,
    clientId: input.clientId,
    items: shownItems(),
    ...(run.status === "waiting" && { link: linkOf(run) }),
    expiresAt: run.expiresAt,
  });
  let sent = 0;
  let startedSent = false;
  while (run && !signal?.aborted) {
    if (run.data.startedAt && !startedSent) {
      emit({ type: "started", at: run.data.startedAt, roundTrips: run.data.plan.length });
      startedSent = true;
    }
    for (const result of run.data.results.slice(sent)) emit({ type: "result", result });
    sent = run.data.results.length;
    if (run.status === "expired")
      return emit({
        type: "error",
        error: { code: "LINK_EXPIRED", message: "The link expired before the partner used it" },
      });
    if (run.status === "done" && run.reportId !== null) {
      const stored = await loadReport(db, brand.id, run.reportId);
      if (stored)
        return emit({ type: "done", reportId: run.reportId, verdict: verdict(stored.report), report: stored.report });
    }
    await sleep(FOLLOW_EVERY_MS, undefined, { signal }).catch(() => undefined);
    run = await settled(db, brand.id, id);
  }
}
