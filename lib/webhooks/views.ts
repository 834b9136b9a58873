/** What the dashboard and the CLI show of endpoints and deliveries; never a signing secret. */
import type { Db } from "../platform/db";
import { typesOf } from "./outbox";
import { deliveriesOf, deliveryWithAttempts } from "./store/deliveries";
import { findEndpoint } from "./store/endpoints";
import { storedResponseHeaders } from "./response";

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  /** After a roll: until when deliveries still carry the previous secret's signature too (null: none). */
  previousSecretUntil: string | null;
  /** Change types delivered; empty = every type. */
  eventTypes: string[];
  competitionId: string | null;
  /** odds.moved only at or above this move (percentage points); null = ODDS_MOVED_DEFAULT_PP. */
  oddsThresholdPp: number | null;
  status: "active" | "disabled";
  disabledAt: string | null;
  disabledReason: string | null;
  consecutiveFailures: number;
  createdAt: string;
}

export interface WebhookAttemptView {
  at: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  /** The webhook-id header, stable across retries. */
  eventId: string;
  eventType: string;
  status: "pending" | "failed" | "succeeded" | "dead";
  attempts: number;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: WebhookAttemptView[];
}

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  previousSecretUntil: Date | null;
  eventTypes: string;
  competitionId: number | null;
  oddsThresholdPp: number | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  consecutiveFailures: number;
  createdAt: Date;
}

export const toEndpointView = (r: EndpointRow, now = new Date()): WebhookEndpointView => ({
  id: r.id,
  url: r.url,
  description: r.description,
  previousSecretUntil:
    r.previousSecretUntil && r.previousSecretUntil > now ? r.previousSecretUntil.toISOString() : null,
  eventTypes: typesOf(r.eventTypes),
  competitionId: r.competitionId == null ? null : String(r.competitionId),
  oddsThresholdPp: r.oddsThresholdPp,
  status: r.disabledAt ? "disabled" : "active",
  disabledAt: r.disabledAt?.toISOString() ?? null,
  disabledReason: r.disabledReason,
  consecutiveFailures: r.consecutiveFailures,
  createdAt: r.createdAt.toISOString(),
});

/** The newest deliveries of one endpoint with their last attempts; null when it is not the account's. */
export async function listDeliveries(
  db: Db,
  ref: { id: string; accountId?: string },
  limit = 50,
): Promise<WebhookDeliveryView[] | null> {
  const ep = await findEndpoint(db, ref);
  if (!ep) return null;
  const rows = await deliveriesOf(db, ep.id, limit);
  return rows.map((d) => deliveryView(d));
}

type DeliveryRow = Awaited<ReturnType<Db["webhookDelivery"]["findMany"]>>[number] & {
  attemptLog: Awaited<ReturnType<Db["webhookAttempt"]["findMany"]>>;
};

function deliveryView(d: DeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status as WebhookDeliveryView["status"],
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastLatencyMs: d.lastLatencyMs,
    lastError: d.lastError,
    nextAttemptAt: d.status === "pending" || d.status === "failed" ? d.nextAttemptAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
    attemptLog: d.attemptLog.map((a) => ({
      at: a.at.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
    })),
  };
}

/** One delivery with what was sent (the signed body) and what each attempt got back. */
export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  payload: string;
  attemptLog: (WebhookAttemptView & { response: string | null; responseHeaders: [string, string][] })[];
}

export async function deliveryDetail(
  db: Db,
  ref: { id: string; accountId?: string; deliveryId: string },
): Promise<WebhookDeliveryDetail | null> {
  const d = await deliveryWithAttempts(db, ref);
  if (!d) return null;
  return {
    ...deliveryView(d),
    payload: d.payload,
    attemptLog: d.attemptLog.map((a) => ({
      at: a.at.toISOString(),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
      response: a.response,
      responseHeaders: storedResponseHeaders(a.responseHeaders),
    })),
  };
}
