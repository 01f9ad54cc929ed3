import Link from "next/link";
import { store } from "@/lib/store";
import { opsAccess, ARRIVALS_DAYS, loadStatus } from "@/lib/ops";
import { unacknowledgedAlerts } from "@/lib/content";
import { OpsGate } from "./gate";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ error?: string; run?: string }> };

const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(2)} s`);

/**
 * Operators' status: sync runs, a run's rejected records, removed properties, partner arrivals, each brand's sign-on,
 * property lookup.
 */
export default async function StatusPage({ searchParams }: Props) {
  const access = await opsAccess();
  const query = await searchParams;
  if (access !== "signed-in") {
    const error = query.error === "1" ? "wrong" : query.error === "throttled" ? "throttled" : undefined;
    return <OpsGate access={access} error={error} />;
  }

  const { db } = await store();
  const { runs, runId, rejected, removed, arrivals, tracking, signOn, handoffs } = await loadStatus(db, {
    runId: Number(query.run) || undefined,
  });
  const alerts = await unacknowledgedAlerts(db);

  return (
    <>
      {alerts.length > 0 && (
        <section id="alerts" role="alert" aria-labelledby="alerts-title" className="ops-alerts" data-testid="alerts">
          <h2 id="alerts-title">Sync alerts</h2>
          <ul>
            {alerts.map((a) => (
              <li key={a.id} data-alert-id={a.id}>
                <strong>
                  {a.kind === "stale" ? "No new export" : a.kind === "refused" ? "Run refused" : "Run failed"}
                </strong>
                {a.code ? ` (${a.code})` : ""}: {a.message} <span className="muted">raised {a.raised_at}</span>
                {a.resolved_at && <span className="muted">; over since {a.resolved_at}</span>}
                {a.run_id !== null && (
                  <>
                    {" "}
                    <Link href={`/ops?run=${a.run_id}`}>run #{a.run_id}</Link>
                  </>
                )}
                <form method="post" action={`/ops/alerts/${a.id}/ack`}>
                  <button type="submit">Acknowledge</button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h1>Status</h1>
      <form className="login" method="get" action="/ops/hotels">
        <label htmlFor="hotel-id">Property id</label>
        <input id="hotel-id" name="id" required maxLength={200} />
        <button type="submit">Show history</button>
      </form>

      <section aria-labelledby="runs">
        <h2 id="runs">Sync runs</h2>
        {runs.length === 0 ? (
          <p className="empty">No sync has run yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Run</th>
                <th>Status</th>
                <th>Source</th>
                <th>Started</th>
                <th>Duration</th>
                <th>Seen</th>
                <th>New</th>
                <th>Changed</th>
                <th>Unchanged</th>
                <th>Restored</th>
                <th>Removed</th>
                <th>Rejected</th>
                <th>Error</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/ops?run=${r.id}`}>#{r.id}</Link>
                  </td>
                  <td>{r.status}</td>
                  <td>{r.source}</td>
                  <td>{r.started_at}</td>
                  <td>{seconds(r.duration_ms)}</td>
                  <td>{r.seen}</td>
                  <td>{r.new}</td>
                  <td>{r.changed}</td>
                  <td>{r.unchanged}</td>
                  <td>{r.restored}</td>
                  <td>{r.removed}</td>
                  <td>{r.rejected}</td>
                  <td>{r.error_code ? `${r.error_code}: ${r.error_message ?? ""}` : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="rejected">
        <h2 id="rejected">Rejected records{runId ? ` of run #${runId}` : ""}</h2>
        {rejected.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>File:line</th>
                <th>Property</th>
                <th>Errors</th>
              </tr>
            </thead>
            <tbody>
              {rejected.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.file}:{r.line}
                  </td>
                  <td>{r.hotel_id ?? "—"}</td>
                  <td>
                    <ul>
                      {r.errors.map((e, i) => (
                        <li key={i}>
                          <code>{e.pointer || "(record)"}</code> {e.message}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="removed">
        <h2 id="removed">Removed properties</h2>
        {removed.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>Property</th>
                <th>Name</th>
                <th>Removed</th>
              </tr>
            </thead>
            <tbody>
              {removed.map((h) => (
                <tr key={h.id}>
                  <td>
                    <Link href={`/ops/hotels?${new URLSearchParams({ id: h.id })}`}>{h.id}</Link>
                  </td>
                  <td>{h.name}</td>
                  <td>{h.removed_at}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="arrivals">
        <h2 id="arrivals">Partner arrivals (last {ARRIVALS_DAYS} days)</h2>
        {arrivals.rows.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table data-testid="arrivals">
            <thead>
              <tr>
                <th>Brand</th>
                <th>Partner source</th>
                <th>Label</th>
                <th>Arrivals</th>
                <th>Anonymous visitors</th>
                <th>Last day</th>
              </tr>
            </thead>
            <tbody>
              {arrivals.rows.map((a) => (
                <tr key={`${a.brand_id}/${a.source}/${a.label ?? ""}`}>
                  <td>{a.brand_id}</td>
                  <td>{a.source}</td>
                  <td>{a.label ?? "—"}</td>
                  <td>{a.arrivals}</td>
                  <td>{a.visitors}</td>
                  <td>{a.last_day}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {arrivals.more > 0 && <p className="muted">{arrivals.more} more rows not shown (the smallest).</p>}
        <p className="muted" data-testid="arrivals-unverified">
          Links with a brand&apos;s partner source but no valid signature (counted, not arrivals):{" "}
          {Object.keys(tracking.unverified).length === 0
            ? "none"
            : Object.entries(tracking.unverified)
                .map(([brand, n]) => `${brand} ${n}`)
                .join(", ")}
          . Waiting to be written: {tracking.recorder.pending}; dropped (buffer full) since start:{" "}
          {tracking.recorder.dropped}
          {tracking.recorder.failures > 0 && `; the store refused the last ${tracking.recorder.failures} writes`}.
        </p>
      </section>

      <section aria-labelledby="handoffs">
        <h2 id="handoffs">Booking hand-offs (last {ARRIVALS_DAYS} days)</h2>
        {handoffs.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table data-testid="handoffs">
            <thead>
              <tr>
                <th>Brand</th>
                <th>Hand-offs</th>
                <th>Hotels</th>
                <th>Links not verified (sent back to the hotel page)</th>
              </tr>
            </thead>
            <tbody>
              {handoffs.map((h) => (
                <tr key={h.brand_id}>
                  <td>{h.brand_id}</td>
                  <td>{h.handoffs}</td>
                  <td>{h.hotels}</td>
                  <td>{h.unverified}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="sign-on">
        <h2 id="sign-on">Sign-on</h2>
        <table data-testid="sign-on">
          <thead>
            <tr>
              <th>Brand</th>
              <th>Identity provider (credentials in force)</th>
              <th>Silent login</th>
              <th>Users in its pool</th>
            </tr>
          </thead>
          <tbody>
            {signOn.map((b) => (
              <tr key={b.brand}>
                <td>{b.brand}</td>
                <td>{b.issuer ? `${b.issuer} (${b.environment})` : "no sign-on"}</td>
                <td>{b.issuer ? (b.silentLogin ? "on" : "off") : "—"}</td>
                <td>{b.users}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
