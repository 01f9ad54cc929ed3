import { sql, type Kysely } from "kysely";
import { placeSearchHref } from "@/lib/search";
import type { Database } from "@/lib/store";
import { hotelPath, isHotelId } from "@/lib/hotels";
import type { SitemapEntry, SitemapKind, SitemapSource } from "./sitemap";

/** Rows read per query while a sitemap streams. */
const BATCH = 5000;

/**
 * "Not removed", written so that no index on removed_at is used: the batches walk the primary key in id order (with
 * the removed_at index SQLite would sort every active hotel for each batch).
 */
const active = sql<boolean>`coalesce(removed_at, '') = ''`;

/**
 * The sitemap's entries from the store: the published hotels (lastmod: when their current version was published,
 * i.e. when the page last changed) and the places with hotels (their result pages; lastmod: the newest recount of
 * the hotel counts), each in id order.
 */
export function storeSitemapSource(db: Kysely<Database>): SitemapSource {
  return {
    async count(kind: SitemapKind) {
      const row =
        kind === "hotels"
          ? await db
              .selectFrom("hotels")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("removed_at", "is", null)
              .executeTakeFirstOrThrow()
          : await db
              .selectFrom("place_hotel_counts")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("hotels_cnt", ">", 0)
              .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    entries(kind: SitemapKind, offset: number, limit: number): AsyncIterable<SitemapEntry> {
      return kind === "hotels" ? hotelEntries(db, offset, limit) : placeEntries(db, offset, limit);
    },
  };
}

async function* hotelEntries(db: Kysely<Database>, offset: number, limit: number): AsyncGenerator<SitemapEntry> {
  let after: string | undefined;
  for (let left = limit; left > 0;) {
    let q = db
      .selectFrom("hotels")
      .select(["id", "changed_at"])
      .where(active)
      .orderBy("id")
      .limit(Math.min(BATCH, left));
    q = after === undefined ? q.offset(offset) : q.where("id", ">", after);
    const rows = await q.execute();
    // Only ids a page can be found by (a run published before the rule may have stored others).
    for (const r of rows) if (isHotelId(r.id)) yield { path: hotelPath(r.id), lastmod: r.changed_at };
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(BATCH, left)) return;
    after = last.id;
    left -= rows.length;
  }
}

async function* placeEntries(db: Kysely<Database>, offset: number, limit: number): AsyncGenerator<SitemapEntry> {
  const recount = await db
    .selectFrom("place_recounts")
    .select("finished_at")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  let after: string | undefined;
  for (let left = limit; left > 0;) {
    let q = db
      .selectFrom("place_hotel_counts")
      .select("place_id")
      .where("hotels_cnt", ">", 0)
      .orderBy("place_id")
      .limit(Math.min(BATCH, left));
    q = after === undefined ? q.offset(offset) : q.where("place_id", ">", after);
    const rows = await q.execute();
    for (const r of rows) yield { path: placeSearchHref(r.place_id), lastmod: recount?.finished_at };
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(BATCH, left)) return;
    after = last.place_id;
    left -= rows.length;
  }
}
