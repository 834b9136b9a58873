/**
 * The outbox. The change feed is the source of truth: fanOut turns changes after each endpoint's
 * cursor into one delivery row per (endpoint, event), idempotently (unique (endpointId, eventId)),
 * so two instances fanning out the same range create each row once. The lease that hands due rows
 * to one sender at a time is in store/deliveries.ts.
 */
import type { Db } from "../platform/db";
import { readChanges } from "../events/feed";
import { headId } from "../events/store";
import type { ChangeEvent } from "../events/types";
import { oddsThresholdOf } from "./config";
import { isChangeType, type WebhookEventType } from "./event-types";
import { existingEventIds, insertDeliveries as insertRows, insertDelivery } from "./store/deliveries";
import { activeEndpoints, advanceCursor } from "./store/endpoints";

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
  const have = await existingEventIds(
    db,
    endpointId,
    items.map((i) => eventIdOf(i.id)),
  );
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
    return await insertRows(db, rows);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another instance fanned out the same range a moment ago: insert row by row, skipping its rows.
    let n = 0;
    for (const data of rows)
      await insertDelivery(db, data).then(
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
  const endpoints = await activeEndpoints(db);
  let created = 0;
  for (const ep of endpoints) {
    const subscribed = typesOf(ep.eventTypes);
    const types = subscribed.filter(isChangeType);
    // An endpoint for account and key events only: no change is for it; its cursor follows the head.
    if (subscribed.length && !types.length) {
      const head = await headId(db);
      if (head > ep.cursor) await advanceCursor(db, ep.id, head);
      continue;
    }
    const filter = {
      // The endpoint's account also gets its own sandbox replays (docs/replay.md).
      accountId: ep.accountId,
      ...(types.length ? { types } : {}),
      ...(ep.competitionId ? { competitionId: ep.competitionId } : {}),
      oddsThresholdPp: oddsThresholdOf(ep.oddsThresholdPp),
    };
    let cursor = ep.cursor;
    for (;;) {
      const page = await readChanges(db, cursor, filter, FAN_OUT_BATCH);
      if (page.items.length) created += await insertDeliveries(db, ep.id, page.items, now);
      if (page.position > cursor) {
        await advanceCursor(db, ep.id, page.position);
        cursor = page.position;
      }
      if (!page.hasMore) break;
    }
  }
  return created;
}
