/** Editing an endpoint and rolling its signing secret (dashboard); both audited, the new secret returned once. */
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import type { ChangeType } from "../events/types";
import { MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH, oddsThresholdProblem } from "./config";
import type { Actor, WebhookResult } from "./endpoints";
import { findEndpoint, updateEndpoint as updateEndpointRow, type EndpointRef } from "./store/endpoints";
import { newSigningSecret, sealSigningSecret } from "./sign";
import { urlProblem } from "./ssrf";
import { toEndpointView, type WebhookEndpointView } from "./views";

const notFound = { ok: false, code: "NOT_FOUND", message: "Webhook endpoint not found" } as const;

export interface EndpointChanges {
  url?: string;
  description?: string;
  eventTypes?: ChangeType[];
  /** null: back to the default. */
  oddsThresholdPp?: number | null;
}

/**
 * Changes only the stated fields. A new URL goes through the same SSRF check as at creation (and
 * its address is checked again at every send). The audit detail names what changed.
 */
export async function updateEndpoint(
  db: Db,
  ref: EndpointRef,
  changes: EndpointChanges,
  actor: Actor,
): Promise<WebhookResult<WebhookEndpointView>> {
  const ep = await findEndpoint(db, ref);
  if (!ep) return notFound;
  if (changes.url !== undefined) {
    const problem = urlProblem(changes.url, MAX_URL_LENGTH);
    if (problem) return { ok: false, code: "INVALID_PARAMETER", message: problem, field: "url" };
  }
  if (changes.description !== undefined && changes.description.length > MAX_DESCRIPTION_LENGTH)
    return {
      ok: false,
      code: "INVALID_PARAMETER",
      message: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
    };
  const threshold = oddsThresholdProblem(changes.oddsThresholdPp);
  if (threshold) return { ok: false, code: "INVALID_PARAMETER", message: threshold };
  const data = {
    ...(changes.oddsThresholdPp !== undefined && changes.oddsThresholdPp !== ep.oddsThresholdPp
      ? { oddsThresholdPp: changes.oddsThresholdPp }
      : {}),
    ...(changes.url !== undefined && changes.url !== ep.url ? { url: changes.url } : {}),
    ...(changes.description !== undefined && changes.description !== ep.description
      ? { description: changes.description }
      : {}),
    ...(changes.eventTypes !== undefined && changes.eventTypes.join(",") !== ep.eventTypes
      ? { eventTypes: changes.eventTypes.join(",") }
      : {}),
  };
  if (!Object.keys(data).length) return { ok: true, value: toEndpointView(ep) };
  const row = await db.$transaction(async (tx) => {
    const updated = await updateEndpointRow(tx, ep.id, data);
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: "webhook.updated",
      targetType: "webhook",
      targetId: ep.id,
      detail: Object.keys(data).join(", ") + (data.url ? `: ${data.url.slice(0, 160)}` : ""),
    });
    return updated;
  });
  return { ok: true, value: toEndpointView(row) };
}

/**
 * A new signing secret. For `overlapMs` the previous one keeps signing too (every delivery carries
 * both signatures); 0 ends it at once. Rolling again during a window replaces the previous secret
 * with the current one: only the two newest ever sign.
 */
export async function rollSigningSecret(
  db: Db,
  ref: EndpointRef,
  overlapMs: number,
  actor: Actor,
  now = new Date(),
): Promise<WebhookResult<{ endpoint: WebhookEndpointView; secret: string }>> {
  const ep = await findEndpoint(db, ref);
  if (!ep) return notFound;
  const secret = newSigningSecret();
  const until = overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null;
  const row = await db.$transaction(async (tx) => {
    const updated = await updateEndpointRow(tx, ep.id, {
      secret: sealSigningSecret(secret),
      previousSecret: until ? ep.secret : null,
      previousSecretUntil: until,
    });
    await recordAudit(tx, {
      ...actor,
      accountId: ep.accountId,
      actorUserId: actor.userId,
      action: "webhook.secret_rolled",
      targetType: "webhook",
      targetId: ep.id,
      detail: until ? `previous secret signs until ${until.toISOString()}` : "previous secret ended at once",
    });
    return updated;
  });
  return { ok: true, value: { endpoint: toEndpointView(row, now), secret } };
}
