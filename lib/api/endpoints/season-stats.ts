import { z } from "zod";
import type { Db } from "../../platform/db";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { appearancesIn, editionBoardScope } from "../../repos/stats";
import { defaultEdition, personMatchStats, teamMatches } from "../../repos/season-stats";
import { getTeam } from "../../repos/teams";
import { notFound } from "../../platform/errors";
import { inZone, q, refs } from "../request";
import { dateTime, idField, refField } from "../shapes";
import { defineRoute, type RouteDef } from "../types";
import { headToHeadRoute, idParam, record, Record_ } from "./head-to-head";

/** Season figures per edition: every total is the sum of the listed matches. */

const sid = (v: number | null) => (v === null ? null : String(v));
const Stats = z.record(z.string(), z.number().int()).describe("Statistic name -> value");
const editionQuery = z.strictObject({
  edition: refs.edition(
    "Edition (season); default the latest edition (current first) the person or team played in",
  ),
  timezone: q.timezone,
});

async function resolveEdition(
  db: Db,
  of: "person" | "team",
  id: number,
  edition?: number,
): Promise<number | null> {
  if (edition === undefined) return defaultEdition(db, of, id);
  if (!(await editionExists(db, edition))) throw notFound(`Edition ${edition} (parameter 'edition')`);
  return edition;
}

const PersonSeason = z.object({
  person_id: idField("person"),
  edition_id: refField("edition (null: the person has no statistics)"),
  team_id: refField("team in the edition's latest match"),
  team_name: z.string().nullable().describe("That team's name"),
  appearances: z
    .number()
    .int()
    .nullable()
    .describe(
      "Contests played, from lineups only (a starter, or a substitute brought on); null when the edition has no lineups",
    ),
  minutes: z
    .number()
    .int()
    .nullable()
    .describe("null when the source of the edition does not record minutes"),
  goals: z
    .number()
    .int()
    .nullable()
    .describe("Own goals are not goals (see own_goals in totals); null when the edition records no goals"),
  assists: z.number().int().nullable().describe("null when the edition's source does not record assists"),
  yellow_cards: z.number().int().nullable().describe("null when the edition's source does not record them"),
  red_cards: z.number().int().nullable().describe("null when the edition's source does not record them"),
  totals: Stats.describe("Every statistic summed over the matches"),
  matches: z.array(
    z.object({
      contest_id: idField("contest"),
      kickoff_at: dateTime,
      team_id: refField("team"),
      team_name: z.string().nullable().describe("That team's name"),
      stats: Stats,
    }),
  ),
  coverage: z.boolean().describe("false: no statistics of the person in this edition"),
  stats_recorded: z
    .array(z.string())
    .describe("Statistics the edition's source records; any other is null above, never 0"),
  lineups: z.boolean().describe("Whether the edition has lineups (the source of appearances)"),
});

const TeamTotals = z.object({
  shots: z.number().int().nullable(),
  shots_on_target: z.number().int().nullable(),
  corners: z.number().int().nullable(),
  fouls: z.number().int().nullable(),
  yellow_cards: z.number().int().nullable(),
  red_cards: z.number().int().nullable(),
});
const TEAM_FIELDS = ["shots", "shots_on_target", "corners", "fouls", "yellow_cards", "red_cards"] as const;

const TeamSeason = Record_.extend({
  team_id: idField("team"),
  team_name: z.string(),
  edition_id: refField("edition (null: the team has played no contest)"),
  totals: TeamTotals.describe(
    "Team match statistics summed over the matches that have them (null: none has)",
  ),
  matches: z.array(
    z.object({
      contest_id: idField("contest"),
      kickoff_at: dateTime,
      side: z.string(),
      opponent_id: refField("team"),
      opponent_name: z.string().nullable().describe("The opponent's name"),
      goals_for: z.number().int().nullable(),
      goals_against: z.number().int().nullable(),
      outcome: z.string().nullable(),
      stats: TeamTotals.nullable(),
    }),
  ),
  coverage: z.boolean().describe("false: no finished contest of the team in this edition"),
});

export const seasonStatsRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/persons/{id}/stats",
    summary: "A person's season statistics: totals and the matches they add up from",
    scope: "persons",
    tags: ["Persons"],
    query: editionQuery,
    response: PersonSeason,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, query, db }) => {
      const personId = idParam(params.id, "Person");
      if (!(await personExists(db, personId))) throw notFound(`Person ${params.id}`);
      const editionId = await resolveEdition(db, "person", personId, query.edition);
      const rows = editionId === null ? [] : await personMatchStats(db, personId, editionId);
      const totals: Record<string, number> = {};
      const matches: Array<z.output<typeof PersonSeason>["matches"][number]> = [];
      for (const [contestId, kickoffAt, teamId, stat, value, teamName] of rows) {
        let m = matches[matches.length - 1];
        if (!m || m.contest_id !== String(contestId)) {
          const kickoff = inZone(kickoffAt, query.timezone);
          const team = { team_id: sid(teamId), team_name: teamName };
          matches.push((m = { contest_id: String(contestId), kickoff_at: kickoff, ...team, stats: {} }));
        }
        m.stats[stat] = Number(value);
        totals[stat] = (totals[stat] ?? 0) + Number(value);
      }
      const recorded = editionId === null ? [] : ((await editionBoardScope(db, editionId))?.stats ?? []);
      const played = editionId === null ? null : await appearancesIn(db, { editionId }, [personId]);
      // A statistic the edition's source does not carry is null, never 0.
      const total = (stat: string) => (recorded.includes(stat) ? (totals[stat] ?? 0) : null);
      return {
        person_id: String(personId),
        edition_id: sid(editionId),
        team_id: matches.length ? matches[matches.length - 1].team_id : null,
        team_name: matches.length ? matches[matches.length - 1].team_name : null,
        appearances: played ? (played.get(personId) ?? 0) : null,
        minutes: total("minutes"),
        goals: total("goals"),
        assists: total("assists"),
        yellow_cards: total("yellow_cards"),
        red_cards: total("red_cards"),
        totals,
        matches,
        coverage: matches.length > 0,
        stats_recorded: recorded,
        lineups: played !== null,
      };
    },
  }),
  defineRoute({
    pattern: "/v1/teams/{id}/stats",
    summary: "A team's season: record, goals, team match statistics and the matches they add up from",
    scope: "teams",
    tags: ["Teams"],
    query: editionQuery,
    response: TeamSeason,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, query, db }) => {
      const teamId = idParam(params.id, "Team");
      const team = await getTeam(db, teamId);
      if (!team) throw notFound(`Team ${params.id}`);
      const editionId = await resolveEdition(db, "team", teamId, query.edition);
      const rows = editionId === null ? [] : await teamMatches(db, teamId, editionId);
      const matches = rows.map((r) => {
        const figures = r.slice(7, 13) as Array<number | null>;
        return {
          contest_id: String(r[0]),
          kickoff_at: inZone(r[1], query.timezone),
          side: r[2],
          opponent_id: sid(r[4]),
          opponent_name: r[13],
          goals_for: r[3],
          goals_against: r[5],
          outcome: r[6],
          stats: figures.every((v) => v === null)
            ? null
            : (Object.fromEntries(TEAM_FIELDS.map((f, i) => [f, figures[i]])) as z.output<typeof TeamTotals>),
        };
      });
      const totals = Object.fromEntries(
        TEAM_FIELDS.map((f) => {
          const known = matches.filter((m) => m.stats && m.stats[f] !== null);
          return [f, known.length ? known.reduce((n, m) => n + m.stats![f]!, 0) : null];
        }),
      ) as z.output<typeof TeamTotals>;
      return {
        team_id: String(teamId),
        team_name: team[1],
        edition_id: sid(editionId),
        ...record(
          matches.map((m) => ({ goalsFor: m.goals_for, goalsAgainst: m.goals_against, outcome: m.outcome })),
        ),
        totals,
        matches,
        coverage: matches.length > 0,
      };
    },
  }),
  headToHeadRoute,
];
