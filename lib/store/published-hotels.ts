import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database, HotelsTable } from "./types";

/**
 * The published hotels' rows, `page` at a time, in the byte order of their ids (hotel ids are ASCII, so the order
 * of JavaScript's `<` too), whatever the database's collation: the recount and every serving catalog read the same
 * rows in the same order, so a hotel's row number means the same in both. Keyset pages along an index: PostgreSQL's
 * C-collated catalog index, SQLite's primary key ("removed_at IS NULL" would make SQLite walk the removed_at index
 * and sort every active hotel again for each page).
 */
export async function* publishedHotelPages<C extends keyof HotelsTable & string>(
  db: Kysely<Database>,
  columns: readonly C[],
  page: number,
): AsyncGenerator<Pick<HotelsTable, C | "id">[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = postgres ? sql<string>`id collate "C"` : sql<string>`id`;
  for (let after = ""; ;) {
    const rows = (await db
      .selectFrom("hotels")
      .select(["id", ...columns] as C[])
      .where(id, ">", after)
      .where(postgres ? sql<boolean>`removed_at is null` : sql<boolean>`coalesce(removed_at, '') = ''`)
      .orderBy(id)
      .limit(page)
      .execute()) as unknown as Pick<HotelsTable, C | "id">[];
    if (rows.length > 0) yield rows;
    if (rows.length < page) return;
    after = rows[rows.length - 1]!.id;
  }
}
