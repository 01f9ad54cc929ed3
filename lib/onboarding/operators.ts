import fs from "node:fs";
import type { Kysely } from "kysely";
import { z } from "zod";
import { idpResponseUris } from "@/lib/auth/node";
import { brands, type Brand, type SsoEnvironment } from "@/lib/brands/node";
import { config } from "@/lib/config";
import { AppError, isLoopbackHost } from "@/lib/http/node";
import { log } from "@/lib/log";
import { holdLease, type Database } from "@/lib/store";
import {
  type SsoCheckInput,
  shownItems,
  type CheckResult,
  type ShownItem,
  verdict,
  MAX_SELECTOR_LENGTH,
  parseStepSelectors,
  selectorProblem,
  runSsoCheck,
  type SsoCheckReport,
  trustLocalCa,
} from "@/lib/sso-check";
import { saveReport } from "./reports";

/** The operators' form is a few KB at most (a URL, ids, secrets, selectors). */
export const MAX_CHECK_FORM_BYTES = 16 * 1024;

const text = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform((s) => s.trim() || undefined)
    .optional();
const url = z
  .string()
  .max(500, "at most 500 characters")
  .transform((s) => s.trim() || undefined)
  .refine((s) => s === undefined || URL.canParse(s), "must be an absolute URL")
  .optional();

/** A login-form selector: CSS the login driver can use (selectors.ts says why not). */
const selector = text(MAX_SELECTOR_LENGTH).superRefine((s, ctx) => {
  const problem = s === undefined ? undefined : selectorProblem(s);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The operators' form (lib/onboarding/operators.ts): what the command's flags say, as form fields. */
const formSchema = z.object({
  environment: z.enum(["staging", "production"], { message: "must be staging or production" }),
  credentials: z.enum(["configured", "entered"], { message: "must be configured or entered" }).default("configured"),
  issuer: url,
  clientId: text(255),
  clientSecret: text(500),
  redirectUri: url,
  username: text(320),
  password: text(500),
  usernameSelector: selector,
  passwordSelector: selector,
  submitSelector: selector,
  // Selectors for one step of the login, one STEP:FIELD=CSS a line (lib/sso-check/selectors.ts).
  stepSelectors: z
    .string()
    .max(2000, "at most 2000 characters")
    .transform((s, ctx) => {
      try {
        const steps = parseStepSelectors(s.split(/\r?\n/));
        return steps.length ? steps : undefined;
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // Origins besides the issuer's where the password may be typed, separated by spaces or commas.
  loginOrigins: z
    .string()
    .max(1000, "at most 1000 characters")
    .transform((s) => s.split(/[\s,]+/).filter(Boolean))
    .refine(
      (list) => list.every((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol)),
      "each must be an http(s) URL",
    )
    .transform((list) => (list.length ? list.map((u) => new URL(u).origin) : undefined))
    .optional(),
  otherClientId: text(255),
  otherClientSecret: text(500),
  partnerApiUrl: url,
  partnerApiKey: text(500),
  checkCodeExpiry: z
    .string()
    .trim()
    .regex(/^(\d{1,3})?$/, "1 to 600 seconds")
    .transform((s) => (s ? Number(s) : undefined))
    .refine((n) => n === undefined || (n >= 1 && n <= 600), "1 to 600 seconds")
    .optional(),
});

const invalid = (field: string, message: string) =>
  new AppError({ code: "INVALID_FIELD", field, message: `${field}: ${message}` });

/** A brand of the registry by its id (404 when there is none). */
export function brandById(id: string): Brand {
  const brand = brands().get(id);
  if (!brand)
    throw new AppError({
      code: "BRAND_NOT_FOUND",
      field: "brand",
      message: `No brand "${id.slice(0, 60)}"`,
    });
  return brand;
}

/** What an operators' run checks: the validator's input, and whether it used the brand's configured credentials. */
export interface OperatorsCheck {
  brand: Brand;
  environment: SsoEnvironment;
  configured: boolean;
  input: SsoCheckInput;
}

/**
 * The validator's input from the operators' form: the brand's configured credentials of the environment (the secret
 * from its variable on this server) or ones entered; the brand's redirect URI unless another registered one is given;
 * the test user and the optional parts. Nothing of it is stored but the report (no secret, no password).
 */
export async function checkFromForm(brand: Brand, form: URLSearchParams): Promise<OperatorsCheck> {
  const unknown = [...form.keys()].find((k) => !(k in formSchema.shape));
  if (unknown) throw invalid(unknown.slice(0, 60), "is not a field of this form");
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(String(issue.path[0] ?? "form"), issue.message);
  }
  const f = parsed.data;
  const configured = f.credentials === "configured";
  let issuer = f.issuer;
  let clientId = f.clientId;
  let clientSecret = f.clientSecret;
  if (configured) {
    const c = brands().ssoCredentials(brand, f.environment);
    if (!c) throw invalid("credentials", `the brand has no ${f.environment} credentials in the registry: enter them`);
    if (!c.clientSecret)
      throw invalid("credentials", `${c.clientSecretEnv} is not set on this server: enter the secret instead`);
    ({ issuer, clientId, clientSecret } = c);
  }
  if (!issuer) throw invalid("issuer", "is required");
  if (!clientId) throw invalid("clientId", "is required");
  if (!clientSecret) throw invalid("clientSecret", "is required");
  if (f.username && !f.password) throw invalid("password", "is required with a username");
  if (f.partnerApiUrl && !f.partnerApiKey) throw invalid("partnerApiKey", "is required with a partner API URL");
  if (!!f.otherClientId !== !!f.otherClientSecret)
    throw invalid(f.otherClientId ? "otherClientSecret" : "otherClientId", "another client needs both id and secret");
  const allowLoopback = config().SSO_DEV_ALLOW_LOOPBACK;
  return {
    brand,
    environment: f.environment,
    configured,
    input: {
      issuer,
      clientId,
      clientSecret,
      redirectUri: f.redirectUri ?? idpResponseUris(brand)[0]!,
      user: f.username ? { username: f.username, password: f.password! } : undefined,
      selectors: { username: f.usernameSelector, password: f.passwordSelector, submit: f.submitSelector },
      stepSelectors: f.stepSelectors,
      loginOrigins: f.loginOrigins,
      otherClient:
        f.otherClientId && f.otherClientSecret
          ? { clientId: f.otherClientId, clientSecret: f.otherClientSecret }
          : undefined,
      codeExpirySeconds: f.checkCodeExpiry,
      partnerApi: f.partnerApiUrl ? { url: f.partnerApiUrl, key: f.partnerApiKey! } : undefined,
      production: !allowLoopback,
      allowLoopback,
      trust: allowLoopback ? await localTrust(issuer) : undefined,
    },
  };
}

/**
 * Under the development switch, a provider on this machine whose certificate the local CA of NODE_EXTRA_CA_CERTS
 * signed (the demo's reference IdP) is trusted, as the server's own sign-on trusts it. Nothing else is.
 */
async function localTrust(issuer: string): Promise<SsoCheckInput["trust"]> {
  const caFile = config().NODE_EXTRA_CA_CERTS;
  if (!caFile || !isLoopbackHost(new URL(issuer).hostname) || !issuer.startsWith("https:")) return undefined;
  try {
    return await trustLocalCa(issuer, fs.readFileSync(caFile, "utf8"));
  } catch {
    return undefined; // the provider is not there or not signed by it: the report says what discovery met
  }
}

/** A line of the live report (NDJSON): the items to come, each result as it comes, then the stored report. */
export type CheckEvent =
  | {
      type: "start";
      brand: string;
      environment: SsoEnvironment;
      issuer: string;
      clientId: string;
      items: ShownItem[];
    }
  | { type: "result"; result: CheckResult }
  | { type: "done"; reportId: number; verdict: string; report: Omit<SsoCheckReport, "results"> }
  | { type: "error"; error: { code: string; message: string } };

/** The longest an operators' run may take (besides the opt-in wait for an expired code). */
const RUN_DEADLINE_MS = 3 * 60_000;

/** The store's lease that keeps operators' runs to one at a time (lib/store/lease.ts). */
const RUN_LEASE = "sso-check";
/** A run's lease is taken over when its heartbeat (every 10 s) is older than this: its process died mid-run. */
const RUN_LEASE_STALE_SECONDS = 30;

/** A run that began (it holds the lease): start it once, with where its events go. */
export type OperatorsRun = (
  emit?: (event: CheckEvent) => void,
  deadlineMs?: number,
) => Promise<{ reportId: number; report: SsoCheckReport }>;

/**
 * The one validator run at a time, across every instance sharing the store (each drives a Chromium and asks the
 * partner's IdP; two at once would slow both past their timeouts, and a second would test the same IdP twice), held
 * as a lease of the store whose heartbeat ends with its process. Refused with 409 while another run holds it, before
 * anything is sent. Gives the lease's release.
 */
async function takeRunLease(db: Kysely<Database>): Promise<() => Promise<void>> {
  const held = await holdLease(db, RUN_LEASE, RUN_LEASE_STALE_SECONDS);
  if (!held.lease) {
    const since = held.current ? Date.parse(held.current.acquired_at) : Date.now();
    throw new AppError({
      code: "CHECK_RUNNING",
      message: `A check has been running for ${Math.max(0, Math.round((Date.now() - since) / 1000))} s; one runs at a time: try again when it ends`,
    });
  }
  const { lease } = held;
  return () =>
    lease.release().catch((e: unknown) => log.warn({ err: (e as Error).message }, "sign-on validator: lease kept"));
}

/** `work` bounded by `deadlineMs` (CHECK_TIMEOUT): each item has its own limits; this bounds a browser that hangs. */
function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError({
            code: "CHECK_TIMEOUT",
            message: `The check did not end within ${Math.round(deadlineMs / 1000)} s`,
          }),
        ),
      deadlineMs,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Runs `work` as the one validator run (a "sign in yourself" run's own checks take it too), within `deadlineMs`. */
export async function exclusively<T>(db: Kysely<Database>, deadlineMs: number, work: () => Promise<T>): Promise<T> {
  const release = await takeRunLease(db);
  return withinDeadline(work(), deadlineMs).finally(release);
}

/**
 * Begins an operators' run (it takes the one-run lease, or 409 before anything is sent). The run it returns keeps
 * the report for the brand and environment and tells `emit` each event as it happens; the lease ends with it (or
 * after a few seconds if it is never started).
 */
export async function beginOperatorsRun(db: Kysely<Database>, check: OperatorsCheck): Promise<OperatorsRun> {
  const release = await takeRunLease(db);
  // A run begun and never started must not hold the lease for good.
  const unused = setTimeout(() => void release(), 5000);
  unused.unref();
  let started = false;
  return (emit = () => {}, deadlineMs = RUN_DEADLINE_MS + (check.input.codeExpirySeconds ?? 0) * 1000) => {
    if (started) throw new Error("an operators' run starts once");
    started = true;
    clearTimeout(unused);
    return withinDeadline(run(db, check, emit), deadlineMs).finally(release);
  };
}

async function run(db: Kysely<Database>, check: OperatorsCheck, emit: (event: CheckEvent) => void) {
  const { brand, environment, input } = check;
  const where = { brand: brand.id, environment, issuer: input.issuer, clientId: input.clientId };
  log.info({ ...where, configured: check.configured }, "sign-on validator: started by an operator");
  emit({
    type: "start",
    ...where,
    items: shownItems(),
  });
  const report = await runSsoCheck(input, (result) => emit({ type: "result", result }));
  const reportId = await saveReport(db, brand.id, environment, report, check.configured);
  log.info(
    { ...where, reportId, ok: report.ok, complete: report.complete, failed: report.failed, ms: report.durationMs },
    "sign-on validator: done",
  );
  const { issuer, clientId, startedAt, durationMs, passed, failed, skipped, ok, complete, refused } = report;
  const summary = { issuer, clientId, startedAt, durationMs, passed, failed, skipped, ok, complete, refused };
  emit({ type: "done", reportId, verdict: verdict(summary), report: summary });
  return { reportId, report };
}
