/**
 * Every /ingest/v1 route: one declarative table driving the pipeline (lib/ingest/pipeline.ts),
 * the OpenAPI document (lib/ingest/openapi.ts) and the tests. Paths carry the feed's `source` and
 * its own ids; every write is idempotent (Idempotency-Key) and stamped with the feed's `feed_at`.
 */
import { z } from "zod";
import { envInt } from "../platform/config";
import { ContestBody, StateBody, updateState, upsertContest } from "./contests";
import {
  CompetitionBody,
  EditionBody,
  PersonBody,
  TeamBody,
  upsertCompetition,
  upsertEdition,
  upsertPerson,
  upsertTeam,
} from "./entities";
import {
  DeleteBody,
  EventBody,
  LineupBody,
  StatisticsBody,
  writeEvent,
  writeLineup,
  writeStatistics,
} from "./match";
import { commitOdds, writeOdds } from "./odds";
import { MAX_ODDS_LINES, OddsLine } from "./odds-batch";
import { Accepted } from "./schemas";
import { defineIngestRoute, type IngestRouteDef } from "./types";

const json = () => envInt("INGEST_MAX_BODY_BYTES");
const S = "/ingest/v1/{source}";
const C = `${S}/contests/{external_id}`;

const Changed = z.object({
  id: z.string().nullable(),
  changed: z.boolean(),
  ignored: z.boolean(),
  reason: Accepted.shape.reason,
});

const entity = <B extends z.ZodType>(
  plural: string,
  what: string,
  body: B,
  write: (
    tx: Parameters<IngestRouteDef["handler"]>[0]["tx"],
    source: string,
    ext: string,
    b: z.output<B>,
  ) => ReturnType<IngestRouteDef["handler"]>,
) =>
  defineIngestRoute({
    method: "PUT",
    pattern: `${S}/${plural}/{external_id}`,
    summary: `Create or resolve a ${what} by the feed's id`,
    description: `A new id is resolved with the importers' rules (existing ${what}s are reused, never duplicated) and remembered; 201 when created.`,
    body,
    bodyKind: "json",
    maxBytes: json(),
    response: Accepted,
    units: 1,
    tags: ["Catalogue"],
    handler: ({ tx, params, body: b }) => write(tx, params.source, params.external_id, b),
  });

/** An event write's answer (append, correct and delete alike). */
const EventChanged = Changed.extend({ revision: z.number().int().nullable(), created: z.boolean() });

export const ingestRoutes: IngestRouteDef[] = [
  defineIngestRoute({
    method: "GET",
    pattern: "/ingest/v1/openapi.json",
    summary: "This document (OpenAPI 3.1); no key needed",
    public: true,
    body: z.strictObject({}),
    bodyKind: "json",
    maxBytes: 0,
    response: z.object({}),
    units: 0,
    tags: ["Meta"],
    handler: () => Promise.reject(new Error("served by the pipeline")),
  }),
  entity("competitions", "competition", CompetitionBody, upsertCompetition),
  entity("editions", "edition", EditionBody, upsertEdition),
  entity("teams", "team", TeamBody, upsertTeam),
  entity("persons", "person", PersonBody, upsertPerson),
  entity("contests", "contest", ContestBody, upsertContest),
  defineIngestRoute({
    method: "POST",
    pattern: `${C}/state`,
    summary: "Contest state: status, score, periods",
    description:
      "Status moves scheduled -> live -> finished, or to postponed/cancelled; anything else (e.g. finished -> live) is 409 CONFLICT. Omitted fields keep their stored value.",
    body: StateBody,
    bodyKind: "json",
    maxBytes: json(),
    response: Accepted.extend({ status: z.string() }),
    units: 1,
    tags: ["Live"],
    handler: ({ tx, params, body }) => updateState(tx, params.source, params.external_id, body),
  }),
  defineIngestRoute({
    method: "PUT",
    pattern: `${C}/events/{event_id}`,
    summary: "Append or correct a match event by the feed's event id",
    description:
      "A changed event keeps its id and its revision grows by one; the same event again changes nothing.",
    body: EventBody,
    bodyKind: "json",
    maxBytes: json(),
    response: EventChanged,
    units: 1,
    tags: ["Live"],
    handler: ({ tx, params, body }) =>
      writeEvent(tx, params.source, params.external_id, params.event_id, body.feed_at, body),
  }),
  defineIngestRoute({
    method: "DELETE",
    pattern: `${C}/events/{event_id}`,
    summary: "Delete a match event (a tombstone in the change feed)",
    body: DeleteBody,
    bodyKind: "json",
    maxBytes: json(),
    response: EventChanged,
    units: 1,
    tags: ["Live"],
    handler: ({ tx, params, body }) =>
      writeEvent(tx, params.source, params.external_id, params.event_id, body.feed_at, null),
  }),
  defineIngestRoute({
    method: "PUT",
    pattern: `${C}/lineups`,
    summary: "Replace a contest's lineups",
    body: LineupBody,
    bodyKind: "json",
    maxBytes: json(),
    response: Changed,
    units: 1,
    tags: ["Live"],
    handler: ({ tx, params, body }) => writeLineup(tx, params.source, params.external_id, body),
  }),
  defineIngestRoute({
    method: "PUT",
    pattern: `${C}/statistics`,
    summary: "Replace a contest's team match statistics",
    body: StatisticsBody,
    bodyKind: "json",
    maxBytes: json(),
    response: Changed,
    units: 1,
    tags: ["Live"],
    handler: ({ tx, params, body }) => writeStatistics(tx, params.source, params.external_id, body),
  }),
  defineIngestRoute({
    method: "POST",
    pattern: `${S}/odds`,
    summary: "Odds snapshots: one JSON object, or NDJSON with one price per line",
    description: `Send Content-Type application/x-ndjson for a batch of up to ${MAX_ODDS_LINES} lines. All or nothing: a malformed line is a 400 naming its line number and nothing of the batch is written.`,
    body: z.array(OddsLine).max(MAX_ODDS_LINES),
    bodyKind: "ndjson",
    maxBytes: json() * 16,
    response: z.object({
      lines: z.number().int(),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
    }),
    units: 1,
    tags: ["Odds"],
    changes: "odds",
    handler: ({ tx, params, body }) => writeOdds(tx, params.source, body),
    commit: ({ params, body, idem }, inTransaction) => commitOdds(params.source, body, idem, inTransaction),
  }),
];
