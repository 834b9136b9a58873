/**
 * GET /v1/stream: the change feed as Server-Sent Events (docs/events.md, "Live stream").
 *   STREAM_MAX_PER_KEY=5         open streams per key and instance; one more is 429
 *   STREAM_EVENTS_PER_UNIT=100   events per metered unit after the connection's own unit
 */
import type { Db } from "../../db";
import { headId, prunedThrough, retentionMs } from "../../events/feed";
import { perProcess } from "../../process-state";
import { isStopping } from "../../shutdown";
import { usage } from "../../usage";
import type { Caller } from "../../keys/caller";
import { EventStream } from "../../events/stream";
import { authenticate, restrictionError } from "../auth";
import { ApiError } from "../errors";
import { ERROR_RESPONSES } from "../openapi-parts";
import { defineRoute, StreamBody, type ApiRequest, type RouteDef } from "../types";
import { ChangeEvent, cursorExpired, feedQuery, feedTypes, startPosition } from "./changes";
import { STREAM_DESCRIPTION, STREAM_OK_RESPONSE } from "./stream-doc";
import { envInt } from "../../config";

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
  const [floor, row] = await Promise.all([
    prunedThrough(db),
    db.change.findUnique({ where: { id }, select: { at: true } }),
  ]);
  if (id < floor || (row && row.at.getTime() < Date.now() - retentionMs())) throw cursorExpired();
  if (id > (await headId(db)))
    throw new ApiError("INVALID_REQUEST", "Last-Event-ID is ahead of the change feed");
  return id;
}

/** Counts delivered events and meters one unit per STREAM_EVENTS_PER_UNIT of them. */
function eventMeter(caller: Caller): (n: number) => void {
  let pending = 0;
  return (n) => {
    pending += n;
    const units = Math.floor(pending / streamLimits.eventsPerUnit);
    if (!units) return;
    pending -= units * streamLimits.eventsPerUnit;
    usage.settle(caller, STREAM_EVENTS_ENDPOINT, 200, units);
  };
}

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
    types: feedTypes(query.types),
    competitionId: query.competition,
    contestId: query.contest,
  };
  const position = await resumeFrom(db, req, query.cursor);
  const release = takeSlot(caller.keyId);
  const recheck = async () => {
    const auth = await authenticate(req);
    if (!auth.ok)
      return auth.failure.reason === "backend_unavailable"
        ? null
        : { code: auth.error.code, message: auth.error.message };
    const denied = auth.caller.restrictions && restrictionError(auth.caller.restrictions, req, streamRoute);
    return denied ? { code: denied.code, message: denied.message } : null;
  };
  return new StreamBody(
    new EventStream({ db, position, filter, recheck, onEvents: eventMeter(caller), onEnd: release }),
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
  units: 1,
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
