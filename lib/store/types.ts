import type { Generated } from "kysely";

/** Summary columns of a hotel record that pages and search need without parsing the JSON. */
export const HOTEL_COLUMNS = [
  "name",
  "country_code",
  "city",
  "state_province",
  "latitude",
  "longitude",
  "property_type",
  "is_pet_friendly",
  "is_vr",
  "updated_at",
  "content_hash",
] as const satisfies readonly (keyof HotelColumns)[];

export interface HotelColumns {
  name: string | null;
  country_code: string;
  city: string | null;
  state_province: string | null;
  latitude: number;
  longitude: number;
  property_type: string | null;
  is_pet_friendly: number | null;
  is_vr: number | null;
  updated_at: string | null;
  content_hash: string;
}

/** Current state of every property ever published: points at its current version; soft-removed with a time. */
export interface HotelsTable extends HotelColumns {
  id: string;
  version: number;
  first_seen_at: string;
  changed_at: string;
  removed_at: string | null;
  run_id: number;
}

/**
 * Every version of every record (current and history), keyed by (hotel_id, version). A version becomes visible when
 * its run publishes; until then only the run's sync_seen rows point at it.
 */
export interface HotelVersionsTable extends HotelColumns {
  hotel_id: string;
  version: number;
  run_id: number;
  /** The record's JSON exactly as exported: UTF-8 bytes in SQLite (a BLOB, no re-encoding), text in PostgreSQL. */
  record: Buffer | string;
  created_at: string;
}

export type SyncRunStatus = "running" | "published" | "refused" | "failed";

export interface SyncRunsTable {
  id: Generated<number>;
  source: string;
  status: SyncRunStatus;
  forced: number;
  started_at: string;
  finished_at: string | null;
  /** JSON: [{ name, bytes, records }] */
  files: Generated<string>;
  seen: Generated<number>;
  new: Generated<number>;
  changed: Generated<number>;
  unchanged: Generated<number>;
  restored: Generated<number>;
  removed: Generated<number>;
  rejected: Generated<number>;
  bytes: Generated<number>;
  duration_ms: number | null;
  schema_status: string | null;
  error_code: string | null;
  error_message: string | null;
  /** The export as the run listed it (names, sizes, modification times), hashed: the worker's "nothing new" check. */
  fingerprint: Generated<string | null>;
}

/** Ids a running sync has seen, with what it decided for each; emptied when the run ends. */
export interface SyncSeenTable {
  run_id: number;
  hotel_id: string;
  action: "new" | "changed" | "unchanged" | "restored" | "rejected";
  /** The version this run wrote (new and changed records only). */
  version: number | null;
  file: string;
  line: number;
}

export interface RejectedRecordsTable {
  id: Generated<number>;
  run_id: number;
  file: string;
  line: number;
  hotel_id: string | null;
  /** JSON: [{ pointer, keyword, message }] */
  errors: string;
}

export interface SyncLockTable {
  name: string;
  holder: string;
  run_id: number | null;
  acquired_at: string;
  heartbeat_at: string;
}

/** Places an operator imported from a GeoNames dump (`npm run places -- import`); the bundled ones are not stored. */
export interface PlacesTable {
  place_id: string;
  source_key: string;
  category: string;
  name: string;
  /** JSON: { language: name } */
  names: string | null;
  /** JSON: [name] */
  alt_names: string | null;
  country_code: string;
  admin1: string | null;
  latitude: number;
  longitude: number;
  population: number;
  radius_km: number | null;
  import_file: string;
  imported_at: string;
}

/** hotelsCnt per place, recomputed from the published hotels after every sync (places with none have no row). */
export interface PlaceHotelCountsTable {
  place_id: string;
  hotels_cnt: number;
}

/** One recount of place_hotel_counts: after which sync run, how long it took. The newest row says which counts hold. */
/**
 * The hotels each place counts, as the latest recount found them (lib/places/hotel-counts.ts, PlaceMembers): every
 * serving catalog loads them rather than applying the count rules to every hotel again at each start.
 */
export interface CatalogMembersTable {
  recount_id: number;
  /** The digest of the hotel ids the rows number (lib/columns digestOf), in the order publishedHotelPages reads. */
  ids_digest: string;
  /** The places' ids, JSON. */
  places: string;
  /** Uint32 offsets (places + 1), then Int32 rows, little-endian. */
  data: Buffer;
  /**
   * The published run whose hotels the recount read, when it saved them as a table (catalog_table_parts) and no run
   * published during its read; null when it saved none.
   */
  published_run_id: number | null;
}

/** The latest recount's hotel table (lib/hotels/table.ts toParts), in parts: what serving catalogs load at start. */
export interface CatalogTablePartsTable {
  recount_id: number;
  part: number;
  data: Buffer;
}

export interface PlaceRecountsTable {
  id: Generated<number>;
  run_id: number | null;
  hotels: number;
  places: number;
  finished_at: string;
  duration_ms: number;
}

/**
 * Click tracking: a visitor arrived on a brand's search page through a verified partner link (no personal data).
 * One row per brand, partner source, visitor, label and day (the key): the first arrival of that day.
 */
export interface ArrivalsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  brand_id: string;
  /** The partner's source id from the link (always the brand's own partner). */
  source: string;
  /** "" when the link had none. */
  label: string;
  /** The link's anonymousId; "" when it had none. */
  visitor: string;
  place_id: string | null;
  arrived_at: string;
}

/** Click tracking: links with the brand's partner source whose signature is missing or wrong, per brand and day. */
export interface ArrivalUnverifiedDaysTable {
  day: string;
  brand_id: string;
  count: number;
}

/** Booking hand-offs (lib/tracking/handoff.ts): verified "See rates" redirects per brand, hotel and day. */
export interface HandoffsTable {
  day: string;
  brand_id: string;
  hotel_id: string;
  count: number;
}

/** Booking hand-off links whose signature did not verify, per brand and day (sent back to the hotel page). */
export interface HandoffUnverifiedDaysTable {
  day: string;
  brand_id: string;
  count: number;
}

/**
 * A brand's user pool (spec §1.4, §2.4): one row per partner user who signed in to the brand, keyed by the brand and
 * the username <provider_name>_<sub>. Brands never share users: the same partner user is one row per brand.
 */
export interface SsoUsersTable {
  brand_id: string;
  username: string;
  provider_name: string;
  sub: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  first_sign_in_at: string;
  last_sign_in_at: string;
  sign_ins: number;
  /** The user's last sign-out of the brand (ISO): sessions signed in before it are refused. */
  signed_out_at: Generated<string | null>;
}

/** A silent-SSO test's step-by-step trace (the brand's /sso-test page), kept an hour; no token whole. */
export interface SsoTestTracesTable {
  id: string;
  brand_id: string;
  created_at: string;
  /** JSON: lib/sso-check/trace.ts Trace ("" while pending) */
  trace: string;
  /** 1 from the test's start until its callback claims it (one callback per start). */
  pending: Generated<number>;
}

/**
 * A "sign in yourself" run of the sign-on validator (lib/onboarding/self-sign-runs.ts): the partner signs in in their
 * own browser, which then walks silent round trips to the brand's callback. Secrets only sealed; kept a day.
 */
export interface SsoSelfSignRunsTable {
  id: string;
  brand_id: string;
  environment: string;
  /** 1 when the run used the brand's configured credentials. */
  configured: number;
  created_at: string;
  /** The link's end while unused; once started, the run's. */
  expires_at: string;
  /** waiting (link not used), started (bound to a browser), done, expired (the link was never used). */
  status: string;
  /** The digest of the browser's binding cookie, once started. */
  browser: string | null;
  /** The state of the round trip the run waits for (each answers one callback). */
  pending_state: string | null;
  /** JSON: what the run knows and found (no secret). */
  data: string;
  /** The secrets (client secrets, the pending PKCE verifier, codes waiting to be used), sealed; "" once done. */
  sealed: string;
  report_id: number | null;
}

/** A run of the sign-on validator for a brand's credentials of one environment (the operators' page). */
export interface SsoCheckReportsTable {
  id: Generated<number>;
  brand_id: string;
  environment: string;
  issuer: string;
  client_id: string;
  started_at: string;
  duration_ms: number;
  ok: number;
  complete: number;
  /** 1 when the run used the brand's configured credentials (only those count towards onboarding). */
  configured: Generated<number>;
  /** JSON: lib/sso-check/run.ts SsoCheckReport */
  report: string;
}

/** An onboarding step an operator marked done (spec §4.7 rollout order); the other steps follow from settings. */
export interface SsoOnboardingStepsTable {
  brand_id: string;
  step: string;
  done_at: string;
  note: string | null;
}

/** A partner key of the assistant endpoint (spec §5): identified by its digest; the key itself is shown once. */
export interface McpKeysTable {
  /** Public handle ("mk_…"), shown in lists and logs. */
  id: string;
  /** SHA-256 of the key, hex. */
  digest: string;
  partner: string;
  use_case: string;
  /** JSON array of CIDR ranges ("[]": any address). */
  ip_ranges: string;
  /** This key's own limit; null: the partner tier's configured limit. */
  rate_limit: number | null;
  created_at: string;
  revoked_at: string | null;
}

/** An operators' session (lib/ops/auth.ts): the cookie holds a random value; only its digest is kept. */
export interface OpsSessionsTable {
  id_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A property removed from, or restored to, the published snapshot by a run (lib/content/sync/publish.ts). */
export interface HotelEventsTable {
  run_id: number;
  hotel_id: string;
  event: "removed" | "restored";
  at: string;
}

export type SyncAlertKind = "refused" | "failed" | "stale";

/**
 * An alert of the sync worker: raised once per condition (key) while it lasts, shown on /ops until acknowledged,
 * posted to the webhook. A resolved alert (the condition ended) no longer blocks a new one with the same key.
 */
export interface SyncAlertsTable {
  id: Generated<number>;
  kind: SyncAlertKind;
  /** The condition: one unresolved alert per key (a partial unique index), so several workers raise it once. */
  key: string;
  code: string | null;
  message: string;
  run_id: number | null;
  source: string | null;
  raised_at: string;
  resolved_at: string | null;
  acknowledged_at: string | null;
  notified_at: string | null;
  notify_attempts: Generated<number>;
  notify_error: string | null;
}

export interface Database {
  sync_alerts: SyncAlertsTable;
  hotel_events: HotelEventsTable;
  mcp_keys: McpKeysTable;
  ops_sessions: OpsSessionsTable;
  sso_users: SsoUsersTable;
  sso_test_traces: SsoTestTracesTable;
  sso_check_reports: SsoCheckReportsTable;
  sso_self_sign_runs: SsoSelfSignRunsTable;
  sso_onboarding_steps: SsoOnboardingStepsTable;
  places: PlacesTable;
  place_hotel_counts: PlaceHotelCountsTable;
  place_recounts: PlaceRecountsTable;
  catalog_members: CatalogMembersTable;
  catalog_table_parts: CatalogTablePartsTable;
  arrivals: ArrivalsTable;
  arrival_unverified_days: ArrivalUnverifiedDaysTable;
  handoffs: HandoffsTable;
  handoff_unverified_days: HandoffUnverifiedDaysTable;
  hotels: HotelsTable;
  hotel_versions: HotelVersionsTable;
  sync_runs: SyncRunsTable;
  sync_seen: SyncSeenTable;
  rejected_records: RejectedRecordsTable;
  sync_lock: SyncLockTable;
}

export type DatabaseKind = "sqlite" | "postgres";
