import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { HOTEL_COLUMNS, type Database } from "@/lib/store";

/** A published property the run did not see: what publishing it removes. */
const absentFrom = (runId: number) => (eb: ExpressionBuilder<Database, "hotels">) =>
  eb.and([
    eb("hotels.removed_at", "is", null),
    eb.not(
      eb.exists(
        eb
          .selectFrom("sync_seen")
          .select("sync_seen.hotel_id")
          .whereRef("sync_seen.hotel_id", "=", "hotels.id")
          .where("sync_seen.run_id", "=", runId),
      ),
    ),
  ]);

/** The ids a run brings back (seen again after their removal). */
const restoredBy = (db: Kysely<Database>, runId: number) =>
  db.selectFrom("sync_seen").select("hotel_id").where("run_id", "=", runId).where("action", "=", "restored");

/** What publishing a run would remove, to check the safety threshold before anything becomes visible. */
export async function removalPreview(
  db: Kysely<Database>,
  runId: number,
): Promise<{ active: number; toRemove: number }> {
  const row = await db
    .selectFrom("hotels")
    .select((eb) => [
      eb.fn.countAll<number>().as("active"),
      eb.fn.count<number>(eb.case().when(absentFrom(runId)(eb)).then(1).end()).as("toRemove"),
    ])
    .where("hotels.removed_at", "is", null)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), toRemove: Number(row.toRemove) };
}

/**
 * Makes a staged run visible in one transaction: current pointers move to the run's new versions, ids the export no
 * longer has are soft-removed, returning ids are restored (both recorded as events of the run). Readers see the old
 * snapshot or the new one, never a mix.
 */
export async function publishRun(
  db: Kysely<Database>,
  runId: number,
  finish: (trx: Kysely<Database>, removed: number) => Promise<unknown>,
): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("hotels")
      .columns(["id", "version", "run_id", ...HOTEL_COLUMNS, "first_seen_at", "changed_at", "removed_at"])
      .expression(
        trx
          .selectFrom("sync_seen as s")
          .innerJoin("hotel_versions as v", (j) =>
            j.onRef("v.hotel_id", "=", "s.hotel_id").onRef("v.version", "=", "s.version"),
          )
          .select(["v.hotel_id", "v.version", "v.run_id", ...HOTEL_COLUMNS.map((c) => `v.${c}` as const)])
          .select([sql.lit(now).as("first_seen_at"), sql.lit(now).as("changed_at"), sql<null>`null`.as("removed_at")])
          .where("s.run_id", "=", runId)
          .where("s.version", "is not", null),
      )
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          version: eb.ref("excluded.version"),
          run_id: eb.ref("excluded.run_id"),
          changed_at: eb.ref("excluded.changed_at"),
          removed_at: null,
          ...Object.fromEntries(HOTEL_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
        })),
      )
      .execute();

    // The removals and restores as events of this run, before the snapshot changes.
    await trx
      .insertInto("hotel_events")
      .columns(["run_id", "hotel_id", "event", "at"])
      .expression(
        trx
          .selectFrom("hotels")
          .select([sql.lit(runId).as("run_id"), "id", sql.lit("removed").as("event"), sql.lit(now).as("at")])
          .where(absentFrom(runId)),
      )
      .execute();
    await trx
      .insertInto("hotel_events")
      .columns(["hotel_id", "run_id", "event", "at"])
      .expression(
        restoredBy(trx, runId).select([
          sql.lit(runId).as("run_id"),
          sql.lit("restored").as("event"),
          sql.lit(now).as("at"),
        ]),
      )
      .execute();

    const removed = await trx
      .updateTable("hotels")
      .set({ removed_at: now, run_id: runId })
      .where(absentFrom(runId))
      .executeTakeFirst();

    await trx
      .updateTable("hotels")
      .set({ removed_at: null, changed_at: now, run_id: runId })
      .where("id", "in", restoredBy(trx, runId))
      .execute();

    const n = Number(removed.numUpdatedRows);
    await finish(trx, n);
    return n;
  });
}

/** Throws away what a run staged (its versions and seen ids): used on refusal, failure and crash recovery. */
export async function discardRun(db: Kysely<Database>, runId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("hotel_versions")
      .where("run_id", "=", runId)
      .where((eb) =>
        eb(
          eb.refTuple("hotel_id", "version"),
          "in",
          eb
            .selectFrom("sync_seen")
            .select(["hotel_id", "version"])
            .where("run_id", "=", runId)
            .where("version", "is not", null)
            .$narrowType<{ version: number }>()
            .$asTuple("hotel_id", "version"),
        ),
      )
      .execute();
    await trx.deleteFrom("sync_seen").where("run_id", "=", runId).execute();
  });
}
