import type { Db, Tx } from "../platform/db";
import { insertDeliveries } from "../webhooks/store/deliveries";
import { enabledEndpointsOf } from "../webhooks/store/endpoints";
import { mailConfigured } from "../mail";
import { logError, logInfo } from "../platform/log";
import { sendAlertMail } from "./mail";
import { alertSettings } from "./settings";
import { existingDedupeKeys, insertAlert } from "./store";
import type { AlertInput } from "./types";

/** The webhook-id of an alert's deliveries: the same on every retry and on every endpoint. */
export const alertEventId = (alertId: string) => `evt_alert_${alertId}`;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "P2002";
}

/** Queues the alert as a signed webhook event on each active endpoint of the account that takes its type. */
async function queueWebhooks(
  tx: Tx,
  alert: { id: string; accountId: string; type: string; createdAt: Date },
  data: Record<string, unknown>,
) {
  const endpoints = await enabledEndpointsOf(tx, alert.accountId);
  const eventId = alertEventId(alert.id);
  const payload = JSON.stringify({
    type: alert.type,
    timestamp: alert.createdAt.toISOString(),
    data: { alert_id: alert.id, account_id: alert.accountId, ...data },
  });
  const rows = endpoints
    .filter((e) => e.eventTypes === "" || e.eventTypes.split(",").includes(alert.type))
    .map((e) => ({
      endpointId: e.id,
      eventId,
      eventType: alert.type,
      payload,
      nextAttemptAt: alert.createdAt,
    }));
  if (rows.length) await insertDeliveries(tx, rows);
  return rows.length;
}

/**
 * Raises an alert once per condition: the row's unique `dedupeKey` makes a second raise of the
 * same condition (a retry, the sweep on another instance, a restart) a no-op that returns null.
 * The row and its webhook deliveries are one transaction (the webhook worker sends them within
 * WEBHOOK_POLL_MS); the email is claimed by this instance after the commit and sent in the
 * background (a crash before it is sent leaves it `pending` for the sweep to send).
 * Channels follow the account's choice for the type (dashboard list, email, webhook).
 * For callers outside alerts (the operator console's suspension): raise `account.suspended` here.
 */
export async function raiseAlert(
  db: Db,
  input: AlertInput,
): Promise<{ id: string; webhooks: number } | null> {
  const { channels } = await alertSettings(db, input.accountId);
  const choice = channels[input.type];
  let created: { id: string; webhooks: number; emailState: string };
  try {
    created = await db.$transaction(async (tx) => {
      const row = await insertAlert(tx, {
        accountId: input.accountId,
        type: input.type,
        dedupeKey: input.dedupeKey.slice(0, 300),
        title: input.title.slice(0, 200),
        message: input.message.slice(0, 2000),
        data: JSON.stringify(input.data),
        inbox: choice.dashboard,
        emailState: choice.email && mailConfigured() ? "pending" : "off",
      });
      const webhooks = choice.webhook ? await queueWebhooks(tx, row, input.data) : 0;
      return { id: row.id, webhooks, emailState: row.emailState };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  logInfo("alert raised", { type: input.type, accountId: input.accountId, alertId: created.id });
  if (created.emailState === "pending")
    void sendAlertMail(db, created.id).catch((err) =>
      logError("alert email failed", err, { alertId: created.id }),
    );
  return { id: created.id, webhooks: created.webhooks };
}

/** Whether an alert for this condition exists (the sweep's pre-check, to skip known ones in one query). */
export async function knownDedupeKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  return existingDedupeKeys(db, keys);
}
