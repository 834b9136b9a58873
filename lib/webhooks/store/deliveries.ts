import type { Db, DbOrTx } from "../../platform/db";
import { providerOf } from "../../platform/db/config";
import { urlOf } from "../../platform/db/client";
import { dialectFor } from "../../platform/db/sql";
import type { Prisma } from "../../generated/sqlite/client";

/**
 * Data access for WebhookDelivery and WebhookAttempt rows: inserts, the lease (FOR UPDATE SKIP
 * LOCKED on PostgreSQL, one atomic UPDATE … RETURNING on SQLite, which runs one write at a time),
 * the outcome of an attempt and the views' reads.
 */

type DeliveryCreateData = Parameters<Db["webhookDelivery"]["create"]>[0]["data"];
type DeliveryUpdateData = Parameters<Db["webhookDelivery"]["update"]>[0]["data"];
type AttemptCreateData = Parameters<Db["webhookAttempt"]["create"]>[0]["data"];

/** The event ids among `eventIds` the endpoint already has a delivery for. */
export async function existingEventIds(db: Db, endpointId: string, eventIds: string[]): Promise<Set<string>> {
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId, eventId: { in: eventIds } },
    select: { eventId: true },
  });
  return new Set(rows.map((e) => e.eventId));
}

export const insertDeliveries = async (
  db: DbOrTx,
  rows: Prisma.WebhookDeliveryCreateManyInput[],
): Promise<number> => (await db.webhookDelivery.createMany({ data: rows })).count;

export const insertDelivery = (db: DbOrTx, data: DeliveryCreateData) => db.webhookDelivery.create({ data });

export const findDelivery = (db: Db, id: string, endpointId: string) =>
  db.webhookDelivery.findFirst({ where: { id, endpointId } });

export const updateDelivery = (db: DbOrTx, id: string, data: DeliveryUpdateData) =>
  db.webhookDelivery.update({ where: { id }, data });

/** Writes an attempt's outcome while `owner` still holds the lease. */
export async function settleDelivery(db: Db, id: string, owner: string, data: DeliveryUpdateData) {
  await db.webhookDelivery.updateMany({ where: { id, leaseOwner: owner }, data });
}

export async function insertAttempt(db: Db, data: AttemptCreateData): Promise<void> {
  await db.webhookAttempt.create({ data });
}

const LEASE_SQL = {
  sqlite: `UPDATE "webhook_deliveries" SET "leaseOwner" = ?, "leaseUntil" = ?
    WHERE "id" IN (
      SELECT d."id" FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpointId"
      WHERE d."status" IN ('pending', 'failed') AND d."nextAttemptAt" <= ?
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ?) AND e."disabledAt" IS NULL
      ORDER BY d."nextAttemptAt" LIMIT ?)
    RETURNING "id"`,
  // SKIP LOCKED: a second instance passes over rows the first is leasing instead of waiting for
  // them, and never leases the same row (the lease is written before the row lock is released).
  postgresql: `UPDATE "webhook_deliveries" SET "leaseOwner" = $1, "leaseUntil" = $2::timestamp
    WHERE "id" IN (
      SELECT d."id" FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpointId"
      WHERE d."status" IN ('pending', 'failed') AND d."nextAttemptAt" <= $3::timestamp
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" < $4::timestamp) AND e."disabledAt" IS NULL
      ORDER BY d."nextAttemptAt" LIMIT $5::int
      FOR UPDATE OF d SKIP LOCKED)
    RETURNING "id"`,
};

/**
 * The lease's WHERE as a read. On SQLite an UPDATE takes the database's write lock even when it
 * matches nothing; done every poll and on every change signal, that lock made a concurrent writer
 * in another process (the simulator, an import) fail with SQLITE_BUSY when its transaction had to
 * upgrade from reading to writing. So a round leases only after this read finds a due row.
 */
const DUE_SQLITE = `SELECT 1 AS "due" FROM "webhook_deliveries" d JOIN "webhook_endpoints" e ON e."id" = d."endpointId"
  WHERE d."status" IN ('pending', 'failed') AND d."nextAttemptAt" <= ?
    AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ?) AND e."disabledAt" IS NULL LIMIT 1`;

/** Leases up to `limit` due deliveries of active endpoints to `owner` until now + leaseMs. */
export async function leaseDue(db: Db, owner: string, limit: number, leaseMs: number, now = new Date()) {
  const provider = providerOf(urlOf(db)) === "postgresql" ? "postgresql" : "sqlite";
  const sqlTime = dialectFor(provider).at;
  const at = sqlTime(now);
  if (provider === "sqlite" && !(await db.$queryRawUnsafe<unknown[]>(DUE_SQLITE, at, at)).length) return [];
  const rows = await db.$queryRawUnsafe<Array<{ id: string }>>(
    LEASE_SQL[provider],
    owner,
    sqlTime(new Date(now.getTime() + leaseMs)),
    at,
    at,
    limit,
  );
  if (!rows.length) return [];
  return db.webhookDelivery.findMany({
    where: { id: { in: rows.map((r) => r.id) }, leaseOwner: owner },
    include: {
      endpoint: {
        select: {
          id: true,
          url: true,
          secret: true,
          previousSecret: true,
          previousSecretUntil: true,
          accountId: true,
        },
      },
    },
  });
}

export type LeasedDelivery = Awaited<ReturnType<typeof leaseDue>>[number];

/** Deliveries waiting (pending), failed and dead, and the earliest due one (the console's system page). */
export async function deliveryBacklog(db: Db) {
  const [byStatus, oldest] = await Promise.all([
    db.webhookDelivery.groupBy({
      by: ["status"],
      where: { status: { in: ["pending", "failed", "dead"] } },
      _count: { _all: true },
    }),
    db.webhookDelivery.findFirst({
      where: { status: { in: ["pending", "failed"] } },
      orderBy: { nextAttemptAt: "asc" },
      select: { nextAttemptAt: true },
    }),
  ]);
  const count = (s: string) => byStatus.find((r) => r.status === s)?._count._all ?? 0;
  return {
    pending: count("pending"),
    failed: count("failed"),
    dead: count("dead"),
    oldestDueAt: oldest?.nextAttemptAt ?? null,
  };
}

const ATTEMPTS_SHOWN = 10;

/** The newest deliveries of one endpoint with their last attempts. */
export const deliveriesOf = (db: Db, endpointId: string, limit: number) =>
  db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { attemptLog: { orderBy: { id: "desc" }, take: ATTEMPTS_SHOWN } },
  });

/** One delivery of the endpoint (of the account, when given) with its last attempts. */
export const deliveryWithAttempts = (db: Db, ref: { id: string; accountId?: string; deliveryId: string }) =>
  db.webhookDelivery.findFirst({
    where: {
      id: ref.deliveryId,
      endpointId: ref.id,
      ...(ref.accountId ? { endpoint: { accountId: ref.accountId } } : {}),
    },
    include: { attemptLog: { orderBy: { id: "desc" }, take: ATTEMPTS_SHOWN } },
  });
