import { z } from "zod";
import { currentEditionId } from "../../repos/competitions";
import { editionExists } from "../../repos/editions";
import { listCurrentStandings, listStandings, STANDING, type StandingTuple } from "../../repos/standings";
import { invalidParameter, notFound } from "../../platform/errors";
import { jsonArray } from "../json";
import { rowWriter } from "../serialize";
import { refs } from "../request";
import { dateTime, idField } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const Standing = z.object({
  id: idField("standing row"),
  edition_id: idField("edition"),
  group: z.string().describe('League-phase group; "" when the edition has a single table'),
  team_id: idField("team"),
  team_name: z.string(),
  position: z.number().int(),
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
  goal_difference: z.number().int(),
  points: z.number().int().describe("Match points plus points_adjustment"),
  points_adjustment: z
    .number()
    .int()
    .describe("Points deducted (negative) or awarded by the competition's authorities; 0 when none"),
  adjustment_note: z
    .string()
    .nullable()
    .describe('Why, e.g. "-8: breach of the Profitability and Sustainability Rules"; null when none'),
  form: z.string().describe('Last five results, newest last, e.g. "WWDLW"'),
  updated_at: dateTime,
});

const at = STANDING.at;
/** A Standing as JSON, written from its row by the schema's compiled writer. */
const standingJson = rowWriter<typeof Standing, StandingTuple>(Standing, {
  id: at.id,
  edition_id: at.editionId,
  group: at.group,
  team_id: at.teamId,
  team_name: at.teamName,
  position: at.position,
  played: at.played,
  won: at.won,
  drawn: at.drawn,
  lost: at.lost,
  goals_for: at.goalsFor,
  goals_against: at.goalsAgainst,
  goal_difference: at.goalDifference,
  points: at.points,
  points_adjustment: at.adjustment,
  adjustment_note: at.adjustmentNote,
  form: at.form,
  updated_at: at.updatedAt,
});

const StandingsTable = z.object({ edition_id: idField("edition"), items: z.array(Standing) });
const tableWriter = rowWriter<typeof StandingsTable, [number, StandingTuple[]]>(StandingsTable, {
  edition_id: 0,
  items: (t) => jsonArray(t[1], standingJson),
});
const tableJson = (editionId: number, rows: StandingTuple[]): RawJson =>
  new RawJson(tableWriter([editionId, rows]));

export const standingRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/standings",
    summary: "League table of an edition",
    description:
      "Give edition, or competition for its current edition. Rows are ordered by group, then position.",
    scope: "teams",
    tags: ["Standings"],
    query: z.strictObject({
      edition: refs.edition("Edition (season)"),
      competition: refs.competition("Competition: its current edition (ignored when edition is given)"),
      group: z
        .string()
        .max(40, "must be at most 40 characters")
        .optional()
        .describe('Only this group ("" rows are single-table editions)'),
    }),
    response: StandingsTable,
    group: "reference",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      // One statement when the table has rows; the existence checks only for an empty one.
      if (!query.edition && query.competition) {
        const rows = await listCurrentStandings(db, query.competition, query.group);
        if (rows.length) return tableJson(rows[0][at.editionId] as number, rows);
        const editionId = await currentEditionId(db, query.competition);
        if (!editionId) throw notFound(`Competition ${query.competition} (parameter 'competition')`);
        return tableJson(editionId, []);
      }
      const editionId = query.edition;
      if (!editionId)
        throw invalidParameter("edition", "is required (or give competition for its current edition)");
      const rows = await listStandings(db, editionId, query.group);
      if (rows.length === 0 && !(await editionExists(db, editionId)))
        throw notFound(`Edition ${editionId} (parameter 'edition')`);
      return tableJson(editionId, rows);
    },
  }),
];
