import type { Result } from "../platform/errors";
/** Managing webhook endpoints (dashboard and CLI): every mutation audited, the secret returned once. */
import { randomBytes } from "node:crypto";
import { recordAudit, type AuditContext } from "../audit/store";
import type { Db } from "../platform/db";
import { headId } from "../events/store";
import type { WebhookEventType } from "./event-types";
import { MAX_ENDPOINTS_PER_ACCOUNT, MAX_URL_LENGTH } from "./config";
import { takeManualSend } from "./manual-throttle";
import { newSigningSecret, sealSigningSecret } from "./sign";
import { urlProblem } from "./ssrf";
import { findDelivery, insertDelivery, updateDelivery } from "./store/deliveries";
import * as store from "./store/endpoints";
import { toEndpointView, type WebhookEndpointView } from "./views";

export type WebhookResult<T> = Result<T, "NOT_FOUND" | "CONFLICT" | "INVALID_PARAMETER" | "RATE_LIMITED">;

const notFound = { ok: false, code: "NOT_FOUND", message: "Webhook endpoint not found" } as const;

/** The account's manual-send budget (lib/webhooks/manual-throttle.ts), checked once the endpoint is found. */
function throttled(accountId: string): WebhookResult<never> | null {
  const wait = takeManualSend(accountId);
  if (!wait) return null;
  const message = `Too many test events and resends; retry in ${wait} s`;
  return { ok: false, code: "RATE_LIMITED", message };
}

import { oddsThresholdProblem } from "./config";

export interface Actor extends AuditContext {
  userId: string | null;
}

export interface NewEndpoint {
  accountId: string;
  createdById: string | null;
  url: string;
  eventTypes: WebhookEventType[];
  competitionId?: number | null;
  /** odds.moved threshold in percentage points (null: ODDS_MOVED_DEFAULT_PP); checked by oddsThresholdProblem. */
  oddsThresholdPp?: number | null;
  /** The owner's note, at most MAX_DESCRIPTION_LENGTH characters (the route checks it). */
  description?: string;
}

/** Creates an endpoint that receives changes from now on; returns it and its signing secret (once). */
export async function createEndpoint(
  db: Db,
  input: NewEndpoint,
  actor: Actor,
): Promise<WebhookResult<{ endpoint: WebhookEndpointView; secret: string }>> {
  const problem = urlProblem(input.url, MAX_URL_LENGTH);
  if (problem) return { ok: false, code: "INVALID_PARAMETER", message: problem, field: "url" };
  const threshold = oddsThresholdProblem(input.oddsThresholdPp);
  if (threshold) return { ok: false, code: "INVALID_PARAMETER", message: threshold };
  const count = await store.countEndpoints(db, input.accountId);
  if (count >= MAX_ENDPOINTS_PER_ACCOUNT)
    return {
      ok: false,
      code: "CONFLICT",
      message: `At most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints per account`,
    };
  const secret = newSigningSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const row = await store.insertEndpoint(tx, {
      accountId: input.accountId,
      createdById: input.createdById,
      url: input.url,
      description: input.description ?? "",
      eventTypes: input.eventTypes.join(","),
      competitionId: input.competitionId ?? null,
      oddsThresholdPp: input.oddsThresholdPp ?? null,
      secret: sealSigningSecret(secret),
      cursor: await headId(tx),
    });
    await recordAudit(tx, {
      ...actor,
      accountId: input.accountId,
      actorUserId: actor.userId,
      action: "webhook.created",
      targetType: "webhook",
      targetId: row.id,
      detail: input.url.slice(0, 200),
    });
    return row;
  });
  return { ok: true, value: { endpoint: toEndpointView(endpoint), secret } };
}

export async function listEndpoints(db: Db, accountId?: string): Promise<WebhookEndpointView[]> {
  const rows = await store.endpointRows(db, accountId);
  return rows.map((r) => toEndpointView(r));
}

export async function removeEndpoint(
  db: Db,
  ref: store.EndpointRef,
  actor: Actor,
): Promise<WebhookResult<{ id: string }>> {
  const ep = await store.findEndpoint(db, ref);
  if (!ep) return notFound;
  await db.$transaction(async (tx) => {
    await store.deleteEndpoint(tx, ep.id);
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: "webhook.deleted",
      targetType: "webhook",
      targetId: ep.id,
      detail: ep.url.slice(0, 200),
    });
  });
  return { ok: true, value: { id: ep.id } };
}

/**
 * Disables or re-enables an endpoint. Re-enabling clears the failure run; changes recorded while
 * it was disabled are then delivered from its cursor (as far as the feed's retention reaches).
 */
export async function setEndpointDisabled(
  db: Db,
  ref: store.EndpointRef,
  disabled: boolean,
  actor: Actor,
): Promise<WebhookResult<WebhookEndpointView>> {
  const ep = await store.findEndpoint(db, ref);
  if (!ep) return notFound;
  if (Boolean(ep.disabledAt) === disabled)
    return {
      ok: false,
      code: "CONFLICT",
      message: `Webhook endpoint is already ${disabled ? "disabled" : "enabled"}`,
    };
  const row = await db.$transaction(async (tx) => {
    const updated = await store.updateEndpoint(
      tx,
      ep.id,
      disabled
        ? { disabledAt: new Date(), disabledReason: "Disabled by a user" }
        : { disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null },
    );
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: disabled ? "webhook.disabled" : "webhook.enabled",
      targetType: "webhook",
      targetId: ep.id,
      detail: ep.url.slice(0, 200),
    });
    return updated;
  });
  return { ok: true, value: toEndpointView(row) };
}

/** Queues a `webhook.test` event for the endpoint, due now (it bypasses the event-type filter). */
export async function sendTestEvent(
  db: Db,
  ref: store.EndpointRef,
  actor: Actor,
): Promise<WebhookResult<{ eventId: string }>> {
  const ep = await store.findEndpoint(db, ref);
  if (!ep) return notFound;
  if (ep.disabledAt)
    return { ok: false, code: "CONFLICT", message: "Enable the endpoint before sending a test event" };
  const refused = throttled(ep.accountId);
  if (refused) return refused;
  const eventId = `evt_test_${randomBytes(9).toString("base64url")}`;
  const now = new Date();
  const payload = JSON.stringify({
    type: "webhook.test",
    timestamp: now.toISOString(),
    data: { endpoint_id: ep.id, message: "A test event from Statline" },
  });
  await db.$transaction(async (tx) => {
    await insertDelivery(tx, {
      endpointId: ep.id,
      eventId,
      eventType: "webhook.test",
      payload,
      nextAttemptAt: now,
    });
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: "webhook.test_sent",
      targetType: "webhook",
      targetId: ep.id,
      detail: eventId,
    });
  });
  return { ok: true, value: { eventId } };
}

/** One more attempt of a delivery now, with the same webhook-id (the receiver dedupes on it). */
export async function resendDelivery(
  db: Db,
  ref: store.EndpointRef & { deliveryId: string },
  actor: Actor,
): Promise<WebhookResult<{ id: string }>> {
  const ep = await store.findEndpoint(db, ref);
  const d = ep && (await findDelivery(db, ref.deliveryId, ep.id));
  if (!ep || !d) return { ok: false, code: "NOT_FOUND", message: "Delivery not found" };
  const refused = throttled(ep.accountId);
  if (refused) return refused;
  await db.$transaction(async (tx) => {
    await updateDelivery(tx, d.id, { status: "pending", nextAttemptAt: new Date() });
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: "webhook.resent",
      targetType: "webhook",
      targetId: ep.id,
      detail: d.eventId,
    });
  });
  return { ok: true, value: { id: d.id } };
}
