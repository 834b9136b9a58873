import type { Db } from "../../db";
import { z } from "zod";
import { competitionExists, currentEditionId } from "../../repos/competitions";
import {
  getContest,
  KICKOFF,
  listContests,
  SIDE,
  type ContestFilter,
  type ContestTuple,
} from "../../repos/contests";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { getTeam } from "../../repos/teams";
import { invalidParameter, notFound } from "../errors";
import { DAY_MS, q } from "../request";
import { jsonId, jsonNum, jsonStr } from "../json";
import { dateTime, idField, list, refField } from "../shapes";
import { byIdRoute } from "../by-id";
import { defineRoute, RawJson, type RouteDef } from "../types";

export const CONTEST_STATUSES = ["scheduled", "live", "finished", "postponed", "cancelled"] as const;
/** A date window alone (no edition/competition/team/person) may span at most this many days. */
export const MAX_WINDOW_DAYS = 31;

export const Participant = z.object({
  side: z.string().describe("home or away (individual sports: the first-named player is home)"),
  team_id: refField("team (team sports)"),
  person_id: refField("person (individual sports)"),
  name: z.string().describe("Team or person name"),
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
});

export const Contest = z.object({
  id: idField("contest"),
  competition_id: idField("competition"),
  edition_id: idField("edition"),
  round: z.string().describe('e.g. "Matchday 12", "Quarter-final"'),
  stage: z.string().describe('e.g. "Regular Season", "Knockout"'),
  status: z.enum(CONTEST_STATUSES),
  kickoff_at: dateTime,
  venue: z.string().nullable(),
  participants: z.array(Participant),
  referee: z.string().nullable().describe("The referee as the source names them"),
  score: ScoreDetail,
});

/**
 * Contests as JSON, written from their rows (same bytes as JSON.stringify of the schema's object):
 * one string per contest, its participants from the rows that follow it.
 */
export function contestsJson(rows: readonly ContestTuple[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length;) {
    const c = rows[i];
    const start = i;
    let json =
      `{"id":${jsonId(c[0])},"competition_id":${jsonId(c[1])},"edition_id":${jsonId(c[2])},"round":${jsonStr(c[3])},` +
      `"stage":${jsonStr(c[4])},"status":${jsonStr(c[5])},"kickoff_at":${jsonStr(c[KICKOFF])},"venue":${jsonStr(c[7])},"participants":[`;
    let n = 0;
    for (; i < rows.length && rows[i][0] === c[0]; i++) {
      const p = rows[i];
      if (p[SIDE] === null) continue;
      json +=
        `${n++ ? "," : ""}{"side":${jsonStr(p[SIDE])},"team_id":${jsonId(p[9])},"person_id":${jsonId(p[10])},` +
        `"name":${jsonStr(p[11])},"score":${jsonNum(p[12])},"halftime_score":${jsonNum(p[13])},` +
        `"score_detail":${jsonStr(p[14])},"outcome":${jsonStr(p[15])}}`;
    }
    out.push(`${json}]${scoreJson(rows, start, i)}}`);
  }
  return out;
}

const pairJson = (h: unknown, a: unknown) =>
  h == null && a == null ? "null" : `{"home":${jsonNum(h)},"away":${jsonNum(a)}}`;

/** `"referee", "score"` of the contest whose rows are rows[from..to): home row first when both exist. */
function scoreJson(rows: readonly ContestTuple[], from: number, to: number): string {
  const c = rows[from];
  let home: ContestTuple | undefined;
  let away: ContestTuple | undefined;
  for (let k = from; k < to; k++) {
    if (rows[k][SIDE] === "home") home = rows[k];
    else if (rows[k][SIDE] === "away") away = rows[k];
  }
  const at = (r: ContestTuple | undefined, col: number) => (r ? r[col] : null);
  const pair = (col: number) => pairJson(at(home, col), at(away, col));
  const winner = at(home, 15) === "win" ? '"home"' : at(away, 15) === "win" ? '"away"' : "null";
  return (
    `,"referee":${jsonStr(c[16])},"score":{"half_time":${pair(13)},"full_time":${pair(18)},` +
    `"extra_time":${pair(19)},"penalties":${pair(20)},"decided_by":${jsonStr(c[17])},"winner":${winner}}`
  );
}

const listQuery = z.strictObject({
  edition: q.id.optional().describe("Edition (season) id"),
  competition: q.id
    .optional()
    .describe("Competition id; without edition, date, from or to it means the competition's current edition"),
  team: q.id.optional().describe("Team id: contests the team plays in"),
  person: q.id.optional().describe("Person id: contests the person plays in or has statistics for"),
  date: q.date.optional().describe("UTC day of kickoff, YYYY-MM-DD"),
  from: q.date.optional().describe("First UTC day of kickoff, YYYY-MM-DD (inclusive)"),
  to: q.date.optional().describe("Last UTC day of kickoff, YYYY-MM-DD (inclusive)"),
  status: z.enum(CONTEST_STATUSES, { error: `must be one of ${CONTEST_STATUSES.join(", ")}` }).optional(),
});
type ListQuery = z.output<typeof listQuery>;

/** Turns the query into a bounded filter, or a 400 naming what is missing. */
async function toFilter(db: Db, query: ListQuery): Promise<ContestFilter> {
  const { edition, competition, team, person, date, from, to, status } = query;
  if (date && (from || to)) throw invalidParameter("date", "cannot be combined with from/to");
  if (from && to && from > to) throw invalidParameter("to", "must not be before from");
  const window = date
    ? { from: date, to: new Date(date.getTime() + DAY_MS) }
    : { from, to: to && new Date(to.getTime() + DAY_MS) };
  const hasEntity = edition ?? competition ?? team ?? person;
  if (!hasEntity) {
    if (!window.from && !window.to) {
      throw invalidParameter(
        "edition",
        "a scope is required: give edition, competition, team, person, date or from+to",
      );
    }
    if (!window.from || !window.to)
      throw invalidParameter(
        window.from ? "to" : "from",
        "from and to are both required without another scope",
      );
    if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
      throw invalidParameter("to", `a date window alone may span at most ${MAX_WINDOW_DAYS} days`);
    }
  }
  let editionId = edition;
  // football-data.org convention: a competition without a season means its current one.
  if (competition && !edition && !window.from && !window.to) {
    editionId = (await currentEditionId(db, competition)) ?? undefined;
    if (!editionId) throw notFound(`Competition ${competition} (parameter 'competition')`);
  }
  return {
    editionId,
    competitionId: competition,
    teamId: team,
    personId: person,
    status,
    from: window.from,
    to: window.to,
  };
}

/** An empty list is fine, unless it is empty because a filter names no record: then 404. */
async function checkReferences(db: Db, query: ListQuery): Promise<void> {
  if (query.edition && !(await editionExists(db, query.edition)))
    throw notFound(`Edition ${query.edition} (parameter 'edition')`);
  if (query.competition && !(await competitionExists(db, query.competition)))
    throw notFound(`Competition ${query.competition} (parameter 'competition')`);
  if (query.team && !(await getTeam(db, query.team))) throw notFound(`Team ${query.team} (parameter 'team')`);
  if (query.person && !(await personExists(db, query.person)))
    throw notFound(`Person ${query.person} (parameter 'person')`);
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
    units: 1,
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const rows = await listContests(db, await toFilter(db, query));
      if (rows.length === 0) await checkReferences(db, query);
      return new RawJson(`{"items":[${contestsJson(rows).join(",")}]}`);
    },
  }),
  byIdRoute({
    pattern: "/v1/contests/{id}",
    summary: "One contest with its participants, scores and outcome",
    scope: "contests",
    tags: ["Contests"],
    label: "Contest",
    response: Contest,
    cacheTtlMs: 30_000,
    load: getContest,
    present: (rows) => new RawJson(contestsJson(rows)[0]),
  }),
];
