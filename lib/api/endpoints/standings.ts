import { z } from "zod";
import { currentEditionId } from "../../repos/competitions";
import { editionExists } from "../../repos/editions";
import { listStandings, type StandingRow } from "../../repos/standings";
import { invalidParameter, notFound } from "../errors";
import { q } from "../request";
import { dateTime, idField, iso, strId } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

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

const toStanding = (s: StandingRow): z.infer<typeof Standing> => ({
  id: strId(s.id),
  edition_id: strId(s.editionId),
  group: s.group,
  team_id: strId(s.teamId),
  team_name: s.team.name,
  position: s.position,
  played: s.played,
  won: s.won,
  drawn: s.drawn,
  lost: s.lost,
  goals_for: s.goalsFor,
  goals_against: s.goalsAgainst,
  goal_difference: s.goalDifference,
  points: s.points,
  points_adjustment: s.adjustment,
  adjustment_note: s.adjustmentNote,
  form: s.form,
  updated_at: iso(s.updatedAt),
});

export const standingRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/standings",
    summary: "League table of an edition",
    description:
      "Give edition, or competition for its current edition. Rows are ordered by group, then position.",
    scope: "teams",
    tags: ["Standings"],
    query: z.strictObject({
      edition: q.id.optional().describe("Edition (season) id"),
      competition: q.id
        .optional()
        .describe("Competition id: its current edition (ignored when edition is given)"),
      group: z
        .string()
        .max(40, "must be at most 40 characters")
        .optional()
        .describe('Only this group ("" rows are single-table editions)'),
    }),
    response: z.object({ edition_id: idField("edition"), items: z.array(Standing) }),
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      let editionId = query.edition;
      if (!editionId && query.competition) {
        editionId = (await currentEditionId(db, query.competition)) ?? undefined;
        if (!editionId) throw notFound(`Competition ${query.competition} (parameter 'competition')`);
      }
      if (!editionId)
        throw invalidParameter("edition", "is required (or give competition for its current edition)");
      const rows = await listStandings(db, editionId, query.group);
      if (rows.length === 0 && !(await editionExists(db, editionId)))
        throw notFound(`Edition ${editionId} (parameter 'edition')`);
      return { edition_id: strId(editionId), items: rows.map(toStanding) };
    },
  }),
];
