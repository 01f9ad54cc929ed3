import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { idpResponseUris } from "@/lib/auth/node";
import type { Brand } from "@/lib/brands/node";
import { AppError } from "@/lib/http/node";
import { log } from "@/lib/log";
import type { Database } from "@/lib/store";
import {
  checkAuthorizeInBrowser,
  checkAuthorizeRefusals,
  CheckRun,
  checkDiscovery,
  type SsoCheckInput,
  type CheckItemId,
  checkJwks,
  type SsoCheckReport,
} from "@/lib/sso-check";
import { checkFromForm, exclusively, type OperatorsCheck } from "./operators";
import { saveReport } from "./reports";
import { planOf, reportOf } from "./self-sign";
import {
  insertRun,
  LINK_TTL_MS,
  linkOf,
  openRuns,
  random,
  sealSecrets,
  type RunData,
  type SelfSignRun,
} from "./self-sign-runs";

/**
 * An operator makes a "sign in yourself" run (lib/onboarding/self-sign.ts): the checks that need no session run on
 * the server, then the one-time link for the partner.
 */

/** At most this many runs of a brand may be open at once (each link can cost the partner a few token requests). */
export const MAX_OPEN_RUNS = 3;
/** The server's own checks when the link is made (discovery, keys, refusals, prompt=none in the headless browser). */
const SERVER_PHASE_DEADLINE_MS = 90_000;
const CLOSE_WAIT_MS = 10_000;

/** What a run keeps of its input in the clear: everything but the secrets (and the test user, which it has none of). */
function publicInput(input: SsoCheckInput): RunData["input"] {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the secrets are sealed apart; there is no test user
  const { otherClient, clientSecret, user, ...rest } = input;
  return { ...rest, otherClientId: otherClient?.clientId };
}

/** Items the server checks when the link is made; the code-based ones come from the partner's browser. */
const SERVER_ITEMS = new Set<CheckItemId>([
  "discovery.json",
  "discovery.fields",
  "discovery.issuer",
  "discovery.https",
  "jwks.rs256",
  "authorize.prompt_none",
  "authorize.unregistered_redirect",
  "authorize.unknown_client",
  "authorize.response_type",
]);

/** The fields of the operators' validator form that a run where the partner signs in has no use for. */
const NOT_HERE = [
  "username",
  "password",
  "usernameSelector",
  "passwordSelector",
  "submitSelector",
  "loginOrigins",
  "partnerApiUrl",
  "partnerApiKey",
  "checkCodeExpiry",
];

/** The operators' form for a run where the partner signs in: the validator's form without the test user's parts. */
export async function selfSignCheckFromForm(brand: Brand, form: URLSearchParams): Promise<OperatorsCheck> {
  const unused = NOT_HERE.find((field) => form.get(field)?.trim());
  if (unused)
    throw new AppError({
      code: "INVALID_FIELD",
      field: unused,
      message: `${unused}: not used when the partner signs in themselves`,
    });
  for (const field of NOT_HERE) form.delete(field);
  const check = await checkFromForm(brand, form);
  // The partner's browser must come back to this server, on the host its cookie is for: one of the brand's own.
  if (!idpResponseUris(brand).includes(check.input.redirectUri))
    throw new AppError({
      code: "INVALID_FIELD",
      field: "redirectUri",
      message: `redirectUri: must be one of the brand's redirect URIs (${idpResponseUris(brand).join(", ")}): the partner's browser comes back to this server there`,
    });
  return check;
}

export interface CreatedRun {
  id?: string;
  /** The one-time link for the partner (none when the server's own checks found nothing to sign in to). */
  link?: string;
  expiresAt?: string;
  /** The stored report, when the run ended at once. */
  reportId?: number;
  report?: SsoCheckReport;
}

/**
 * Makes a run for an operator: the checks that need no session run now (the server's one validator run at a time,
 * since one of them drives the headless browser), then the one-time link the partner opens. A provider with no usable
 * discovery ends the run here, with its report.
 */
export async function createSelfSignRun(db: Kysely<Database>, check: OperatorsCheck): Promise<CreatedRun> {
  const { brand, environment, input } = check;
  if ((await openRuns(db, brand.id)) >= MAX_OPEN_RUNS)
    throw new AppError({
      code: "RATE_LIMITED",
      message: `${MAX_OPEN_RUNS} sign-in-yourself links of this brand are open: wait until one is used up or expires (at most ${LINK_TTL_MS / 60_000} minutes)`,
      retryAfter: 60,
    });
  const createdAt = new Date().toISOString();
  const server = new CheckRun({ ...input, user: undefined });
  let ended: string | undefined;
  let refused: RunData["refused"] = [];
  await exclusively(db, SERVER_PHASE_DEADLINE_MS, async () => {
    try {
      await checkDiscovery(server);
      if (!server.discovery) ended = "no discovery document: nothing else can be found";
      else {
        await checkJwks(server);
        if (!server.endpoint("authorization_endpoint") || !server.endpoint("token_endpoint"))
          ended = "the discovery document names no usable authorization or token endpoint";
        else {
          await checkAuthorizeRefusals(server);
          await checkAuthorizeInBrowser(server);
        }
      }
    } catch (e) {
      ended = `the check stopped: ${(e as Error).message.split("\n")[0]}`;
    } finally {
      refused = (server.browser?.refused ?? []).map(({ target, reason }) => ({ target, reason }));
      await Promise.race([server.browser?.close().catch(() => undefined), sleep(CLOSE_WAIT_MS)]);
    }
  });
  const { otherClient, clientSecret } = input;
  const data: RunData = {
    input: publicInput(input),
    discovery: server.discovery ?? {},
    keys: server.keys,
    results: server.results.filter((r) => SERVER_ITEMS.has(r.id)),
    refused,
    plan: planOf(input),
    answered: 0,
    answeredStates: [],
  };
  const where = { brand: brand.id, environment, issuer: input.issuer, clientId: input.clientId };
  if (ended) {
    const report = reportOf(data, server.results, createdAt, ended);
    const reportId = await saveReport(db, brand.id, environment, report, check.configured);
    log.info({ ...where, reportId }, "sign-on validator: sign in yourself ended before a link (nothing to sign in to)");
    return { reportId, report };
  }
  const run: SelfSignRun = {
    id: random(),
    brandId: brand.id,
    environment,
    configured: check.configured,
    createdAt,
    expiresAt: new Date(Date.now() + LINK_TTL_MS).toISOString(),
    status: "waiting",
    browser: null,
    pendingState: null,
    data,
    sealed: await sealSecrets(brand.id, {
      clientSecret,
      otherClientSecret: otherClient?.clientSecret,
      codes: [],
    }),
    reportId: null,
  };
  await insertRun(db, run);
  log.info(
    { ...where, run: run.id, configured: check.configured },
    "sign-on validator: a sign-in-yourself link was made",
  );
  return { id: run.id, link: linkOf(run), expiresAt: run.expiresAt };
}
