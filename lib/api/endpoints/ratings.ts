import { z } from "zod";
import { contestExists } from "../../repos/contests";
import { contestRatings, rankingAt, ratingHistory, sourceCoverage } from "../../repos/ratings";
import { getTeam } from "../../repos/teams";
import { ELO_START, HOME_ADVANTAGE } from "../../sports/elo";
import { SOURCE_PRECEDENCE, SOURCES } from "../../sports/sources";
import { notFound } from "../../platform/errors";
import { DAY_MS, q } from "../request";
import { listJson, rowWriter } from "../serialize";
import { calendarDay, idField, list, pathId } from "../shapes";
import { defineRoute, RawJson, type RouteDef } from "../types";

const METHOD =
  `World Football Elo: every team starts at ${ELO_START}; Rn = Ro + K·G·(W − We), We = 1 / (10^(−dr/400) + 1) with dr the ` +
  `rating difference plus ${HOME_ADVANTAGE} for the home side at a non-neutral venue; a shoot-out counts as a draw; ` +
  "G = 1 for a goal difference of 0 or 1, 1.5 for 2, (11 + N)/8 for N ≥ 3; K = 60 World Cup, 50 continental " +
  "championships, 40 qualifiers and Nations Leagues, 20 friendlies, 30 others. Computed over the international " +
  "results in date order, unrounded.";

const RatingPoint = z.object({
  contest_id: idField("contest"),
  date: calendarDay,
  opponent_id: z.string().nullable().describe("Id of the opponent team"),
  opponent_name: z.string().nullable().describe("The opponent's name"),
  before: z.number().describe("Rating before the contest"),
  after: z.number().describe("Rating after the contest"),
  expected: z.number().describe("Expected result before the contest (0..1; win 1, draw 0.5)"),
});

const pointJson = rowWriter<typeof RatingPoint, unknown[]>(RatingPoint, {
  contest_id: 0,
  date: 1,
  before: 2,
  after: 3,
  expected: 4,
  opponent_id: (r) => (r[5] == null ? "null" : `"${String(r[5])}"`),
  opponent_name: 6,
});

const RankingItem = z.object({
  rank: z.number().int(),
  team_id: idField("team"),
  team_name: z.string(),
  rating: z.number().describe("Rating after the team's last contest on or before the date"),
  last_played: calendarDay,
});

const Ranking = z.object({ date: calendarDay, items: z.array(RankingItem) });

const ContestRating = z.object({
  side: z.enum(["home", "away"]),
  team_id: idField("team"),
  team_name: z.string(),
  before: z.number().describe("Pre-match rating"),
  after: z.number().describe("Rating after the contest"),
  expected: z.number().describe("Expected result from the pre-match ratings (0..1)"),
});

const Source = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  licence: z.string(),
  covers: z.string().describe("What the source covers"),
  precedence: z
    .number()
    .int()
    .nullable()
    .describe("1 wins over 2 where sources disagree; null when it never overlaps"),
  contests: z.number().int().describe("Contests this source describes here"),
  first_date: calendarDay.nullable(),
  last_date: calendarDay.nullable(),
  contests_with_goal_list: z.number().int().describe("Of those, contests whose goal list is complete"),
});

const FAR_PAST = new Date("1800-01-01T00:00:00Z");
const FAR_FUTURE = new Date("2200-01-01T00:00:00Z");

function teamId(raw: string | undefined): number {
  const id = pathId(raw);
  if (!id) throw notFound(`Team ${raw}`);
  return id;
}

export const ratingRoutes: RouteDef[] = [
  defineRoute({
    pattern: "/v1/teams/{id}/ratings",
    summary: "A team's Elo rating history, one point per rated contest",
    description: METHOD,
    scope: "teams",
    tags: ["Ratings"],
    query: z.strictObject({
      from: q.date.optional().describe("First day (inclusive)"),
      to: q.date.optional().describe("Last day (inclusive)"),
    }),
    response: list(RatingPoint),
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, query, db }) => {
      const id = teamId(params.id);
      if (!(await getTeam(db, id))) throw notFound(`Team ${params.id}`);
      const to = query.to ? new Date(query.to.getTime() + DAY_MS) : FAR_FUTURE;
      const rows = await ratingHistory(db, id, query.from ?? FAR_PAST, to);
      return new RawJson(listJson(rows, pointJson));
    },
  }),
  defineRoute({
    pattern: "/v1/ratings",
    summary: "The Elo ranking of national teams at a date",
    description: `Every team rated on or before the date, by its rating after its last contest up to that day. ${METHOD}`,
    scope: "teams",
    tags: ["Ratings"],
    query: z.strictObject({
      date: q.date.optional().describe("Day of the ranking (default: today)"),
      limit: q.limit(500, 50),
    }),
    response: Ranking,
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ query, db }) => {
      const date = query.date ?? new Date(new Date().toISOString().slice(0, 10));
      const rows = await rankingAt(db, new Date(date.getTime() + DAY_MS));
      return {
        date: date.toISOString().slice(0, 10),
        items: rows.slice(0, query.limit).map(([id, name, rating, last], i) => ({
          rank: i + 1,
          team_id: String(id),
          team_name: name,
          rating: Number(rating),
          last_played: last,
        })),
      };
    },
  }),
  defineRoute({
    pattern: "/v1/contests/{id}/ratings",
    summary: "A contest's pre-match Elo ratings and expected result",
    description: METHOD,
    scope: "contests",
    tags: ["Ratings"],
    query: z.strictObject({}),
    response: list(ContestRating),
    group: "analysis",
    cacheTtlMs: 30_000,
    handler: async ({ params, db }) => {
      const id = pathId(params.id);
      if (!id || !(await contestExists(db, id))) throw notFound(`Contest ${params.id}`);
      const rows = await contestRatings(db, id);
      return {
        items: rows.map(([side, team, before, after, expected, name]) => ({
          side: side as "home" | "away",
          team_id: String(team),
          team_name: name,
          before: Number(before),
          after: Number(after),
          expected: Number(expected),
        })),
      };
    },
  }),
  defineRoute({
    pattern: "/v1/sources",
    summary: "The data sources, their licences and what each covers here",
    scope: "competitions",
    tags: ["Sources"],
    query: z.strictObject({}),
    response: list(Source),
    group: "reference",
    cacheTtlMs: 30_000,
    handler: async ({ db }) => {
      const counts = new Map((await sourceCoverage(db)).map((r) => [r[0], r]));
      return {
        items: SOURCES.map((s) => {
          const c = counts.get(s.id);
          const rank = SOURCE_PRECEDENCE.indexOf(s.id);
          return {
            ...s,
            precedence: rank < 0 ? null : rank + 1,
            contests: c ? Number(c[1]) : 0,
            first_date: c?.[2] ?? null,
            last_date: c?.[3] ?? null,
            contests_with_goal_list: c ? Number(c[4] ?? 0) : 0,
          };
        }),
      };
    },
  }),
];
