import { z } from "zod";
import {
  changesConfig,
  maybePruneChanges,
  readChangeRows,
  retentionMs,
  type ChangeTuple,
} from "../../events/feed";
import { prunedThrough } from "../../events/store";
import {
  CHANGE_TYPES,
  parseTypes,
  scopeOf,
  typesReadableWith,
  type ChangeEvent as Change,
  type ChangeType,
} from "../../events/types";
import type { Db } from "../../platform/db";
import type { Caller } from "../../keys/caller";
import { decodeCursor, encodeCursor } from "../cursor";
import { ApiError, invalidParameter } from "../../platform/errors";
import { DEFAULT_UNIT_COSTS, type UnitGroup } from "../../plans/unit-groups";
import { ERROR_RESPONSES } from "../../docs/openapi-parts";
import { q, refs } from "../request";
import { dateTime, idField, refField } from "../shapes";
import { listFieldsJson, rowWriter } from "../serialize";
import { defineRoute, RawJson, type RouteDef } from "../types";
import { envNum } from "../../platform/config";

export const CHANGES_LIMIT_DEFAULT = 100;
export const CHANGES_LIMIT_MAX = 1000;

export const ChangeEvent = z.object({
  id: idField("change (stable, increasing in commit order)"),
  type: z.enum(CHANGE_TYPES),
  resource: z.string().describe("contest, odds, standings, team, person or dataset"),
  resource_id: refField("changed record (contest, edition for standings, team, person)"),
  competition_id: refField("competition the change belongs to"),
  contest_id: refField("contest the change belongs to"),
  at: dateTime.describe("When the change was committed (ISO-8601 UTC)"),
  data: z.record(z.string(), z.unknown()).describe("The new state; see docs/events.md for each type"),
  replay: z
    .object({ id: z.string().describe("The replay's id (GET /sandbox/v1/replays/{id})") })
    .optional()
    .describe(
      "Only on /v1/stream and webhooks, only for the account that started a sandbox replay: this change is replayed, not real (docs/replay.md)",
    ),
});

const ChangesPage = z.object({
  items: z.array(ChangeEvent).describe("Oldest first, in commit order"),
  next_cursor: z.string().describe("Pass as cursor to continue after this page; also when items is empty"),
  has_more: z.boolean().describe("true when further changes are already available"),
});

export const feedQuery = z.strictObject({
  cursor: z
    .string()
    .max(400, "is not a cursor this API issued")
    .optional()
    .describe("next_cursor of the previous page"),
  types: z
    .string()
    .max(400)
    .optional()
    .describe(
      `Comma-separated types or resources (e.g. contest.score,odds); any of ${CHANGE_TYPES.join(", ")}`,
    ),
  competition: refs.competition("Only changes of this competition"),
  contest: q.id.optional().describe("Only changes of this contest"),
  odds_threshold_pp: q.decimal
    .refine(
      (v) => v >= envNum("ODDS_MOVED_MIN_PP") && v <= 100,
      `must be between ODDS_MOVED_MIN_PP (${envNum("ODDS_MOVED_MIN_PP")}) and 100`,
    )
    .optional()
    .describe(
      `odds.moved only when an implied probability moved by at least this many percentage points (default ODDS_MOVED_DEFAULT_PP, ${envNum("ODDS_MOVED_DEFAULT_PP")})`,
    ),
  limit: q.limit(CHANGES_LIMIT_MAX, CHANGES_LIMIT_DEFAULT),
});

/** The reader's odds.moved threshold: its own, or the configured default. */
export const oddsThreshold = (q: { odds_threshold_pp?: number }) =>
  q.odds_threshold_pp ?? envNum("ODDS_MOVED_DEFAULT_PP");
type FeedQuery = z.output<typeof feedQuery>;

export const cursorExpired = () =>
  new ApiError(
    "CURSOR_EXPIRED",
    `Cursor expired: it is older than the change feed's retention (${changesConfig.retentionDays} days); start again without cursor and re-fetch the resources you track`,
  );

/** Where to read from: after the cursor's position, or the oldest retained change. */
export async function startPosition(db: Db, cursor: string | undefined, param = "cursor"): Promise<number> {
  const floor = await prunedThrough(db);
  if (!cursor) return floor;
  let pos: { t: Date; id: number };
  try {
    pos = decodeCursor(cursor, { k: "e", s: 0, f: "" });
  } catch {
    throw invalidParameter(param, "is not a cursor this API issued");
  }
  if (pos.t.getTime() < Date.now() - retentionMs() || pos.id < floor) throw cursorExpired();
  return pos.id;
}

export const feedCursor = (position: number) =>
  encodeCursor({ k: "e", s: 0, f: "", t: Date.now(), i: position });

function requestedTypes(raw: string | undefined): ChangeType[] | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseTypes(raw);
  if ("unknown" in parsed) throw invalidParameter("types", `unknown type "${parsed.unknown}"`);
  return parsed.types.length ? parsed.types : undefined;
}

/**
 * The types a caller reads: the `types` asked for, narrowed to what its key's scopes read (each
 * type needs its resource's scope, lib/events/types.ts). Without `types` a restricted key simply
 * gets the types it may read; naming a type it may not read is 403, as calling its route would be.
 */
export function feedTypes(raw: string | undefined, caller: Caller | null): ChangeType[] | undefined {
  const requested = requestedTypes(raw);
  const scopes = caller?.restrictions?.scopes ?? null;
  const readable = typesReadableWith(scopes);
  if (requested) {
    const denied = requested.find((t) => !readable.includes(t));
    if (denied)
      throw new ApiError(
        "FORBIDDEN",
        `This key lacks the '${scopeOf(denied)}' scope required by ${denied} changes; create or edit a key with that scope, or leave ${denied} out of types`,
      );
    return requested;
  }
  return readable.length === CHANGE_TYPES.length ? undefined : readable;
}

/** Odds changes carry odds prices, so they cost what odds cost (docs/events.md, "Scopes and units"). */
export const isOddsChange = (e: Pick<Change, "resource">) => e.resource === "odds";

/** The page's JSON with its unit group (the group depends on the rows, which the JSON no longer shows). */
class FeedPageJson extends RawJson {
  constructor(
    json: string,
    readonly group: UnitGroup,
  ) {
    super(json);
  }
}

/** /v1/changes never carries replayed changes, so its items have no `replay` field. */
const feedItemJson = rowWriter(ChangeEvent.omit({ replay: true }), {
  id: 0,
  type: 1,
  resource: 2,
  resource_id: 3,
  competition_id: 4,
  contest_id: 5,
  at: 6,
  // Stored as the JSON text JSON.stringify wrote (lib/events/changes.ts), spliced unparsed.
  data: (row: ChangeTuple) => row[7],
});

const DESCRIPTION =
  "Every change to contests (created, status, score, other fields), odds (new or corrected points; odds.moved when an " +
  "ingested price moves an implied probability by at least odds_threshold_pp), standings, " +
  "teams and persons, oldest first in commit order, each with a stable id. A key restricted to some scopes receives " +
  "only the types those scopes read (contest.* needs contests, odds.* odds, standings.*/team.* teams, person.* persons); " +
  `naming another in types is 403. A page holding an odds change costs the odds price (${DEFAULT_UNIT_COSTS.odds} units on the built-in plans), any other ` +
  `the feed's (${DEFAULT_UNIT_COSTS.feed}); X-Units-Cost reports what the call cost on the key's plan. ` +
  "has_more is false once the page reached the newest change: stop paging there. Without cursor the feed starts at the " +
  "oldest retained change. next_cursor is opaque and signed and is returned on every page, also an empty one: " +
  "store it and call again later to receive only newer changes; no change is ever skipped or repeated. Filters may " +
  `change between calls. limit defaults to ${CHANGES_LIMIT_DEFAULT} and is clamped to ${CHANGES_LIMIT_MAX}. ` +
  "Changes are kept CHANGES_RETENTION_DAYS (default 7) days; a cursor issued longer ago is 410 CURSOR_EXPIRED.";

export const changeRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/changes",
    summary: "Change feed, paged by cursor",
    description: DESCRIPTION,
    tags: ["Events"],
    scope: "events",
    query: feedQuery,
    response: ChangesPage,
    group: "feed",
    groupOf: (data) => (data instanceof FeedPageJson ? data.group : "feed"),
    cacheTtlMs: 0,
    openapi: { responses: { 410: ERROR_RESPONSES[410] } },
    handler: async ({ query, db, caller }: { query: FeedQuery; db: Db; caller: Caller | null }) => {
      maybePruneChanges(db);
      const filter = {
        types: feedTypes(query.types, caller),
        competitionId: query.competition,
        contestId: query.contest,
        oddsThresholdPp: oddsThreshold(query),
      };
      const after = await startPosition(db, query.cursor);
      const page = await readChangeRows(db, after, filter, query.limit);
      const group: UnitGroup = page.items.some((r) => r[2] === "odds") ? "odds" : "feed";
      const rest = `"next_cursor":${JSON.stringify(feedCursor(page.position))},"has_more":${page.hasMore}`;
      return new FeedPageJson(listFieldsJson(page.items, feedItemJson, rest), group);
    },
  }),
];
