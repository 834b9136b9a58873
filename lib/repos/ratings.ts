import type { Db } from "../platform/db";
import { dialect, sqlRows, statement } from "../platform/db/sql";

/**
 * Elo ratings (team_ratings, written by lib/sports/ratings.ts) for /v1: a team's history off the
 * (teamId, ratedAt, seq) index, the ranking at a date as index probes per team, and a
 * contest's pre-match ratings.
 */

/** [contestId, ratedAt (day), before, after, expected, opponentId, opponentName] in rating order. */
export type RatingTuple = [number, string, number, number, number, number | null, string | null];

const history = statement(
  (d) =>
    `SELECT r."contestId", ${d.day('r."ratedAt"')}, r."before", r."after", r."expected", ` +
    `(SELECT o."teamId" FROM "contest_participants" o WHERE o."contestId" = r."contestId" AND o."teamId" <> r."teamId" LIMIT 1), ` +
    `(SELECT t."name" FROM "contest_participants" o JOIN "teams" t ON t."id" = o."teamId" ` +
    `WHERE o."contestId" = r."contestId" AND o."teamId" <> r."teamId" LIMIT 1) ` +
    `FROM "team_ratings" r WHERE r."teamId" = ? AND r."ratedAt" >= ? AND r."ratedAt" < ? ` +
    `ORDER BY r."ratedAt", r."seq"`,
);

/** Every rating point of a team in [from, to): a national team has at most about 1,100. */
export async function ratingHistory(db: Db, teamId: number, from: Date, to: Date): Promise<RatingTuple[]> {
  const { at } = dialect(db);
  return (await sqlRows(db, history, [teamId, at(from), at(to)])) as unknown as RatingTuple[];
}

/** [teamId, name, rating, last rated day] for every team rated before `date`, best first. */
export type RankingTuple = [number, string, number, string];

// One index probe per team on (teamId, ratedAt, seq), from the select list: joined on the probe's
// result instead, SQLite scanned all 98,576 ratings and ran the probe for each (65 ms for a
// ranking of 286 teams; this form 0.7 ms). The two probes of a team read the same index entry.
const latest = (col: string) =>
  `(SELECT x.${col} FROM "team_ratings" x WHERE x."teamId" = t."id" AND x."ratedAt" < ? ` +
  `ORDER BY x."ratedAt" DESC, x."seq" DESC LIMIT 1)`;

const ranking = statement(
  (d) =>
    `SELECT s."id", s."name", s."rating", ${d.day('s."ratedAt"')} FROM (SELECT t."id" AS "id", t."name" AS "name", ` +
    `${latest('"after"')} AS "rating", ${latest('"ratedAt"')} AS "ratedAt" FROM "teams" t) s ` +
    `WHERE s."rating" IS NOT NULL ORDER BY s."rating" DESC, s."id"`,
);

/** Ratings after every match played before `before` (the start of the day after the date asked). */
export async function rankingAt(db: Db, before: Date): Promise<RankingTuple[]> {
  const { at } = dialect(db);
  return (await sqlRows(db, ranking, [at(before), at(before)])) as unknown as RankingTuple[];
}

/** [side, teamId, before, after, expected, teamName] of a contest's rated sides, home first. */
export type ContestRatingTuple = [string, number, number, number, number, string];

const ofContest = statement(
  () =>
    `SELECT p."side", r."teamId", r."before", r."after", r."expected", t."name" FROM "team_ratings" r ` +
    `JOIN "contest_participants" p ON p."contestId" = r."contestId" AND p."teamId" = r."teamId" ` +
    `JOIN "teams" t ON t."id" = r."teamId" ` +
    `WHERE r."contestId" = ? ORDER BY p."side" DESC`,
);

export async function contestRatings(db: Db, contestId: number): Promise<ContestRatingTuple[]> {
  return (await sqlRows(db, ofContest, [contestId])) as unknown as ContestRatingTuple[];
}

/** [source, contests, first kickoff day, last kickoff day, contests with a complete goal list]. */
export type SourceCoverageTuple = [string, number, string | null, string | null, number];

const coverage = statement(
  (d) =>
    `SELECT s."source", count(*), ${d.day('min(c."kickoffAt")')}, ${d.day('max(c."kickoffAt")')}, ` +
    `sum(CASE WHEN c."goalList" = ${d.provider === "postgresql" ? "true" : "1"} THEN 1 ELSE 0 END) ` +
    `FROM "contest_sources" s JOIN "contests" c ON c."id" = s."contestId" GROUP BY s."source"`,
);

export async function sourceCoverage(db: Db): Promise<SourceCoverageTuple[]> {
  return (await sqlRows(db, coverage, [])) as unknown as SourceCoverageTuple[];
}
