import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { decode, encode } from "@auth/core/jwt";
import type { Kysely } from "kysely";
import { brandSecret } from "@/lib/auth/node";
import type { SsoEnvironment } from "@/lib/brands/node";
import type { Database } from "@/lib/store";
import type { Code, SsoCheckInput, CheckResult } from "@/lib/sso-check";

/**
 * A "sign in yourself" run as the store keeps it (several instances may serve one partner's browser: nothing of a
 * run lives in a process). What is secret (the client secrets, the pending request's PKCE verifier, codes waiting to
 * be used) is sealed with the brand's secret and wiped when the run ends; the link's token is never stored (an HMAC
 * of the run's id, recomputed), so the store alone cannot open a link.
 */

/** The partner's pages on the brand's host: the link's landing page under it, the progress and report at it. */
export const SELF_SIGN_PATH = "/sso/sign-in-yourself";
/** The cookie that binds the run to the browser that started it (HttpOnly, SameSite=Lax: it comes back with the IdP's redirect). */
export const SELF_SIGN_COOKIE = "sso_self_sign";
/** How long a link may wait to be used, and how long a started run may take (a second factor, another provider). */
export const LINK_TTL_MS = 15 * 60_000;
export const RUN_TTL_MS = 10 * 60_000;
/** Runs are forgotten after a day (their reports are kept with the validator's others). */
const KEPT_MS = 24 * 3600_000;

/** One navigation of the partner's browser to the authorize endpoint and back: what its answer is for. */
export type RoundTrip = "sign-in" | "silent" | "code";

/** The round trip a run waits for: its authorize request (public parts: the verifier is sealed). */
export interface PendingRequest {
  n: number;
  kind: RoundTrip;
  state: string;
  nonce: string;
  url: string;
  sentAt: string;
  /** When the browser was sent to it (by the run's page): a page seen again after that does not send it on by itself. */
  forwardedAt?: string;
}

export type PublicInput = Omit<SsoCheckInput, "clientSecret" | "otherClient" | "user"> & { otherClientId?: string };

/** What a run knows and found, without a secret (the `data` column). */
export interface RunData {
  input: PublicInput;
  discovery: Record<string, unknown>;
  keys: Record<string, unknown>[];
  results: CheckResult[];
  refused: { target: string; reason: string }[];
  /** The round trips the partner's browser walks, in order. */
  plan: RoundTrip[];
  /** How many of them came back. */
  answered: number;
  /** The states of those answered: a replayed callback is recognised, and changes nothing. */
  answeredStates: string[];
  pending?: PendingRequest;
  /** When the partner pressed Start. */
  startedAt?: string;
  /** client_secret_post gave no id_token: a code of a later round trip is exchanged by Basic for the id_token items. */
  idTokenLater?: boolean;
  /** Why the walk ended early (no code came back), for the items it left. */
  endedEarly?: string;
  /**
   * States of callbacks that came back with a state this run did not send (the last few, shortened): never judged
   * nor exchanged, since the partner may have been made to open a forged callback; the report names them.
   */
  strayStates?: string[];
}

/** The sealed part (the `sealed` column). */
export interface RunSecrets {
  clientSecret: string;
  otherClientSecret?: string;
  /** The pending request's PKCE verifier. */
  verifier?: string;
  /** Codes of silent round trips, oldest first, waiting for the token items. */
  codes: Code[];
}

export type RunStatus = "waiting" | "started" | "done" | "expired";

export interface SelfSignRun {
  id: string;
  brandId: string;
  environment: SsoEnvironment;
  configured: boolean;
  createdAt: string;
  expiresAt: string;
  status: RunStatus;
  browser: string | null;
  pendingState: string | null;
  data: RunData;
  sealed: string;
  reportId: number | null;
}

const SEAL_SALT = "sso_self_sign_run";
export const random = (bytes = 16) => randomBytes(bytes).toString("base64url");
export const digest = (value: string) => createHash("sha256").update(value).digest("base64url");
const RUN_ID = /^[\w-]{22}$/;

/** The link's token for a run: an HMAC of its id under the brand's secret (a link of one brand is none of another's). */
function linkToken(brandId: string, runId: string): string {
  return createHmac("sha256", brandSecret(brandId)).update(`sign-in-yourself link ${runId}`).digest("base64url");
}

/** The link handed to the partner: on the origin of the run's redirect URI, where its callback comes back. */
export function linkOf(run: Pick<SelfSignRun, "id" | "brandId" | "data">): string {
  return `${new URL(run.data.input.redirectUri).origin}${SELF_SIGN_PATH}/${run.id}.${linkToken(run.brandId, run.id)}`;
}

/** The run id a link names, when its token is the brand's for it (compared in constant time). */
export function runIdOfLink(brandId: string, link: string): string | undefined {
  const m = /^([\w-]{22})\.([\w-]{43})$/.exec(link);
  if (!m) return undefined;
  const expected = Buffer.from(linkToken(brandId, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

export function sealSecrets(brandId: string, secrets: RunSecrets): Promise<string> {
  return encode({ token: { ...secrets }, secret: brandSecret(brandId), salt: SEAL_SALT, maxAge: 3600 });
}

export async function openSecrets(brandId: string, sealed: string): Promise<RunSecrets> {
  const payload = sealed ? await decode({ token: sealed, secret: brandSecret(brandId), salt: SEAL_SALT }) : null;
  if (!payload) throw new Error("the run's sealed secrets could not be opened");
  return payload as unknown as RunSecrets;
}

type Row = Database["sso_self_sign_runs"];

function fromRow(row: Row): SelfSignRun {
  return {
    id: row.id,
    brandId: row.brand_id,
    environment: row.environment as SsoEnvironment,
    configured: Number(row.configured) === 1,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.status as RunStatus,
    browser: row.browser,
    pendingState: row.pending_state,
    data: JSON.parse(row.data) as RunData,
    sealed: row.sealed,
    reportId: row.report_id === null ? null : Number(row.report_id),
  };
}

export async function insertRun(db: Kysely<Database>, run: SelfSignRun): Promise<void> {
  await db
    .deleteFrom("sso_self_sign_runs")
    .where("created_at", "<", new Date(Date.now() - KEPT_MS).toISOString())
    .execute();
  await db
    .insertInto("sso_self_sign_runs")
    .values({
      id: run.id,
      brand_id: run.brandId,
      environment: run.environment,
      configured: run.configured ? 1 : 0,
      created_at: run.createdAt,
      expires_at: run.expiresAt,
      status: run.status,
      browser: run.browser,
      pending_state: run.pendingState,
      data: JSON.stringify(run.data),
      sealed: run.sealed,
      report_id: run.reportId,
    })
    .execute();
}

/** A run of the brand by its id (undefined for another brand's, or a malformed id). */
export async function loadRun(db: Kysely<Database>, brandId: string, id: string): Promise<SelfSignRun | undefined> {
  if (!RUN_ID.test(id)) return undefined;
  const row = await db
    .selectFrom("sso_self_sign_runs")
    .selectAll()
    .where("id", "=", id)
    .where("brand_id", "=", brandId)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Runs of the brand that are not over yet (their links or walks may still come). */
export async function openRuns(db: Kysely<Database>, brandId: string): Promise<number> {
  const row = await db
    .selectFrom("sso_self_sign_runs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("brand_id", "=", brandId)
    .where("status", "in", ["waiting", "started"])
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes a run only if it is still as `expected` says (its status, and the state it waits for when given): two
 * callbacks, or a callback and the expiry, never both act. True when this change was the one made.
 */
export async function updateRun(
  db: Kysely<Database>,
  run: Pick<SelfSignRun, "id">,
  expected: { status: RunStatus; pendingState?: string },
  change: Partial<Pick<SelfSignRun, "status" | "browser" | "pendingState" | "data" | "sealed" | "expiresAt">>,
): Promise<boolean> {
  let query = db
    .updateTable("sso_self_sign_runs")
    .set({
      ...(change.status !== undefined && { status: change.status }),
      ...(change.browser !== undefined && { browser: change.browser }),
      ...(change.pendingState !== undefined && { pending_state: change.pendingState }),
      ...(change.data !== undefined && { data: JSON.stringify(change.data) }),
      ...(change.sealed !== undefined && { sealed: change.sealed }),
      ...(change.expiresAt !== undefined && { expires_at: change.expiresAt }),
    })
    .where("id", "=", run.id)
    .where("status", "=", expected.status);
  if (expected.pendingState !== undefined) query = query.where("pending_state", "=", expected.pendingState);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setReportId(db: Kysely<Database>, id: string, reportId: number): Promise<void> {
  await db.updateTable("sso_self_sign_runs").set({ report_id: reportId }).where("id", "=", id).execute();
}
