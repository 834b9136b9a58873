/**
 * The outbox. The change feed is the source of truth: fanOut turns changes after each endpoint's
 * cursor into one delivery row per (endpoint, event), idempotently (unique (endpointId, eventId)),
 * so two instances fanning out the same range create each row once. leaseDue hands due rows to one
 * sender at a time: FOR UPDATE SKIP LOCKED on PostgreSQL, one atomic UPDATE … RETURNING on SQLite
 * (SQLite runs one write at a time).
 */
import type { Db } from "../db";
import { providerOf } from "../db/config";
import { dialectFor } from "../db/sql";
import { urlOf } from "../db/client";
import { readChanges } from "../events/feed";
import { headId } from "../events/store";
import type { ChangeEvent } from "../events/types";
import { isChangeType, type WebhookEventType } from "./event-types";

const FAN_OUT_BATCH = 500;

export const eventIdOf = (changeId: string | number) => `evt_${changeId}`;

/** The body every delivery sends: `data` is the change item exactly as GET /v1/changes returns it. */
export const payloadOf = (e: ChangeEvent) => JSON.stringify({ type: e.type, timestamp: e.at, data: e });

export const typesOf = (stored: string): WebhookEventType[] =>
  stored ? (stored.split(",") as WebhookEventType[]) : [];

function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "P2002";
}

async function insertDeliveries(db: Db, endpointId: string, items: ChangeEvent[], now: Date) {
  const existing = await db.webhookDelivery.findMany({
    where: { endpointId, eventId: { in: items.map((i) => eventIdOf(i.id)) } },
    select: { eventId: true },
  });
  const have = new Set(existing.map((e) => e.eventId));
  const rows = items
    .filter((i) => !have.has(eventIdOf(i.id)))
    .map((i) => ({
      endpointId,
      eventId: eventIdOf(i.id),
      changeId: Number(i.id),
      eventType: i.type,
      payload: payloadOf(i),
      nextAttemptAt: now,
    }));
  if (!rows.length) return 0;
  try {
    return (await db.webhookDelivery.createMany({ data: rows })).count;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another instance fanned out the same range a moment ago: insert row by row, skipping its rows.
    let n = 0;
    for (const data of rows)
      await db.webhookDelivery.create({ data }).then(
        () => n++,
        (e: unknown) => {
          if (!isUniqueViolation(e)) throw e;
        },
      );
    return n;
  }
}

/** New changes → delivery rows for every active endpoint; returns how many rows were created. */
export async function fanOut(db: Db, now = new Date()): Promise<number> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { disabledAt: null },
    select: { id: true, accountId: true, eventTypes: true, competitionId: true, cursor: true },
  });
  let created = 0;
  for (const ep of endpoints) {
    const subscribed = typesOf(ep.eventTypes);
    const types = subscribed.filter(isChangeType);
    // An endpoint for account and key events only: no change is for it; its cursor follows the head.
    if (subscribed.length && !types.length) {
      const head = await headId(db);
      if (head > ep.cursor)
        await db.webhookEndpoint.updateMany({
          where: { id: ep.id, cursor: { lt: head } },
          data: { cursor: head },
        });
      continue;
    }
    const filter = {
      // The endpoint's account also gets its own sandbox replays (docs/replay.md).
      accountId: ep.accountId,
      ...(types.length ? { types } : {}),
      ...(ep.competitionId ? { competitionId: ep.competitionId } : {}),
    };
    let cursor = ep.cursor;
    for (;;) {
      const page = await readChanges(db, cursor, filter, FAN_OUT_BATCH);
      if (page.items.length) created += await insertDeliveries(db, ep.id, page.items, now);
      if (page.position > cursor) {
        await db.webhookEndpoint.updateMany({
          where: { id: ep.id, cursor: { lt: page.position } },
          data: { cursor: page.position },
        });
        cursor = page.position;
      }
      if (!page.hasMore) break;
    }
  }
  return created;
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
