import { z } from "zod";
import { competitionExists } from "../../repos/competitions";
import { teamRecord, type RecordTuple } from "../../repos/team-record";
import { getTeam } from "../../repos/teams";
import { invalidParameter, notFound } from "../../platform/errors";
import { DAY_MS, q } from "../request";
import { calendarDay, idField, pathId } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

/** A team's all-time record: overall, per competition and per name it played under. */

const Record_ = z.object({
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int().describe("Level at the end without a shoot-out (a shoot-out is won or lost)"),
  lost: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
  first_played: calendarDay.nullable(),
  last_played: calendarDay.nullable(),
});
type RecordOut = z.output<typeof Record_>;

const TeamRecord = z.object({
  team_id: idField("team"),
  record: Record_.describe("Every finished contest of the window (of the competition when given)"),
  competitions: z
    .array(Record_.extend({ competition_id: idField("competition"), competition_name: z.string() }))
    .describe("The record per competition (tournament), most played first"),
  names: z
    .array(
      z.object({
        name: z.string().describe("The team's name in those contests (Benin played as Dahomey until 1975)"),
        played: z.number().int(),
        first_played: calendarDay,
        last_played: calendarDay,
      }),
    )
    .describe("The names the team played under, first used first"),
});

const FAR_PAST = new Date("1800-01-01T00:00:00Z");
const FAR_FUTURE = new Date("2200-01-01T00:00:00Z");

const empty = (): RecordOut => ({
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goals_for: 0,
  goals_against: 0,
  first_played: null,
  last_played: null,
});

/** Adds one (outcome) row of the per-competition statement to a record. */
function add(r: RecordOut, [, , outcome, n, gf, ga, first, last]: RecordTuple): void {
  const played = Number(n);
  r.played += played;
  if (outcome === "win") r.won += played;
  else if (outcome === "loss") r.lost += played;
  else r.drawn += played;
  r.goals_for += Number(gf ?? 0);
  r.goals_against += Number(ga ?? 0);
  if (r.first_played === null || first < r.first_played) r.first_played = first;
  if (r.last_played === null || last > r.last_played) r.last_played = last;
}

export const teamRecordRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/teams/{id}/record",
    summary: "A team's all-time record: overall, per competition and per name it played under",
    description:
      "Played, won, drawn, lost and goals over the team's finished contests, for all time or a from/to window, " +
      "of every competition or of one; with the record per competition and the names the team played under. " +
      "A contest decided by a shoot-out counts as won or lost by its outcome. Against one opponent: " +
      "/v1/teams/{id}/head-to-head; one season: /v1/teams/{id}/stats.",
    scope: "teams",
    tags: ["Teams"],
    query: z.strictObject({
      competition: q.id.optional().describe("Only this competition (id or slug)"),
      from: q.date.optional().describe("First day (inclusive)"),
      to: q.date.optional().describe("Last day (inclusive)"),
    }),
    response: TeamRecord,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, query, db }) => {
      const id = pathId(params.id);
      if (!id || !(await getTeam(db, id))) throw notFound(`Team ${params.id}`);
      if (query.from && query.to && query.from > query.to)
        throw invalidParameter("to", "must not be before from");
      if (query.competition !== undefined && !(await competitionExists(db, query.competition)))
        throw notFound(`Competition ${query.competition} (parameter 'competition')`);
      const window = {
        from: query.from ?? FAR_PAST,
        to: query.to ? new Date(query.to.getTime() + DAY_MS) : FAR_FUTURE,
      };
      const rows = await teamRecord(db, id, window, query.competition);
      const total = empty();
      const byCompetition = new Map<
        number,
        RecordOut & { competition_id: string; competition_name: string }
      >();
      for (const row of rows.competitions) {
        add(total, row);
        const key = Number(row[0]);
        let c = byCompetition.get(key);
        if (!c)
          byCompetition.set(key, (c = { competition_id: String(key), competition_name: row[1], ...empty() }));
        add(c, row);
      }
      return {
        team_id: String(id),
        record: total,
        competitions: [...byCompetition.values()].sort(
          (a, b) => b.played - a.played || Number(a.competition_id) - Number(b.competition_id),
        ),
        names: rows.names.map(([name, n, first, last]) => ({
          name,
          played: Number(n),
          first_played: first,
          last_played: last,
        })),
      };
    },
  }),
];
