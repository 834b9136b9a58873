import { raiseAlert } from "../alerts/raise";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { logError, logInfo } from "../platform/log";
import { retryDelayMs, webhookConfig } from "./config";
import { insertAttempt, leaseDue, settleDelivery, type LeasedDelivery } from "./store/deliveries";
import {
  clearFailures,
  countFailure,
  disableEndpoint,
  endpointUrl,
  markFailingSince,
} from "./store/endpoints";
import { postWebhook, type PostResult } from "./post";
import { signatureHeaders, signingSecrets } from "./sign";

const LEASE_BATCH = 20;

/** The account.webhook_disabled alert, once per disablement (its time is in the condition key). */
async function raiseEndpointDisabled(
  db: Db,
  endpointId: string,
  accountId: string,
  reason: string,
  at: Date,
) {
  const url = ((await endpointUrl(db, endpointId)) ?? "").slice(0, 200);
  await raiseAlert(db, {
    accountId,
    type: "account.webhook_disabled",
    dedupeKey: `account.webhook_disabled:${endpointId}:${at.getTime()}`,
    title: "A webhook endpoint was disabled",
    message: `Statline stopped delivering to ${url}: ${reason}. Fix the receiver, then enable the endpoint on the Webhooks page; events recorded meanwhile are delivered from where it stopped.`,
    data: { endpoint_id: endpointId, url, reason },
  }).catch((err) => logError("webhook-disabled alert failed", err, { endpointId }));
}

/** After a failed attempt: disables the endpoint once the documented run is reached (audited once). */
async function noteFailure(db: Db, endpointId: string, accountId: string, now: Date) {
  const ep = await countFailure(db, endpointId);
  const since = ep.failingSince ?? now;
  if (!ep.failingSince) await markFailingSince(db, endpointId, now);
  const n = webhookConfig.disableAfterFailures();
  if (ep.disabledAt || ep.consecutiveFailures < n) return;
  if (now.getTime() - since.getTime() < webhookConfig.disableAfterMs()) return;
  const reason = `${ep.consecutiveFailures} failed attempts in a row since ${since.toISOString()}`;
  const disabled = await db.$transaction(async (tx) => {
    const changed = await disableEndpoint(tx, endpointId, now, reason);
    if (changed)
      await recordAudit(tx, {
        accountId,
        actorUserId: null,
        action: "webhook.disabled",
        targetType: "webhook",
        targetId: endpointId,
        detail: reason,
        ip: "webhook-sender",
      });
    return changed;
  });
  if (!disabled) return;
  logInfo("webhook endpoint disabled", { endpointId, reason });
  await raiseEndpointDisabled(db, endpointId, accountId, reason, now);
}

async function record(db: Db, d: LeasedDelivery, owner: string, r: PostResult) {
  const now = new Date();
  const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
  const attempts = d.attempts + 1;
  const delay = ok ? null : retryDelayMs(attempts);
  const error = ok ? null : (r.error ?? `HTTP ${r.statusCode}`);
  await insertAttempt(db, {
    deliveryId: d.id,
    at: now,
    statusCode: r.statusCode,
    latencyMs: r.latencyMs,
    error,
    response: r.response,
    responseHeaders: r.headers ? JSON.stringify(r.headers) : null,
    sender: owner,
  });
  await settleDelivery(db, d.id, owner, {
    status: ok ? "succeeded" : delay === null ? "dead" : "failed",
    attempts,
    nextAttemptAt: new Date(now.getTime() + (delay ?? 0)),
    leaseOwner: null,
    leaseUntil: null,
    lastStatusCode: r.statusCode,
    lastLatencyMs: r.latencyMs,
    lastError: error,
  });
  if (ok) await clearFailures(db, d.endpointId);
  else await noteFailure(db, d.endpointId, d.endpoint.accountId, now);
}

async function sendOne(db: Db, d: LeasedDelivery, owner: string) {
  const secrets = signingSecrets(d.endpoint);
  const result: PostResult = secrets
    ? await postWebhook(d.endpoint.url, signatureHeaders(secrets, d.eventId, d.payload), d.payload)
    : {
        statusCode: null,
        latencyMs: 0,
        error: "signing secret unreadable (NEXTAUTH_SECRET changed?)",
        response: null,
      };
  await record(db, d, owner, result);
}

/** Leases and sends due deliveries until none are due (or `maxBatches` batches); returns how many were sent. */
export async function sendDue(db: Db, owner: string, maxBatches = 10): Promise<number> {
  let sent = 0;
  for (let i = 0; i < maxBatches; i++) {
    const leased = await leaseDue(db, owner, LEASE_BATCH, webhookConfig.timeoutMs() + 10_000);
    if (!leased.length) break;
    await Promise.all(
      leased.map((d) =>
        sendOne(db, d, owner).catch((err) => logError("webhook delivery failed", err, { id: d.id })),
      ),
    );
    sent += leased.length;
    if (leased.length < LEASE_BATCH) break;
  }
  return sent;
}
