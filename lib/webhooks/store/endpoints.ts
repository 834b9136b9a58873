import type { Db, DbOrTx } from "../../platform/db";

/** Data access for WebhookEndpoint rows; the rules (limits, audit, disabling) live in lib/webhooks. */

type EndpointCreateData = Parameters<Db["webhookEndpoint"]["create"]>[0]["data"];
type EndpointUpdateData = Parameters<Db["webhookEndpoint"]["update"]>[0]["data"];

/** Whose endpoint: an account (dashboard) or any (operator CLI, accountId undefined). */
export interface EndpointRef {
  id: string;
  accountId?: string;
}

export const countEndpoints = (db: DbOrTx, accountId: string) =>
  db.webhookEndpoint.count({ where: { accountId } });

export const insertEndpoint = (db: DbOrTx, data: EndpointCreateData) => db.webhookEndpoint.create({ data });

export const endpointRows = (db: Db, accountId?: string) =>
  db.webhookEndpoint.findMany({ where: accountId ? { accountId } : {}, orderBy: { createdAt: "desc" } });

export const findEndpoint = (db: DbOrTx, ref: EndpointRef) =>
  db.webhookEndpoint.findFirst({
    where: { id: ref.id, ...(ref.accountId ? { accountId: ref.accountId } : {}) },
  });

export const deleteEndpoint = (db: DbOrTx, id: string) => db.webhookEndpoint.delete({ where: { id } });

export const updateEndpoint = (db: DbOrTx, id: string, data: EndpointUpdateData) =>
  db.webhookEndpoint.update({ where: { id }, data });

export const endpointUrl = async (db: Db, id: string): Promise<string | null> =>
  (await db.webhookEndpoint.findUnique({ where: { id }, select: { url: true } }))?.url ?? null;

/** Enabled endpoints with what the fan-out needs. */
export const activeEndpoints = (db: Db) =>
  db.webhookEndpoint.findMany({
    where: { disabledAt: null },
    select: {
      id: true,
      accountId: true,
      eventTypes: true,
      competitionId: true,
      oddsThresholdPp: true,
      cursor: true,
    },
  });

/** Moves the endpoint's feed cursor forward to `to` (never back: another instance may be ahead). */
export async function advanceCursor(db: Db, id: string, to: number): Promise<void> {
  await db.webhookEndpoint.updateMany({ where: { id, cursor: { lt: to } }, data: { cursor: to } });
}

/** Counts one more failure in a row; returns the run and whether the endpoint is disabled. */
export const countFailure = (db: Db, id: string) =>
  db.webhookEndpoint.update({
    where: { id },
    data: { consecutiveFailures: { increment: 1 } },
    select: { consecutiveFailures: true, failingSince: true, disabledAt: true },
  });

/** Sets when the failure run began, unless another attempt already did. */
export async function markFailingSince(db: Db, id: string, at: Date): Promise<void> {
  await db.webhookEndpoint.updateMany({ where: { id, failingSince: null }, data: { failingSince: at } });
}

/** Disables the endpoint unless it already is; true when this call disabled it. */
export async function disableEndpoint(db: DbOrTx, id: string, at: Date, reason: string): Promise<boolean> {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id, disabledAt: null },
    data: { disabledAt: at, disabledReason: reason },
  });
  return count === 1;
}

/** Ends a failure run (a success). */
export async function clearFailures(db: Db, id: string): Promise<void> {
  await db.webhookEndpoint.updateMany({
    where: { id, OR: [{ consecutiveFailures: { gt: 0 } }, { failingSince: { not: null } }] },
    data: { consecutiveFailures: 0, failingSince: null },
  });
}

/** The account's enabled endpoints and the event types each takes ("" = all). */
export const enabledEndpointsOf = (db: DbOrTx, accountId: string) =>
  db.webhookEndpoint.findMany({
    where: { accountId, disabledAt: null },
    select: { id: true, eventTypes: true },
  });
