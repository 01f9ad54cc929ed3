import Link from "next/link";
import { store } from "@/lib/store";
import { hotelEvents, hotelHistory, diffRecords } from "@/lib/hotels";
import { opsAccess } from "@/lib/ops";
import { OpsGate } from "../gate";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ id?: string; a?: string; b?: string }> };

const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 1));

/** A property's version history (kept by us: the export keeps none) and a field-by-field diff of two versions. */
export default async function HotelHistoryPage({ searchParams }: Props) {
  const access = await opsAccess();
  if (access !== "signed-in") return <OpsGate access={access} />;
  const { id = "", a, b } = await searchParams;
  const { db } = await store();
  const [history, events] = id
    ? await Promise.all([hotelHistory(db, id.slice(0, 200)), hotelEvents(db, id.slice(0, 200))])
    : [[], []];
  if (history.length === 0) {
    return (
      <section className="empty">
        <h1>No history</h1>
        <p>No published version of a property with the id “{id}”.</p>
        <Link href="/ops">Back to the status page</Link>
      </section>
    );
  }
  // Newest first; by default the latest version against the one before it.
  const newer = history.find((v) => String(v.version) === b) ?? history[0]!;
  const older = history.find((v) => String(v.version) === a) ?? history.find((v) => v.version < newer.version);
  const changes = older ? diffRecords(older.record, newer.record) : [];
  const link = (va: number, vb: number) => `/ops/hotels?${new URLSearchParams({ id, a: String(va), b: String(vb) })}`;

  return (
    <>
      <h1>History of {id}</h1>
      {events.length > 0 && (
        <section aria-labelledby="events">
          <h2 id="events">Removed and restored</h2>
          <ul>
            {events.map((e) => (
              <li key={`${e.run_id}-${e.event}`}>
                {e.event} by run #{e.run_id} at {e.at}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="versions">
        <h2 id="versions">Versions</h2>
        <table>
          <thead>
            <tr>
              <th>Version</th>
              <th>updated_at</th>
              <th>Stored</th>
              <th>Run</th>
              <th>Compare</th>
            </tr>
          </thead>
          <tbody>
            {history.map((v, i) => (
              <tr key={v.version}>
                <td>v{v.version}</td>
                <td>{v.updated_at ?? "—"}</td>
                <td>{v.created_at}</td>
                <td>#{v.run_id}</td>
                <td>
                  {history[i + 1] && (
                    <Link href={link(history[i + 1]!.version, v.version)}>with v{history[i + 1]!.version}</Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="diff">
        <h2 id="diff">
          {older ? `Changes from v${older.version} to v${newer.version}` : `v${newer.version} is the first version`}
        </h2>
        {older && changes.length === 0 && <p className="muted">No field differs.</p>}
        {changes.length > 0 && (
          <table className="diff" data-testid="diff">
            <thead>
              <tr>
                <th>Field</th>
                <th>Change</th>
                <th>v{older!.version}</th>
                <th>v{newer.version}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.path} className={c.change}>
                  <td>
                    <code>{c.path}</code>
                  </td>
                  <td>{c.change}</td>
                  <td>
                    <code>{show(c.before)}</code>
                  </td>
                  <td>
                    <code>{show(c.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
