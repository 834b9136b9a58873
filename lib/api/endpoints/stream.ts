/**
 * GET /v1/stream: the change feed as Server-Sent Events (docs/events.md, "Live stream").
 *   STREAM_MAX_PER_KEY=5         open streams per key and instance; one more is 429
 *   STREAM_EVENTS_PER_UNIT=100   events per metered unit after the connection's own price (an event
 *                                counts its group's price on the key's plan, odds or feed: docs/events.md,
 *                                "Scopes and units")
 */
import type { Db } from "../../platform/db";
import { retentionMs } from "../../events/feed";
import { changeAt, headId, prunedThrough } from "../../events/store";
import { perProcess } from "../../platform/process-state";
import { isStopping } from "../../platform/shutdown";
import { usage } from "../../usage";
import type { Caller } from "../../keys/caller";
import { EventStream, type StreamError } from "../../events/stream";
import { typesReadableWith, type ChangeEvent as Change } from "../../events/types";
import { authenticate, restrictionError } from "../auth";
import { ApiError } from "../../platform/errors";
import { ERROR_RESPONSES } from "../../docs/openapi-parts";
import { refusalError } from "../refusals";
import { defineRoute, StreamBody, type ApiRequest, type RouteDef } from "../types";
import {
  ChangeEvent,
  cursorExpired,
  feedQuery,
  feedTypes,
  isOddsChange,
  oddsThreshold,
  startPosition,
} from "./changes";
import { unitCost } from "../../plans";
import { STREAM_DESCRIPTION, STREAM_OK_RESPONSE } from "./stream-doc";
import { envInt } from "../../platform/config";

export const streamLimits = {
  maxPerKey: envInt("STREAM_MAX_PER_KEY"),
  eventsPerUnit: envInt("STREAM_EVENTS_PER_UNIT"),
};

/** Metering label of the events a stream delivered (the connection itself is "/v1/stream"). */
export const STREAM_EVENTS_ENDPOINT = "/v1/stream (events)";

const streamQuery = feedQuery.omit({ limit: true });
type StreamQuery = ReturnType<typeof streamQuery.parse>;

/** Open streams per key id, in this process (the cap is per instance: docs/events.md). */
const perKey = perProcess("streamSlots", () => new Map<string, number>());

function takeSlot(keyId: string): () => void {
  const n = perKey.get(keyId) ?? 0;
  if (n >= streamLimits.maxPerKey)
    throw new ApiError(
      "RATE_LIMITED",
      `Too many open streams: this key may hold ${streamLimits.maxPerKey} per server instance; close one, or retry in 5 s`,
      { "Retry-After": "5" },
    );
  perKey.set(keyId, n + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const left = (perKey.get(keyId) ?? 1) - 1;
    if (left > 0) perKey.set(keyId, left);
    else perKey.delete(keyId);
  };
}

/** Where to start: after Last-Event-ID (a change id), after `cursor`, or at the head (live only). */
async function resumeFrom(db: Db, req: ApiRequest, cursor: string | undefined): Promise<number> {
  const lastId = req.header("last-event-id")?.trim();
  if (lastId === undefined || lastId === "") {
    if (cursor !== undefined) return startPosition(db, cursor);
    return headId(db);
  }
  if (!/^(0|[1-9][0-9]{0,15})$/.test(lastId))
    throw new ApiError("INVALID_REQUEST", "Last-Event-ID must be the id of an event this stream sent");
  const id = Number(lastId);
  const [floor, at] = await Promise.all([prunedThrough(db), changeAt(db, id)]);
  if (id < floor || (at && at.getTime() < Date.now() - retentionMs())) throw cursorExpired();
  if (id > (await headId(db)))
    throw new ApiError("INVALID_REQUEST", "Last-Event-ID is ahead of the change feed");
  return id;
}

const asStreamError = (e: ApiError): StreamError => ({ code: e.code, message: e.message });

/**
 * Charges events before they are sent: one unit per STREAM_EVENTS_PER_UNIT of them, each counting
 * its group's price on the key's plan (an odds change the odds price, any other the feed's). Events the account's quota or the key's cap cannot
 * cover are not sent: the stream ends with QUOTA_EXCEEDED (the remainder below one unit is carried).
 */
function eventMeter(current: () => Caller): (events: Change[]) => StreamError | null {
  let pending = 0;
  return (events) => {
    let weight = pending;
    const caller = current();
    const odds = unitCost(caller.plan, "odds");
    const feed = unitCost(caller.plan, "feed");
    for (const e of events) weight += isOddsChange(e) ? odds : feed;
    const units = Math.floor(weight / streamLimits.eventsPerUnit);
    const refusal = usage.spend(caller, STREAM_EVENTS_ENDPOINT, units);
    if (refusal) return asStreamError(refusalError(refusal));
    pending = weight - units * streamLimits.eventsPerUnit;
    return null;
  };
}

/** The readable types of a set of scopes, as one comparable string. */
const readableOf = (c: Caller) => typesReadableWith(c.restrictions?.scopes ?? null).join(",");

async function openStream(db: Db, query: StreamQuery, caller: Caller | null, req: ApiRequest | undefined) {
  if (!req?.canStream || !caller)
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      "GET /v1/stream is served by the lean server (npm start); this deployment runs plain next start, which cannot hold streams. Poll GET /v1/changes instead",
    );
  if (isStopping())
    throw new ApiError("SERVICE_UNAVAILABLE", "This instance is shutting down; reconnect", {
      "Retry-After": "1",
    });
  const filter = {
    types: feedTypes(query.types, caller),
    competitionId: query.competition,
    contestId: query.contest,
    oddsThresholdPp: oddsThreshold(query),
    // The account's own sandbox replays (docs/replay.md) arrive here, marked with `replay`.
    accountId: caller.accountId,
  };
  const position = await resumeFrom(db, req, query.cursor);
  const release = takeSlot(caller.keyId);
  const readable = readableOf(caller);
  let current = caller;
  // Every STREAM_AUTH_CHECK_MS: the key still valid, in scope and allowed, and units left.
  const recheck = async (): Promise<StreamError | null> => {
    const auth = await authenticate(req);
    if (!auth.ok)
      return auth.failure.reason === "backend_unavailable"
        ? null
        : { code: auth.error.code, message: auth.error.message };
    const denied = auth.caller.restrictions && restrictionError(auth.caller.restrictions, req, streamRoute);
    if (denied) return asStreamError(denied);
    current = auth.caller;
    if (readableOf(auth.caller) !== readable)
      return {
        code: "FORBIDDEN",
        message: "This key's scopes changed; reconnect with Last-Event-ID to receive the changes they allow",
      };
    const spent = usage.exhausted(auth.caller);
    return spent ? asStreamError(refusalError(spent)) : null;
  };
  return new StreamBody(
    new EventStream({ db, position, filter, recheck, charge: eventMeter(() => current), onEnd: release }),
  );
}

const streamRoute: RouteDef = defineRoute({
  pattern: "/v1/stream",
  summary: "Live stream of the change feed (Server-Sent Events)",
  description: STREAM_DESCRIPTION,
  tags: ["Events"],
  scope: "events",
  query: streamQuery,
  response: ChangeEvent,
  group: "feed",
  cacheTtlMs: 0,
  openapi: {
    stream: true,
    responses: { 200: STREAM_OK_RESPONSE, 410: ERROR_RESPONSES[410] },
  },
  handler: ({
    query,
    caller,
    db,
    req,
  }: {
    query: StreamQuery;
    caller: Caller | null;
    db: Db;
    req?: ApiRequest;
  }) => openStream(db, query, caller, req),
});

export const streamRoutes: RouteDef[] = [streamRoute];
