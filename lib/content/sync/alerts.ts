import type { Kysely, Selectable } from "kysely";
import type { Logger } from "@/lib/log";
import type { Database, SyncAlertKind, SyncAlertsTable } from "@/lib/store";
import { guardedFetch } from "@/lib/http/node";

/**
 * The sync worker's alerts: a refused or failed run, or no new export long past the expected one. Kept in the store
 * so that every instance shows the same ones on /ops and several workers raise each once: one unresolved alert per
 * condition (its key, a partial unique index). Posted to the webhook once (retried a few times when the post
 * fails), shown until an operator acknowledges it.
 */
export type SyncAlert = Selectable<SyncAlertsTable>;

export interface NewAlert {
  kind: SyncAlertKind;
  /** The condition: while an alert with this key is unresolved, raising it again does nothing. */
  key: string;
  code?: string;
  message: string;
  runId?: number;
  source?: string;
}

/** Raises an alert unless one for the same condition is still unresolved; the new alert, or undefined. */
export async function raiseAlert(
  db: Kysely<Database>,
  alert: NewAlert,
  now = new Date(),
): Promise<SyncAlert | undefined> {
  return db
    .insertInto("sync_alerts")
    .values({
      kind: alert.kind,
      key: alert.key,
      code: alert.code ?? null,
      message: alert.message,
      run_id: alert.runId ?? null,
      source: alert.source ?? null,
      raised_at: now.toISOString(),
      resolved_at: null,
      acknowledged_at: null,
      notified_at: null,
      notify_error: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The conditions of these kinds have ended (a run published, a listing succeeded): a new one alerts again. */
export async function resolveAlerts(db: Kysely<Database>, kinds: SyncAlertKind[], now = new Date()): Promise<number> {
  const r = await db
    .updateTable("sync_alerts")
    .set({ resolved_at: now.toISOString() })
    .where("kind", "in", kinds)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** An operator has seen it: off the banner. False when there is no such alert, or it was acknowledged already. */
export async function acknowledgeAlert(db: Kysely<Database>, id: number, now = new Date()): Promise<boolean> {
  const r = await db
    .updateTable("sync_alerts")
    .set({ acknowledged_at: now.toISOString() })
    .where("id", "=", id)
    .where("acknowledged_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The banner on /ops: alerts not yet acknowledged, newest first. */
export async function unacknowledgedAlerts(db: Kysely<Database>, limit = 20): Promise<SyncAlert[]> {
  return db
    .selectFrom("sync_alerts")
    .selectAll()
    .where("acknowledged_at", "is", null)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export interface Webhook {
  url: string;
  allowLoopback: boolean;
  timeoutMs: number;
}

/** A post that failed is tried again on later checks, this many times in all. */
export const MAX_NOTIFY_ATTEMPTS = 5;

/** The JSON posted: Slack's incoming-webhook body ("text"), and the alert's fields for any other receiver. */
export function webhookBody(alert: SyncAlert): { text: string; alert: Record<string, unknown> } {
  const title =
    alert.kind === "refused"
      ? "Hotel content sync refused"
      : alert.kind === "failed"
        ? "Hotel content sync failed"
        : "No new hotel content export";
  // Slack reads &, < and > in text as its own markup: escaped, as its documentation asks.
  const text = `${title}${alert.code ? ` (${alert.code})` : ""}: ${alert.message}`
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
  return {
    text,
    alert: {
      id: alert.id,
      kind: alert.kind,
      code: alert.code,
      message: alert.message,
      runId: alert.run_id,
      source: alert.source,
      raisedAt: alert.raised_at,
    },
  };
}

/**
 * Posts the alerts not yet delivered (at most MAX_NOTIFY_ATTEMPTS tries each). Each try is claimed first (compare and
 * set on its count), so two workers never post the same try. Only the webhook's origin is ever logged: a Slack
 * webhook's path is its secret.
 */
export async function notifyPending(db: Kysely<Database>, webhook: Webhook | undefined, log: Logger): Promise<number> {
  if (!webhook) return 0;
  const pending = await db
    .selectFrom("sync_alerts")
    .selectAll()
    .where("notified_at", "is", null)
    .where("notify_attempts", "<", MAX_NOTIFY_ATTEMPTS)
    .orderBy("id")
    .execute();
  let sent = 0;
  const origin = new URL(webhook.url).origin;
  for (const alert of pending) {
    const claimed = await db
      .updateTable("sync_alerts")
      .set({ notify_attempts: alert.notify_attempts + 1 })
      .where("id", "=", alert.id)
      .where("notify_attempts", "=", alert.notify_attempts)
      .where("notified_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      const response = await guardedFetch(
        webhook.url,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(webhookBody(alert)),
        },
        { allowLoopback: webhook.allowLoopback, timeoutMs: webhook.timeoutMs, maxBytes: 64 * 1024 },
      );
      if (!response.ok) throw new Error(`answered ${response.status}`);
      await db
        .updateTable("sync_alerts")
        .set({ notified_at: new Date().toISOString(), notify_error: null })
        .where("id", "=", alert.id)
        .execute();
      log.info({ alertId: alert.id, kind: alert.kind, webhook: origin }, "alert posted");
      sent++;
    } catch (e) {
      const error = (e as Error).message.slice(0, 500);
      await db.updateTable("sync_alerts").set({ notify_error: error }).where("id", "=", alert.id).execute();
      log.warn(
        { alertId: alert.id, webhook: origin, attempt: alert.notify_attempts + 1, err: error },
        "posting the alert failed",
      );
    }
  }
  return sent;
}
