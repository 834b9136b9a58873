import { z } from "zod";
import { CONTEST, getContest, listContests, type ContestTuple } from "../../sports/store/contests";
import { PERIODS } from "../../sports/clock";
import { isoInZone } from "../../sports/time";
import { q } from "../request";
import { jsonBool, jsonStr } from "../json";
import { rowWriter } from "../serialize";
import { dateTime, idField, list, refField } from "../shapes";
import { byIdRoute } from "../by-id";
import { defineRoute, RawJson, type RouteDef } from "../types";
import { CONTEST_STATUSES, checkReferences, listQuery, MAX_WINDOW_DAYS, toFilter } from "./contest-filter";

export { CONTEST_STATUSES, MAX_WINDOW_DAYS };

export const Participant = z.object({
  side: z.string().describe("home or away (individual sports: the first-named player is home)"),
  team_id: refField("team (team sports)"),
  person_id: refField("person (individual sports)"),
  name: z
    .string()
    .describe(
      "Team or person name (a team's name when the contest was played, e.g. Dahomey for Benin in 1962)",
    ),
  score: z.number().int().nullable().describe("Goals, or sets won; null until played"),
  halftime_score: z.number().int().nullable(),
  score_detail: z.string().nullable().describe('Free-form detail, e.g. tennis sets "6-4 3-6 7-5"'),
  outcome: z.string().nullable().describe("win, draw or loss; null until finished"),
});

const SidePair = z
  .object({ home: z.number().int().nullable(), away: z.number().int().nullable() })
  .nullable();

export const ScoreDetail = z.object({
  half_time: SidePair.describe("Score at half time; null when unknown"),
  full_time: SidePair.describe("Score after 90 minutes (football); null when unknown"),
  extra_time: SidePair.describe(
    "Score after extra time, goals of regular time included; null without extra time",
  ),
  penalties: SidePair.describe("Penalty shoot-out score; null without a shoot-out"),
  decided_by: z
    .enum(["extra_time", "penalties"])
    .nullable()
    .describe("How the winner was decided beyond regular time; null otherwise"),
  winner: z
    .enum(["home", "away"])
    .nullable()
    .describe("The winning side (after extra time or penalties too); null for a draw or unplayed"),
  first_shooter: z
    .enum(["home", "away"])
    .nullable()
    .describe("The side that shot first in the penalty shoot-out; null when unknown or without one"),
});

export const ContestCoverage = z.object({
  goal_list: z
    .boolean()
    .nullable()
    .describe(
      "True when the contest's goal events are its complete goal list (they add up to the score), false when the source has the result only, null when it does not say",
    ),
});

export const Contest = z.object({
  id: idField("contest"),
  competition_id: idField("competition"),
  edition_id: idField("edition"),
  round: z.string().describe('e.g. "Matchday 12", "Quarter-final"'),
  stage: z.string().describe('e.g. "Regular Season", "Knockout"'),
  status: z.enum(CONTEST_STATUSES),
  kickoff_at: dateTime,
  venue: z.string().nullable().describe("The stadium as the source names it"),
  venue_city: z.string().nullable().describe("City of the venue as named when the contest was played"),
  venue_country: z.string().nullable().describe("Country of the venue as named when the contest was played"),
  neutral: z.boolean().nullable().describe("True when neither side played at home; null when unknown"),
  period: z
    .enum(PERIODS)
    .nullable()
    .describe(
      "The live clock's period (first_half … finished); null before kick-off or when no feed reported one",
    ),
  minute: z
    .number()
    .int()
    .nullable()
    .describe(
      "Elapsed minute of play at the last report (45 at half time, 90 at full time, 120 after extra time)",
    ),
  participants: z.array(Participant),
  referee: z.string().nullable().describe("The referee as the source names them"),
  score: ScoreDetail,
  coverage: ContestCoverage,
});

/** The rows of one contest (rows[from..to)) and its home and away rows, for the nested fields. */
interface Group {
  rows: readonly ContestTuple[];
  from: number;
  to: number;
  home?: ContestTuple;
  away?: ContestTuple;
}

const at = CONTEST.at;
const participantJson = rowWriter<typeof Participant, ContestTuple>(Participant, {
  side: at.side,
  team_id: at.teamId,
  person_id: at.personId,
  name: at.name,
  score: at.score,
  halftime_score: at.halftimeScore,
  score_detail: at.scoreDetail,
  outcome: at.outcome,
});

const Pair = SidePair.unwrap();
const pairJson = rowWriter<typeof Pair, [unknown, unknown]>(Pair, { home: 0, away: 1 });
/** A side pair from column `col` of the home and away rows; null when neither has it. */
const pair = (g: Group, col: number): string => {
  const h = g.home ? g.home[col] : null;
  const a = g.away ? g.away[col] : null;
  return h == null && a == null ? "null" : pairJson([h, a]);
};

const scoreJson = rowWriter<typeof ScoreDetail, ContestTuple, Group>(ScoreDetail, {
  half_time: (_, g) => pair(g, at.halftimeScore),
  full_time: (_, g) => pair(g, at.fullTimeScore),
  extra_time: (_, g) => pair(g, at.extraTimeScore),
  penalties: (_, g) => pair(g, at.penaltyScore),
  decided_by: at.decidedBy,
  winner: (_, g) =>
    jsonStr(g.home?.[at.outcome] === "win" ? "home" : g.away?.[at.outcome] === "win" ? "away" : null),
  first_shooter: at.firstShooter,
});

/** A nullable boolean column (SQLite gives 0/1). */
const boolOrNull = (v: unknown) => (v === null || v === undefined ? "null" : jsonBool(v));
const coverageJson = rowWriter<typeof ContestCoverage, ContestTuple>(ContestCoverage, {
  goal_list: (r) => boolOrNull(r[at.goalList]),
});

/** Participants are the contest's rows that have a side (a contest without any has none). */
function participantsJson(g: Group): string {
  let out = "[";
  let n = 0;
  for (let k = g.from; k < g.to; k++)
    if (g.rows[k][at.side] !== null) out += (n++ ? "," : "") + participantJson(g.rows[k]);
  return `${out}]`;
}

const contestJson = rowWriter<typeof Contest, ContestTuple, Group>(Contest, {
  id: at.id,
  competition_id: at.competitionId,
  edition_id: at.editionId,
  round: at.round,
  stage: at.stage,
  status: at.status,
  kickoff_at: at.kickoffAt,
  venue: at.venue,
  period: at.period,
  minute: at.minute,
  venue_city: at.city,
  venue_country: at.country,
  neutral: (r) => boolOrNull(r[at.neutral]),
  participants: (_, g) => participantsJson(g),
  referee: at.referee,
  score: scoreJson,
  coverage: (r) => coverageJson(r),
});

/**
 * Contests as JSON, written from their rows by the schemas' compiled writers: one string per
 * contest, its participants from the rows that follow it (home row first when both exist).
 */
export function contestsJson(rows: readonly ContestTuple[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length;) {
    const g: Group = { rows, from: i, to: i };
    for (; i < rows.length && rows[i][at.id] === rows[g.from][at.id]; i++) {
      if (rows[i][at.side] === "home") g.home = rows[i];
      else if (rows[i][at.side] === "away") g.away = rows[i];
    }
    g.to = i;
    out.push(contestJson(rows[g.from], g));
  }
  return out;
}

/** The rows with kickoff_at written in `zone` (the `timezone` parameter); unchanged without one. */
function inTimeZone(rows: ContestTuple[], zone: string | undefined): ContestTuple[] {
  if (zone) for (const r of rows) r[at.kickoffAt] = isoInZone(new Date(r[at.kickoffAt] as string), zone);
  return rows;
}

export const contestRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/contests",
    summary: "List contests (fixtures and results) for a scope",
    description:
      "Returns every contest of the scope, ordered by kickoff. A scope is required: edition, competition, team, person, " +
      `date, or a from+to window of at most ${MAX_WINDOW_DAYS} days. Filters combine with AND.`,
    scope: "contests",
    tags: ["Contests"],
    query: listQuery,
    response: list(Contest),
    group: "contests",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const rows = await listContests(db, await toFilter(db, query));
      if (rows.length === 0) await checkReferences(db, query);
      inTimeZone(rows, query.timezone);
      return new RawJson(`{"items":[${contestsJson(rows).join(",")}]}`);
    },
  }),
  byIdRoute({
    pattern: "/v1/contests/{id}",
    summary: "One contest with its participants, scores and outcome",
    scope: "contests",
    tags: ["Contests"],
    group: "contests",
    label: "Contest",
    response: Contest,
    cacheTtlMs: 30_000,
    query: z.strictObject({ timezone: q.timezone }),
    load: getContest,
    present: (rows, query) => new RawJson(contestsJson(inTimeZone(rows, query.timezone))[0]),
  }),
];
