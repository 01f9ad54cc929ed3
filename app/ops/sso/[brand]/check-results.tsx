// The items hold nothing of the server: this client component takes them from their own file.
import { RESULT_LABEL, type CheckResult, type ShownItem } from "@/lib/sso-check/client";

/**
 * The checklist's items with their results: live on the brand's page while a run goes (an item without a result is
 * "checking…" when it is the current one, else "waiting"), and on a stored report.
 */
export function CheckResults({
  items,
  results,
  current,
}: {
  items: ShownItem[];
  results: Partial<Record<string, Omit<CheckResult, "id"> & { id: string }>>;
  current?: string;
}) {
  return (
    <table className="check-results">
      <thead>
        <tr>
          <th>Result</th>
          <th>Item</th>
          <th>Spec</th>
          <th>What was seen</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const r = results[item.id];
          return (
            <tr key={item.id} data-item={item.id} data-status={r?.status ?? "pending"}>
              <td>
                <span className={`status-pill ${r?.status ?? (item.id === current ? "running" : "")}`}>
                  {r ? RESULT_LABEL[r.status] : item.id === current ? "checking…" : "waiting"}
                </span>
              </td>
              <td>
                <span className="muted">{item.group}</span>
                <br />
                {item.title}
                {item.optional && <span className="muted"> (optional)</span>}
              </td>
              <td>{item.rule}</td>
              <td className="seen">
                {r?.reason}
                {r?.seen && (
                  <>
                    <br />
                    {r.seen}
                  </>
                )}
                {r?.hint && <p className="trace-hint">{r.hint}</p>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
