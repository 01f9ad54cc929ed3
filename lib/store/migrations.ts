import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from "kysely";
import type { DatabaseKind } from "./types";

/** Migrations in code: the same steps for both dialects, with the few type differences spelled out. */
function migrations(kind: DatabaseKind): Record<string, Migration> {
  const real = kind === "postgres" ? "double precision" : "real";
  return {
    "0001_content_store": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("sync_runs")
          .addColumn("id", kind === "postgres" ? "serial" : "integer", (c) =>
            kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("forced", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("started_at", "text", (c) => c.notNull())
          .addColumn("finished_at", "text")
          .addColumn("files", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("seen", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("new", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("changed", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("unchanged", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("restored", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("removed", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("rejected", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
          .addColumn("duration_ms", "integer")
          .addColumn("schema_status", "text")
          .addColumn("error_code", "text")
          .addColumn("error_message", "text")
          .execute();

        for (const table of ["hotels", "hotel_versions"] as const) {
          let t = db.schema.createTable(table);
          t =
            table === "hotels"
              ? t.addColumn("id", "text", (c) => c.primaryKey()).addColumn("version", "integer", (c) => c.notNull())
              : t.addColumn("hotel_id", "text", (c) => c.notNull()).addColumn("version", "integer", (c) => c.notNull());
          t = t
            .addColumn("run_id", "integer", (c) => c.notNull())
            .addColumn("name", "text")
            .addColumn("country_code", "text", (c) => c.notNull())
            .addColumn("city", "text")
            .addColumn("state_province", "text")
            .addColumn("latitude", sql.raw(real), (c) => c.notNull())
            .addColumn("longitude", sql.raw(real), (c) => c.notNull())
            .addColumn("property_type", "text")
            .addColumn("is_pet_friendly", "integer")
            .addColumn("is_vr", "integer")
            .addColumn("updated_at", "text")
            .addColumn("content_hash", "text", (c) => c.notNull());
          t =
            table === "hotels"
              ? t
                  .addColumn("first_seen_at", "text", (c) => c.notNull())
                  .addColumn("changed_at", "text", (c) => c.notNull())
                  .addColumn("removed_at", "text")
              : t.addColumn("record", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull());
          await t.execute();
        }
        // A plain rowid table with a unique (hotel_id, version) index writes ~4 KB records faster than a composite key.
        await db.schema
          .createIndex("hotel_versions_key")
          .unique()
          .on("hotel_versions")
          .columns(["hotel_id", "version"])
          .execute();
        await db.schema.createIndex("hotels_country_city").on("hotels").columns(["country_code", "city"]).execute();
        await db.schema.createIndex("hotels_removed").on("hotels").column("removed_at").execute();
        // Unchanged records are recognised by the hash of their text alone, before any parsing.
        await db.schema.createIndex("hotels_content_hash").on("hotels").column("content_hash").execute();

        await db.schema
          .createTable("sync_seen")
          .addColumn("run_id", "integer", (c) => c.notNull())
          .addColumn("hotel_id", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("version", "integer")
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("line", "integer", (c) => c.notNull())
          .addPrimaryKeyConstraint("sync_seen_pk", ["run_id", "hotel_id"])
          .execute();

        await db.schema
          .createTable("rejected_records")
          .addColumn("id", kind === "postgres" ? "serial" : "integer", (c) =>
            kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("run_id", "integer", (c) => c.notNull())
          .addColumn("file", "text", (c) => c.notNull())
          .addColumn("line", "integer", (c) => c.notNull())
          .addColumn("hotel_id", "text")
          .addColumn("errors", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("rejected_records_run").on("rejected_records").column("run_id").execute();

        await db.schema
          .createTable("sync_lock")
          .addColumn("name", "text", (c) => c.primaryKey())
          .addColumn("holder", "text", (c) => c.notNull())
          .addColumn("run_id", "integer")
          .addColumn("acquired_at", "text", (c) => c.notNull())
          .addColumn("heartbeat_at", "text", (c) => c.notNull())
          .execute();
      },
    },
    "0002_places": {
      async up(db: Kysely<unknown>) {
        const serial = (c: ColumnDefinitionBuilder) =>
          kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
        const serialType = kind === "postgres" ? "serial" : "integer";
        await db.schema
          .createTable("places")
          .addColumn("place_id", "text", (c) => c.primaryKey())
          .addColumn("source_key", "text", (c) => c.notNull().unique())
          .addColumn("category", "text", (c) => c.notNull())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("names", "text")
          .addColumn("alt_names", "text")
          .addColumn("country_code", "text", (c) => c.notNull())
          .addColumn("admin1", "text")
          .addColumn("latitude", sql.raw(real), (c) => c.notNull())
          .addColumn("longitude", sql.raw(real), (c) => c.notNull())
          .addColumn("population", "bigint", (c) => c.notNull().defaultTo(0))
          .addColumn("radius_km", sql.raw(real))
          .addColumn("import_file", "text", (c) => c.notNull())
          .addColumn("imported_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("place_hotel_counts")
          .addColumn("place_id", "text", (c) => c.primaryKey())
          .addColumn("hotels_cnt", "integer", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("place_recounts")
          .addColumn("id", serialType, serial)
          .addColumn("run_id", "integer")
          .addColumn("hotels", "integer", (c) => c.notNull())
          .addColumn("places", "integer", (c) => c.notNull())
          .addColumn("finished_at", "text", (c) => c.notNull())
          .addColumn("duration_ms", "integer", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("arrivals")
          .addColumn("id", serialType, serial)
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("source", "text", (c) => c.notNull())
          .addColumn("place_id", "text")
          .addColumn("label", "text")
          .addColumn("anonymous_id", "text")
          .addColumn("arrived_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("arrivals_brand_time").on("arrivals").columns(["brand_id", "arrived_at"]).execute();
      },
    },
    "0003_sso_users": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("sso_users")
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("username", "text", (c) => c.notNull())
          .addColumn("provider_name", "text", (c) => c.notNull())
          .addColumn("sub", "text", (c) => c.notNull())
          .addColumn("email", "text")
          .addColumn("given_name", "text")
          .addColumn("family_name", "text")
          .addColumn("first_sign_in_at", "text", (c) => c.notNull())
          .addColumn("last_sign_in_at", "text", (c) => c.notNull())
          .addColumn("sign_ins", "integer", (c) => c.notNull().defaultTo(1))
          .addPrimaryKeyConstraint("sso_users_pk", ["brand_id", "username"])
          .execute();
      },
    },
    "0004_sso_partner_tools": {
      async up(db: Kysely<unknown>) {
        const serial = (c: ColumnDefinitionBuilder) =>
          kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
        await db.schema
          .createTable("sso_test_traces")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("trace", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("sso_test_traces_created").on("sso_test_traces").column("created_at").execute();
        await db.schema
          .createTable("sso_check_reports")
          .addColumn("id", kind === "postgres" ? "serial" : "integer", serial)
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("environment", "text", (c) => c.notNull())
          .addColumn("issuer", "text", (c) => c.notNull())
          .addColumn("client_id", "text", (c) => c.notNull())
          .addColumn("started_at", "text", (c) => c.notNull())
          .addColumn("duration_ms", "integer", (c) => c.notNull())
          .addColumn("ok", "integer", (c) => c.notNull())
          .addColumn("complete", "integer", (c) => c.notNull())
          .addColumn("report", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("sso_check_reports_brand")
          .on("sso_check_reports")
          .columns(["brand_id", "environment", "started_at"])
          .execute();
        await db.schema
          .createTable("sso_onboarding_steps")
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("step", "text", (c) => c.notNull())
          .addColumn("done_at", "text", (c) => c.notNull())
          .addColumn("note", "text")
          .addPrimaryKeyConstraint("sso_onboarding_steps_pk", ["brand_id", "step"])
          .execute();
      },
    },
    "0005_sso_partner_tools_2": {
      async up(db: Kysely<unknown>) {
        // Whether a report used the brand's configured credentials (only those count towards onboarding).
        await db.schema
          .alterTable("sso_check_reports")
          .addColumn("configured", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex("sso_check_reports_latest")
          .on("sso_check_reports")
          .columns(["brand_id", "environment", "configured", "id"])
          .execute();
        // A silent-SSO test is pending from its start until its callback claims it: each start answers one callback.
        await db.schema
          .alterTable("sso_test_traces")
          .addColumn("pending", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    "0006_mcp_keys": {
      async up(db: Kysely<unknown>) {
        // Partner keys of the assistant endpoint (spec §5): the key's SHA-256 digest only, never the key.
        await db.schema
          .createTable("mcp_keys")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("digest", "text", (c) => c.notNull().unique())
          .addColumn("partner", "text", (c) => c.notNull())
          .addColumn("use_case", "text", (c) => c.notNull())
          .addColumn("ip_ranges", "text", (c) => c.notNull())
          .addColumn("rate_limit", "integer")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("revoked_at", "text")
          .execute();
      },
    },
    "0007_ops_sessions": {
      async up(db: Kysely<unknown>) {
        // Operators' sessions: the SHA-256 of the cookie's random value, an expiry, and sign-out's revocation.
        await db.schema
          .createTable("ops_sessions")
          .addColumn("id_hash", "text", (c) => c.primaryKey())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("revoked_at", "text")
          .execute();
        await db.schema.createIndex("ops_sessions_expires").on("ops_sessions").column("expires_at").execute();
      },
    },
    "0008_hotel_events": {
      async up(db: Kysely<unknown>) {
        // A property's removals and restores, with the run that published them (versions record the rest).
        await db.schema
          .createTable("hotel_events")
          .addColumn("run_id", "integer", (c) => c.notNull())
          .addColumn("hotel_id", "text", (c) => c.notNull())
          .addColumn("event", "text", (c) => c.notNull())
          .addColumn("at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("hotel_events_pk", ["hotel_id", "run_id", "event"])
          .execute();
      },
    },
    "0009_arrival_visits": {
      // Moves rows and replaces a table: all or nothing (kysely wraps PostgreSQL's migrations itself, not SQLite's).
      up: (db: Kysely<unknown>) => (kind === "sqlite" ? db.transaction().execute(arrivalVisits) : arrivalVisits(db)),
    },
    "0010_sso_sign_out": {
      async up(db: Kysely<unknown>) {
        // When a user last signed out of the brand: every session of theirs signed in before it is over, copies of
        // its cookie included (lib/auth/user-pool.ts).
        await db.schema.alterTable("sso_users").addColumn("signed_out_at", "text").execute();
      },
    },
    "0011_sync_worker": {
      async up(db: Kysely<unknown>) {
        // The export a run listed, hashed: the worker compares a new listing with the last published run's.
        await db.schema.alterTable("sync_runs").addColumn("fingerprint", "text").execute();
        // The worker's alerts, in the store so that every instance shows (and acknowledges) the same ones.
        await db.schema
          .createTable("sync_alerts")
          .addColumn("id", kind === "postgres" ? "serial" : "integer", (c) =>
            kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("code", "text")
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("run_id", "integer")
          .addColumn("source", "text")
          .addColumn("raised_at", "text", (c) => c.notNull())
          .addColumn("resolved_at", "text")
          .addColumn("acknowledged_at", "text")
          .addColumn("notified_at", "text")
          .addColumn("notify_attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("notify_error", "text")
          .execute();
        // One alert per condition while it lasts: two workers that see it at once insert it once.
        await db.schema
          .createIndex("sync_alerts_open_key")
          .unique()
          .on("sync_alerts")
          .column("key")
          .where(sql.ref("resolved_at"), "is", null)
          .execute();
      },
    },
    "0012_handoffs": {
      async up(db: Kysely<unknown>) {
        // Booking hand-offs (lib/tracking/handoff.ts), counted like partner arrivals: per brand, hotel and day, and
        // links that did not verify per brand and day. Day first: the report reads a range, retention deletes one.
        await db.schema
          .createTable("handoffs")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("hotel_id", "text", (c) => c.notNull())
          .addColumn("count", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("handoffs_pk", ["day", "brand_id", "hotel_id"])
          .execute();
        await db.schema
          .createTable("handoff_unverified_days")
          .addColumn("day", "text", (c) => c.notNull())
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("count", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("handoff_unverified_days_pk", ["day", "brand_id"])
          .execute();
      },
    },
    "0013_sso_sign_in_yourself": {
      async up(db: Kysely<unknown>) {
        // The validator's "sign in yourself" runs (lib/onboarding/self-sign*.ts): the partner's browser walks them
        // through several requests, possibly to several instances, so a run lives here, not in a process.
        await db.schema
          .createTable("sso_self_sign_runs")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("brand_id", "text", (c) => c.notNull())
          .addColumn("environment", "text", (c) => c.notNull())
          .addColumn("configured", "integer", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("browser", "text")
          .addColumn("pending_state", "text")
          .addColumn("data", "text", (c) => c.notNull())
          .addColumn("sealed", "text", (c) => c.notNull())
          .addColumn("report_id", "integer")
          .execute();
        await db.schema
          .createIndex("sso_self_sign_runs_brand")
          .on("sso_self_sign_runs")
          .columns(["brand_id", "status", "expires_at"])
          .execute();
      },
    },
    "0014_catalog_order": {
      async up(db: Kysely<unknown>) {
        // The recount and the serving catalog read the published hotels in pages, in the byte order of their ids
        // whatever the database's collation (publishedHotelPages); SQLite's primary key is in that order already.
        if (kind === "postgres")
          await sql`CREATE INDEX hotels_catalog_order ON hotels (id COLLATE "C") WHERE removed_at IS NULL`.execute(db);
        // The latest recount's place members (lib/places/store.ts), loaded by every serving catalog.
        await db.schema
          .createTable("catalog_members")
          .addColumn("recount_id", "integer", (c) => c.primaryKey())
          .addColumn("ids_digest", "text", (c) => c.notNull())
          .addColumn("places", "text", (c) => c.notNull())
          .addColumn("data", kind === "postgres" ? "bytea" : "blob", (c) => c.notNull())
          .execute();
      },
    },
    "0015_catalog_table": {
      async up(db: Kysely<unknown>) {
        // The latest recount's hotel table, saved for every serving catalog to load rather than read a million rows.
        await db.schema.alterTable("catalog_members").addColumn("published_run_id", "integer").execute();
        await db.schema
          .createTable("catalog_table_parts")
          .addColumn("recount_id", "integer", (c) => c.notNull())
          .addColumn("part", "integer", (c) => c.notNull())
          .addColumn("data", kind === "postgres" ? "bytea" : "blob", (c) => c.notNull())
          .addPrimaryKeyConstraint("catalog_table_parts_pk", ["recount_id", "part"])
          .execute();
      },
    },
  };
}

async function arrivalVisits(db: Kysely<unknown>): Promise<void> {
  // Click tracking, hardened (lib/tracking): links that do not verify are counted per brand and day, apart.
  await db.schema
    .createTable("arrival_unverified_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("brand_id", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("arrival_unverified_days_pk", ["day", "brand_id"])
    .execute();
  // Arrivals stored so far carried no signature and nothing checked their source: kept as unverified counts.
  await sql`insert into arrival_unverified_days (day, brand_id, count)
          select substr(arrived_at, 1, 10), brand_id, count(*) from arrivals
          group by substr(arrived_at, 1, 10), brand_id`.execute(db);
  await db.schema.dropTable("arrivals").execute();
  // One row per brand, partner source, visitor, label and day ("" for no label / no anonymous id). The key is
  // the dedup (insert-or-ignore) and, day first, the index of the report (a range of days, grouped by brand,
  // source and label, visitors counted: all in the key) and of retention (day < cutoff).
  await db.schema
    .createTable("arrivals")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("brand_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("place_id", "text")
    .addColumn("arrived_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("arrivals_pk", ["day", "brand_id", "source", "label", "visitor"])
    .execute();
}

/** The migrations above, for kysely's Migrator (tests migrate to a given step with it). */
export class InCodeProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}
  async getMigrations() {
    return migrations(this.kind);
  }
}

/**
 * kysely's Migrator for this store. On PostgreSQL its bookkeeping tables live in the connection's current schema:
 * left to itself, kysely looks for them in every schema, and a second store's (another schema of the same database)
 * would be taken for this one's.
 */
export async function storeMigrator(db: Kysely<unknown>, kind: DatabaseKind): Promise<Migrator> {
  const provider = new InCodeProvider(kind);
  if (kind === "sqlite") return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]!.schema });
}

export async function migrateToLatest(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const migrator = await storeMigrator(db, kind);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`, {
      cause: error,
    });
  }
}
