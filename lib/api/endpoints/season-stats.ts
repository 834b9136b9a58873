import { z } from "zod";
import type { Db } from "../../db";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { appearancesIn, editionBoardScope } from "../../repos/stats";
import { defaultEdition, meetings, personMatchStats, teamMatches } from "../../repos/season-stats";
import { getTeam } from "../../repos/teams";
import { notFound } from "../errors";
import { q } from "../request";
import { dateTime, idField, pathId, refField } from "../shapes";
import { defineRoute, type RouteDef } from "../types";

/** Season figures per edition and head-to-head: every total is the sum of the listed matches. */

const sid = (v: number | null) => (v === null ? null : String(v));
const Stats = z.record(z.string(), z.number().int()).describe("Statistic name -> value");
const editionQuery = z.strictObject({
  edition: q.id
    .optional()
    .describe("Edition (season) id; default the latest edition (current first) the person or team played in"),
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

const Record_ = z.object({
  played: z.number().int(),
  won: z.number().int(),
  drawn: z.number().int(),
  lost: z.number().int(),
  goals_for: z.number().int(),
  goals_against: z.number().int(),
});

const TeamSeason = Record_.extend({
  team_id: idField("team"),
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
      goals_for: z.number().int().nullable(),
      goals_against: z.number().int().nullable(),
      outcome: z.string().nullable(),
      stats: TeamTotals.nullable(),
    }),
  ),
  coverage: z.boolean().describe("false: no finished contest of the team in this edition"),
});

const HeadToHead = z.object({
  team_id: idField("team"),
  opponent_id: idField("opponent team"),
  record: Record_.describe("Finished meetings from team_id's side"),
  meetings: z.array(
    z.object({
      contest_id: idField("contest"),
      competition_id: idField("competition"),
      edition_id: idField("edition"),
      kickoff_at: dateTime,
      status: z.string(),
      side: z.string().describe("team_id's side"),
      goals_for: z.number().int().nullable(),
      goals_against: z.number().int().nullable(),
      outcome: z.string().nullable(),
    }),
  ),
});

function record(
  rows: Array<{ goalsFor: number | null; goalsAgainst: number | null; outcome: string | null }>,
) {
  const r = { played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0 };
  for (const m of rows) {
    if (m.outcome === null) continue;
    r.played++;
    if (m.outcome === "win") r.won++;
    else if (m.outcome === "loss") r.lost++;
    else r.drawn++;
    r.goals_for += m.goalsFor ?? 0;
    r.goals_against += m.goalsAgainst ?? 0;
  }
  return r;
}

function idParam(raw: string | undefined, label: string): number {
  const id = pathId(raw);
  if (!id) throw notFound(`${label} ${raw}`);
  return id;
}

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
      for (const [contestId, kickoffAt, teamId, stat, value] of rows) {
        let m = matches[matches.length - 1];
        if (!m || m.contest_id !== String(contestId))
          matches.push(
            (m = { contest_id: String(contestId), kickoff_at: kickoffAt, team_id: sid(teamId), stats: {} }),
          );
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
      if (!(await getTeam(db, teamId))) throw notFound(`Team ${params.id}`);
      const editionId = await resolveEdition(db, "team", teamId, query.edition);
      const rows = editionId === null ? [] : await teamMatches(db, teamId, editionId);
      const matches = rows.map((r) => {
        const figures = r.slice(7, 13) as Array<number | null>;
        return {
          contest_id: String(r[0]),
          kickoff_at: r[1],
          side: r[2],
          opponent_id: sid(r[4]),
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
  defineRoute({
    pattern: "/v1/teams/{id}/head-to-head",
    summary: "Two teams' record against each other and every meeting, newest first",
    scope: "teams",
    tags: ["Teams"],
    query: z.strictObject({ opponent: q.id.describe("The other team's id") }),
    response: HeadToHead,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, query, db }) => {
      const teamId = idParam(params.id, "Team");
      if (!(await getTeam(db, teamId))) throw notFound(`Team ${params.id}`);
      if (!(await getTeam(db, query.opponent)))
        throw notFound(`Team ${query.opponent} (parameter 'opponent')`);
      const rows = await meetings(db, teamId, query.opponent);
      const list = rows.map((r) => ({
        contest_id: String(r[0]),
        competition_id: String(r[1]),
        edition_id: String(r[2]),
        kickoff_at: r[3],
        status: r[4],
        side: r[5],
        goals_for: r[6],
        goals_against: r[7],
        outcome: r[8],
      }));
      return {
        team_id: String(teamId),
        opponent_id: String(query.opponent),
        record: record(
          list.map((m) => ({ goalsFor: m.goals_for, goalsAgainst: m.goals_against, outcome: m.outcome })),
        ),
        meetings: list,
      };
    },
  }),
];
