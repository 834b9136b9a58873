import { z } from "zod";
import {
  appearancesIn,
  boardTieSize,
  competitionBoardScope,
  editionBoardScope,
  scopedStatBoard,
  statBoard,
  type BoardScope,
  type BoardTuple,
} from "../../repos/stats";
import { invalidParameter, notFound } from "../../platform/errors";
import { q, refs } from "../request";
import { rowWriter } from "../serialize";
import { idField, refField } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

/**
 * Every statistic a write path records (lib/seed/stats.ts, lib/importers/tennis.ts): the enum of
 * `stat` in the OpenAPI document, so the SDK types it. A path that records a new one adds it here.
 */
export const STAT_NAMES = [
  "goals",
  "own_goals",
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
  team_name: z.string().nullable().describe("That team's name"),
  value: z.number().int().describe("Total of the statistic in the scope"),
  contests: z
    .number()
    .int()
    .describe(
      "Contests in which the person recorded the statistic (for goals: matches scored in, not played)",
    ),
  appearances: z
    .number()
    .int()
    .nullable()
    .describe(
      "Contests played, from lineups only (a starter, or a substitute brought on); null when the scope has no lineups",
    ),
});

const Tie = z
  .object({
    value: z.number().int().describe("The value the tied persons share"),
    rank: z.number().int().describe("Their shared rank"),
    persons: z.number().int().describe("How many persons share it"),
    shown: z.number().int().describe("How many of them this page and the pages before it show"),
  })
  .describe(
    "A tie the page's end cuts through: more persons share the last row's value; next_cursor pages on",
  );

const Board = z.object({
  competition_id: idField("competition"),
  edition_id: refField("edition; null when the board sums all editions of the competition"),
  stat: Stat,
  stats_available: z.array(Stat).describe("Statistics recorded in this scope, valid values of stat"),
  items: z.array(BoardItem),
  tie_at_limit: Tie.nullable(),
  next_cursor: z
    .string()
    .nullable()
    .describe(
      "Pass as cursor for the rows after this page (e.g. the rest of a tie); null at the end of the board",
    ),
});

type Ranked = { rank: number; appearances: number | null };
/** A board row as JSON, its rank and appearances given (the row has neither). */
const itemJson = rowWriter<typeof BoardItem, BoardTuple, Ranked>(BoardItem, {
  rank: (_, r) => String(r.rank),
  person_id: 0,
  person_name: 1,
  team_id: 2,
  team_name: 5,
  value: 3,
  contests: 4,
  appearances: (_, r) => String(r.appearances),
});

/** Standard competition ranking (1, 2, 2, 4) of board rows, from the board's first row. */
function ranks(rows: BoardTuple[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++)
    out.push(i === 0 || rows[i][3] !== rows[i - 1][3] ? i + 1 : out[i - 1]);
  return out;
}

type BoardParts = {
  competitionId: number;
  editionId: number | null;
  stat: string;
  available: readonly string[];
  page: BoardTuple[];
  ranks: number[];
  appearances: Map<number, number> | null;
  tie: z.output<typeof Tie> | null;
  next: string | null;
};
const boardJson = rowWriter<typeof Board, BoardParts>(Board, {
  competition_id: (b) => `"${b.competitionId}"`,
  edition_id: (b) => (b.editionId === null ? "null" : `"${b.editionId}"`),
  stat: (b) => JSON.stringify(b.stat),
  stats_available: (b) => JSON.stringify(b.available),
  items: (b) =>
    `[${b.page
      .map((row, i) =>
        itemJson(row, {
          rank: b.ranks[i],
          appearances: b.appearances ? (b.appearances.get(row[0]) ?? 0) : null,
        }),
      )
      .join(",")}]`,
  tie_at_limit: (b) => JSON.stringify(b.tie),
  next_cursor: (b) => JSON.stringify(b.next),
});

/** The board's cursor: where the next page starts ("r" and a row position, opaque to clients). */
const MAX_START = 10_000;
const cursorField = z
  .string()
  .regex(/^r[1-9][0-9]{0,4}$/, "must be a next_cursor of this board")
  .transform((v) => Number(v.slice(1)))
  .refine((n) => n <= MAX_START, "must be a next_cursor of this board");

export const statBoardRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/analysis/stat-board",
    summary: "Ranked board of one statistic for an edition or a whole competition",
    description:
      "Give edition or competition (a competition sums all its editions); both are accepted when the edition " +
      "belongs to the competition (the edition's board), else 400 INVALID_PARAMETER. stat defaults to goals for " +
      "football and wins for tennis; stats_available lists the others (e.g. assists, minutes, yellow_cards, aces, " +
      "double_faults, own_goals). limit defaults to 20 and is clamped to 100; there is no offset: " +
      "next_cursor pages on. Ties in value break by fewer contests, then person id; tie_at_limit says when more persons " +
      "share the last row's value than the page shows. appearances come from lineups only (null without them).",
    scope: "analysis",
    tags: ["Analysis"],
    query: z.strictObject({
      competition: refs.competition("Competition: totals over all its editions"),
      edition: refs.edition("Edition (season)"),
      stat: Stat.optional().describe("Statistic to rank by"),
      limit: q.limit(100, 20),
      cursor: cursorField.optional().describe("next_cursor of the previous page"),
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
      const start = query.cursor ?? 0;
      // One row past the page tells whether the board goes on (and whether a tie crosses its end).
      const want = start + query.limit + 1;
      if (query.stat) ({ scope, rows } = await scopedStatBoard(db, where, query.stat, want));
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
      if (rows === null) rows = available.includes(stat) ? await statBoard(db, where, stat, want) : [];
      const rank = ranks(rows);
      const end = Math.min(rows.length, start + query.limit);
      const page = rows.slice(start, end);
      const more = rows.length > end;
      let tie: z.output<typeof Tie> | null = null;
      if (more && page.length && Number(rows[end][3]) === Number(rows[end - 1][3])) {
        const value = Number(rows[end - 1][3]);
        const persons = await boardTieSize(db, where, stat, value);
        tie = { value, rank: rank[end - 1], persons, shown: end - rank[end - 1] + 1 };
      }
      const appearances = await appearancesIn(
        db,
        where,
        page.map((r) => Number(r[0])),
      );
      return new RawJson(
        boardJson({
          competitionId: scope.competitionId,
          editionId: query.edition ?? null,
          stat,
          available,
          page,
          ranks: rank.slice(start, end),
          appearances,
          tie,
          next: more ? `r${end}` : null,
        }),
      );
    },
  }),
];
