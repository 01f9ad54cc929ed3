import type { Kysely } from "kysely";
import type { SsoEnvironment } from "@/lib/brands/node";
import type { Database } from "@/lib/store";
import type { SsoCheckReport } from "@/lib/sso-check";

/** Reports kept per brand and environment (the latest ones; older runs add nothing to where a brand stands). */
const KEPT_PER_ENVIRONMENT = 50;

export interface StoredReport {
  id: number;
  brandId: string;
  environment: SsoEnvironment;
  /** Whether the run used the brand's configured credentials (only those count towards onboarding). */
  configured: boolean;
  report: SsoCheckReport;
}

const COLUMNS = ["id", "brand_id", "environment", "configured", "report"] as const;

interface Row {
  id: number;
  brand_id: string;
  environment: string;
  configured: number;
  report: string;
}

function fromRow(row: Row): StoredReport {
  return {
    id: Number(row.id),
    brandId: row.brand_id,
    environment: row.environment as SsoEnvironment,
    configured: row.configured === 1,
    report: JSON.parse(row.report) as SsoCheckReport,
  };
}

/** Keeps a validator's report for the brand and environment (it holds no secret: see lib/sso-check/http.ts mask). */
export async function saveReport(
  db: Kysely<Database>,
  brandId: string,
  environment: SsoEnvironment,
  report: SsoCheckReport,
  configured: boolean,
): Promise<number> {
  const row = await db
    .insertInto("sso_check_reports")
    .values({
      brand_id: brandId,
      environment,
      issuer: report.issuer,
      client_id: report.clientId,
      started_at: report.startedAt,
      duration_ms: report.durationMs,
      ok: report.ok ? 1 : 0,
      complete: report.complete ? 1 : 0,
      configured: configured ? 1 : 0,
      report: JSON.stringify(report),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const keep = db
    .selectFrom("sso_check_reports")
    .select("id")
    .where("brand_id", "=", brandId)
    .where("environment", "=", environment)
    .orderBy("id", "desc")
    .limit(KEPT_PER_ENVIRONMENT);
  await db
    .deleteFrom("sso_check_reports")
    .where("brand_id", "=", brandId)
    .where("environment", "=", environment)
    .where("id", "not in", keep)
    .execute();
  return Number(row.id);
}

/** One report of a brand (undefined for another brand's id). */
export async function loadReport(db: Kysely<Database>, brandId: string, id: number): Promise<StoredReport | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const row = await db
    .selectFrom("sso_check_reports")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("brand_id", "=", brandId)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** A brand's latest reports, newest first (both environments). */
export async function recentReports(db: Kysely<Database>, brandId: string, limit = 20): Promise<StoredReport[]> {
  const rows = await db
    .selectFrom("sso_check_reports")
    .select(COLUMNS)
    .where("brand_id", "=", brandId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

/**
 * The latest report made with the configured credentials, per brand and environment: where onboarding stands (one
 * small query per brand and environment, on the index).
 */
export async function latestConfiguredReport(
  db: Kysely<Database>,
  brandId: string,
  environment: SsoEnvironment,
): Promise<StoredReport | undefined> {
  const row = await db
    .selectFrom("sso_check_reports")
    .select(COLUMNS)
    .where("brand_id", "=", brandId)
    .where("environment", "=", environment)
    .where("configured", "=", 1)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && fromRow(row);
}
