import fs from "node:fs";
import type { Kysely } from "kysely";
import { z } from "zod";
import { idpResponseUris } from "@/lib/auth/redirect-uris";
import { brands, type Brand } from "@/lib/brands";
import type { SsoEnvironment } from "@/lib/brands/registry";
import { config } from "@/lib/config";
import { AppError } from "@/lib/http/errors";
import { isLoopbackHost } from "@/lib/http/outbound";
import { log } from "@/lib/log";
import type { Database } from "@/lib/store";
import type { SsoCheckInput } from "./input";
import { shownItems, type CheckResult, type ShownItem } from "./items";
import { verdict } from "./report";
import { saveReport } from "./reports";
import { runSsoCheck, type SsoCheckReport } from "./run";
import { trustLocalCa } from "./trust";

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

/** The operators' form (lib/sso-check/operators.ts): what the command's flags say, as form fields. */
const formSchema = z.object({
  environment: z.enum(["staging", "production"], { message: "must be staging or production" }),
  credentials: z.enum(["configured", "entered"], { message: "must be configured or entered" }).default("configured"),
  issuer: url,
  clientId: text(255),
  clientSecret: text(500),
  redirectUri: url,
  username: text(320),
  password: text(500),
  usernameSelector: text(300),
  passwordSelector: text(300),
  submitSelector: text(300),
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
  const caFile = process.env.NODE_EXTRA_CA_CERTS;
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

/** One run at a time on a server: each drives a Chromium, and two at once would slow both past their timeouts. */
let running: { brand: string; since: number } | undefined;

/**
 * Runs `work` as the server's one validator run (a "sign in yourself" run's own checks take it too), bounded by
 * `deadlineMs` (CHECK_TIMEOUT) so that the lock is always released. Refused at once (synchronously, before anything
 * is sent) with 409 while another run is going.
 */
export function exclusively<T>(brandId: string, deadlineMs: number, work: () => Promise<T>): Promise<T> {
  if (running)
    throw new AppError({
      code: "CHECK_RUNNING",
      message: `A check (brand ${running.brand}) has been running for ${Math.round((Date.now() - running.since) / 1000)} s; one runs at a time: try again when it ends`,
    });
  running = { brand: brandId, since: Date.now() };
  // Each item has its own time limits; this bounds the whole (a browser that hangs) so the lock is always released.
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
  return Promise.race([work(), deadline]).finally(() => {
    clearTimeout(timer);
    running = undefined;
  });
}

/**
 * Runs the validator for an operator, telling `emit` each event as it happens, and keeps the report for the brand
 * and environment. Refused at once (synchronously, before anything is sent) with 409 while another run is going.
 */
export function runForOperators(
  db: Kysely<Database>,
  check: OperatorsCheck,
  emit: (event: CheckEvent) => void = () => {},
  deadlineMs = RUN_DEADLINE_MS + (check.input.codeExpirySeconds ?? 0) * 1000,
): Promise<{ reportId: number; report: SsoCheckReport }> {
  return exclusively(check.brand.id, deadlineMs, () => run(db, check, emit));
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
