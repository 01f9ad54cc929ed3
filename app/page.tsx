import Link from "next/link";
import { store } from "@/lib/store";
import { countHotels, listHotels, recentRuns } from "@/lib/content/queries";

export const dynamic = "force-dynamic";
const PAGE_SIZE = 50;

export default async function Home({ searchParams }: { searchParams: Promise<{ page?: string; country?: string }> }) {
  const params = await searchParams;
  const page = Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1);
  const country = /^[A-Z]{2}$/.test(params.country ?? "") ? params.country : undefined;
  const { db } = await store();
  const [total, hotels, [lastRun]] = await Promise.all([
    countHotels(db),
    listHotels(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, country }),
    recentRuns(db, 1),
  ]);
  const link = (p: number) => `/?${new URLSearchParams({ ...(country ? { country } : {}), page: String(p) })}`;

  return (
    <>
      <h1>Hotels</h1>
      <div className="stats">
        <div className="stat">
          <b>{total.toLocaleString("en")}</b> properties published
        </div>
        {lastRun && (
          <div className="stat">
            <b>
              #{lastRun.id} {lastRun.status}
            </b>
            last sync {lastRun.finished_at ? new Date(lastRun.finished_at).toUTCString() : "running"}: {lastRun.new} new,{" "}
            {lastRun.changed} changed, {lastRun.removed} removed, {lastRun.rejected} rejected
          </div>
        )}
      </div>
      <form className="filter" method="get">
        <label htmlFor="country">Country code</label>
        <input id="country" name="country" defaultValue={country} maxLength={2} placeholder="FR" />
        <button type="submit">Filter</button>
        {country && <Link href="/">Clear</Link>}
      </form>
      {hotels.length === 0 ? (
        <p className="empty">
          No hotels yet. Load an export with <code>npm run sync -- &lt;source&gt;</code>.
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>City</th>
              <th>Country</th>
              <th>Type</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {hotels.map((h) => (
              <tr key={h.id}>
                <td>
                  <Link href={`/hotels/${encodeURIComponent(h.id)}`}>{h.name ?? h.id}</Link>
                </td>
                <td>{h.city}</td>
                <td>{h.country_code}</td>
                <td>{h.property_type}</td>
                <td className="muted">{h.updated_at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Pages">
        {page > 1 && <Link href={link(page - 1)}>← Previous</Link>}
        <span className="muted">Page {page}</span>
        {hotels.length === PAGE_SIZE && <Link href={link(page + 1)}>Next →</Link>}
      </nav>
    </>
  );
}
