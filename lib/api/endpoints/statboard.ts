import { z } from "zod";
import {
  competitionBoardScope,
  editionBoardScope,
  scopedStatBoard,
  statBoard,
  type BoardScope,
  type BoardTuple,
} from "../../repos/stats";
import { invalidParameter, notFound } from "../errors";
import { q } from "../request";
import { rowWriter } from "../serialize";
import { idField, refField } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

/**
 * Every statistic a write path records (lib/seed/stats.ts, lib/importers/tennis.ts): the enum of
 * `stat` in the OpenAPI document, so the SDK types it. A path that records a new one adds it here.
 */
export const STAT_NAMES = [
  "goals",
  "assists",
  "shots",
  "yellow_cards",
  "minutes",
  "wins",
  "aces",
  "double_faults",
] as const;
const Stat = z.enum(STAT_NAMES, { error: `must be one of ${STAT_NAMES.join(", ")}` });

/** The board a sport shows when no stat is asked for. */
export const DEFAULT_STAT: Record<string, string> = { football: "goals", tennis: "wins" };

const BoardItem = z.object({
  rank: z.number().int().describe("Standard competition ranking: equal values share a rank (1, 2, 2, 4)"),
  person_id: idField("person"),
  person_name: z.string(),
  team_id: refField("person's team (for a competition: in its latest edition)"),
  value: z.number().int().describe("Total of the statistic in the scope"),
  contests: z.number().int().describe("Contests in which the person recorded the statistic"),
});

const Board = z.object({
  competition_id: idField("competition"),
  edition_id: refField("edition; null when the board sums all editions of the competition"),
  stat: Stat,
  stats_available: z.array(Stat).describe("Statistics recorded in this scope, valid values of stat"),
  items: z.array(BoardItem),
});

/** A board row as JSON, its rank given (the row has none: it comes from the ordering). */
const itemJson = rowWriter<typeof BoardItem, BoardTuple, number>(BoardItem, {
  rank: (_, rank) => String(rank),
  person_id: 0,
  person_name: 1,
  team_id: 2,
  value: 3,
  contests: 4,
});

/** Board rows as JSON items with standard competition ranking (1, 2, 2, 4). */
function rankedJson(rows: BoardTuple[]): string {
  let rank = 0;
  let out = "[";
  for (let i = 0; i < rows.length; i++) {
    if (i === 0 || rows[i][3] !== rows[i - 1][3]) rank = i + 1;
    out += (i ? "," : "") + itemJson(rows[i], rank);
  }
  return `${out}]`;
}

type BoardParts = [number, number | null, string, readonly string[], BoardTuple[]];
const boardJson = rowWriter<typeof Board, BoardParts>(Board, {
  competition_id: 0,
  edition_id: 1,
  stat: 2,
  stats_available: (b) => JSON.stringify(b[3]),
  items: (b) => rankedJson(b[4]),
});

export const statBoardRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/analysis/stat-board",
    summary: "Ranked board of one statistic for an edition or a whole competition",
    description:
      "Give edition or competition (a competition sums all its editions); both are accepted when the edition " +
      "belongs to the competition (the edition's board), else 400 INVALID_PARAMETER. stat defaults to goals for " +
      "football and wins for tennis; stats_available lists the others (e.g. assists, minutes, yellow_cards, aces, " +
      "double_faults). limit defaults to 20 and is clamped to 100; there is no offset. Ties in value break by fewer contests, then person id.",
    scope: "analysis",
    tags: ["Analysis"],
    query: z.strictObject({
      competition: q.id.optional().describe("Competition id, slug (world-cup) or league code (en.1): totals over all its editions"),
      edition: q.id.optional().describe("Edition (season) id"),
      stat: Stat.optional().describe("Statistic to rank by"),
      limit: q.limit(100, 20),
    }),
    response: Board,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      if (!query.edition && !query.competition)
        throw invalidParameter("competition", "a scope is required: give competition or edition");
      const where = query.edition ? { editionId: query.edition } : { competitionId: query.competition! };
      // A named stat: scope and board in one statement. Otherwise the scope first (its sport picks
      // the default stat), then the board.
      let scope: BoardScope | null;
      let rows: BoardTuple[] | null = null;
      if (query.stat) ({ scope, rows } = await scopedStatBoard(db, where, query.stat, query.limit));
      else
        scope = query.edition
          ? await editionBoardScope(db, query.edition)
          : await competitionBoardScope(db, query.competition!);
      if (!scope)
        throw query.edition
          ? notFound(`Edition ${query.edition} (parameter 'edition')`)
          : notFound(`Competition ${query.competition} (parameter 'competition')`);
      // Both given: accepted when they agree, so a client may always send its competition.
      if (query.edition && query.competition && query.competition !== scope.competitionId)
        throw invalidParameter(
          "edition",
          `edition ${query.edition} belongs to competition ${scope.competitionId}, not ${query.competition}`,
        );
      const available = scope.stats;
      const stat = query.stat ?? DEFAULT_STAT[scope.sport] ?? available[0] ?? "goals";
      if (query.stat && !available.includes(stat)) {
        throw invalidParameter(
          "stat",
          `'${stat}' is not recorded here; available: ${available.join(", ") || "none yet"}`,
        );
      }
      if (rows === null) rows = available.includes(stat) ? await statBoard(db, where, stat, query.limit) : [];
      return new RawJson(boardJson([scope.competitionId, query.edition ?? null, stat, available, rows]));
    },
  }),
];
