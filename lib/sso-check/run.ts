import { setTimeout as sleep } from "node:timers/promises";
import { checkAuthorizeInBrowser, checkAuthorizeRefusals, checkAuthorizeRefusalsWithSession } from "./authorize";
import { CheckRun } from "./context";
import { checkDiscovery } from "./discovery";
import { checkIdToken } from "./id-token";
import type { SsoCheckInput } from "./input";
import { CHECK_ITEMS, isOptional, itemOf, type CheckResult } from "./items";
import { checkJwks } from "./jwks";
import { checkPartnerApi } from "./partner-api";
import { checkSessionCookie } from "./session-cookie";
import { checkTokenExchange, checkTokenRefusals } from "./token";
import { checkUserinfo } from "./userinfo";

const CLOSE_WAIT_MS = 10_000;

export interface SsoCheckReport {
  issuer: string;
  clientId: string;
  startedAt: string;
  durationMs: number;
  /** One result per item of the checklist, in its order. */
  results: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
  /** No item failed. */
  ok: boolean;
  /** Every item that is not optional was checked (and so passed, when ok). */
  complete: boolean;
  /** What the provider's pages tried to reach and the outbound rules refused (its own redirects included). */
  refused?: { target: string; reason: string }[];
}

/**
 * Checks a partner's provider against the checklist (lib/sso-check/items.ts), item by item, against its real
 * endpoints and pages; `onResult` hears each result as it comes (the operators' page shows them live).
 */
export async function runSsoCheck(input: SsoCheckInput, onResult?: (r: CheckResult) => void): Promise<SsoCheckReport> {
  const startedAt = new Date();
  const started = performance.now();
  const run = new CheckRun(input, onResult);
  const rest = CHECK_ITEMS.map((i) => i.id).filter((id) => !id.startsWith("partner_api."));
  let refused: SsoCheckReport["refused"] = [];
  try {
    await checkDiscovery(run);
    if (!run.discovery) run.skipRest(rest, "no discovery document: nothing else can be found");
    else if (!run.endpoint("authorization_endpoint") || !run.endpoint("token_endpoint")) {
      await checkJwks(run);
      run.skipRest(rest, "the discovery document names no usable authorization or token endpoint");
    } else {
      await checkJwks(run);
      await checkAuthorizeRefusals(run);
      await checkAuthorizeInBrowser(run);
      await checkAuthorizeRefusalsWithSession(run);
      await checkTokenExchange(run);
      await checkIdToken(run);
      await checkUserinfo(run);
      await checkTokenRefusals(run);
      await checkSessionCookie(run);
    }
    await checkPartnerApi(run);
  } catch (e) {
    // A failure of the validator itself (not of the provider): whatever is left could not be checked.
    run.skipRest(rest, `the check stopped: ${(e as Error).message.split("\n")[0]}`);
    run.skipRest(["partner_api.key", "partner_api.validate", "partner_api.get_user"], "the check stopped");
  } finally {
    refused = run.browser?.refused ?? [];
    // A browser that hangs on closing must not hold the run (nor the operators' one-run lock).
    await Promise.race([run.browser?.close().catch(() => undefined), sleep(CLOSE_WAIT_MS)]);
  }
  const results = CHECK_ITEMS.map((item) => run.has(item.id)!);
  const count = (s: CheckResult["status"]) => results.filter((r) => r.status === s).length;
  return {
    issuer: input.issuer,
    clientId: input.clientId,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    results,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skipped"),
    ok: count("fail") === 0,
    complete: results.every((r) => r.status === "pass" || isOptional(itemOf(r.id))),
    refused: refused.map(({ target, reason }) => ({ target, reason })),
  };
}
