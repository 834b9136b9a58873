/** Elo ratings' SQL: their writer's (lib/sports/ratings.ts) and the /v1 reads'. */
import { insertRows, updateRows, type Cell, type Column } from "../../platform/db/bulk";
import type { Provider } from "../../platform/db/config";
import type { Db, DbOrTx } from "../../platform/db/client";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { dialect, sqlRows, statement } from "../../platform/db/sql";

/** Every contest a source describes, with its facts, its order in the source and its two teams. */
export async function ratedContests(db: DbOrTx, provider: Provider, source: string) {
  const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(
    `SELECT s."contestId" AS "contestId", s."seq" AS "seq", s."facts" AS "facts", h."teamId" AS "home", a."teamId" AS "away"
     FROM "contest_sources" s
     JOIN "contest_participants" h ON h."contestId" = s."contestId" AND h."side" = 'home'
     JOIN "contest_participants" a ON a."contestId" = s."contestId" AND a."side" = 'away'
     WHERE s."source" = ${provider === "sqlite" ? "?" : "$1"}`,
    source,
  );
  const n = (v: unknown) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    contestId: Number(r.contestId),
    seq: Number(r.seq),
    facts: String(r.facts),
    home: n(r.home),
    away: n(r.away),
  }));
}

export async function storedRatings(db: DbOrTx) {
  const rows = await db.$queryRawUnsafe<Array<Record<string, unknown>>>(
    `SELECT "contestId", "teamId", "seq", "before", "after", "expected" FROM "team_ratings"`,
  );
  return rows.map((r) => ({
    contestId: Number(r.contestId),
    teamId: Number(r.teamId),
    seq: Number(r.seq),
    before: Number(r.before),
    after: Number(r.after),
    expected: Number(r.expected),
  }));
}

const COLS: Column[] = [
  ["contestId", "int"],
  ["teamId", "int"],
  ["seq", "int"],
  ["ratedAt", "time"],
  ["before", "real"],
  ["after", "real"],
  ["expected", "real"],
];

export const insertRatings = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  insertRows(db, provider, "team_ratings", COLS, rows);

export const updateRatings = (db: DbOrTx, provider: Provider, rows: Cell[][]) =>
  updateRows(db, provider, "team_ratings", COLS, 2, rows);

export const deleteRatings = (db: DbOrTx, contestIds: number[]) =>
  db.teamRating.deleteMany({ where: { contestId: { in: contestIds } } });

/**
 * Elo ratings (team_ratings, written by lib/sports/ratings.ts) for /v1: a team's history off the
 * (teamId, ratedAt, seq) index, the ranking at a date as index probes per team, and a
 * contest's pre-match ratings.
 */

/** A team's rating point, in rating order. */
export const RATING = columns(
  c.int("contestId", 'r."contestId"'),
  c.day("date", 'r."ratedAt"'),
  c.num("before", 'r."before"'),
  c.num("after", 'r."after"'),
  c.num("expected", 'r."expected"'),
  c.intOrNull(
    "opponentId",
    `(SELECT o."teamId" FROM "contest_participants" o WHERE o."contestId" = r."contestId" AND o."teamId" <> r."teamId" LIMIT 1)`,
  ),
  c.textOrNull(
    "opponentName",
    `(SELECT t."name" FROM "contest_participants" o JOIN "teams" t ON t."id" = o."teamId" ` +
      `WHERE o."contestId" = r."contestId" AND o."teamId" <> r."teamId" LIMIT 1)`,
  ),
);
export type RatingTuple = RowOf<typeof RATING.cols>;

const history = statement(
  (d) =>
    `SELECT ${RATING.list(d)} ` +
    `FROM "team_ratings" r WHERE r."teamId" = ? AND r."ratedAt" >= ? AND r."ratedAt" < ? ` +
    `ORDER BY r."ratedAt", r."seq"`,
);

/** Every rating point of a team in [from, to): a national team has at most about 1,100. */
export async function ratingHistory(db: Db, teamId: number, from: Date, to: Date): Promise<RatingTuple[]> {
  const { at } = dialect(db);
  return (await sqlRows(db, history, [teamId, at(from), at(to)])) as unknown as RatingTuple[];
}

/** A team rated before `date` with its latest rating, best first. */
export const RANKING = columns(
  c.int("teamId", 's."id"'),
  c.text("name", 's."name"'),
  c.num("rating", 's."rating"'),
  c.day("lastPlayed", 's."ratedAt"'),
);
export type RankingTuple = RowOf<typeof RANKING.cols>;

// One index probe per team on (teamId, ratedAt, seq), from the select list: joined on the probe's
// result instead, SQLite scanned all 98,576 ratings and ran the probe for each (65 ms for a
// ranking of 286 teams; this form 0.7 ms). The two probes of a team read the same index entry.
const latest = (col: string) =>
  `(SELECT x.${col} FROM "team_ratings" x WHERE x."teamId" = t."id" AND x."ratedAt" < ? ` +
  `ORDER BY x."ratedAt" DESC, x."seq" DESC LIMIT 1)`;

const ranking = statement(
  (d) =>
    `SELECT ${RANKING.list(d)} FROM (SELECT t."id" AS "id", t."name" AS "name", ` +
    `${latest('"after"')} AS "rating", ${latest('"ratedAt"')} AS "ratedAt" FROM "teams" t) s ` +
    `WHERE s."rating" IS NOT NULL ORDER BY s."rating" DESC, s."id"`,
);

/** Ratings after every match played before `before` (the start of the day after the date asked). */
export async function rankingAt(db: Db, before: Date): Promise<RankingTuple[]> {
  const { at } = dialect(db);
  return (await sqlRows(db, ranking, [at(before), at(before)])) as unknown as RankingTuple[];
}

/** A contest's rated side, home first. */
export const CONTEST_RATING = columns(
  c.text("side", 'p."side"'),
  c.int("teamId", 'r."teamId"'),
  c.num("before", 'r."before"'),
  c.num("after", 'r."after"'),
  c.num("expected", 'r."expected"'),
  c.text("teamName", 't."name"'),
);
export type ContestRatingTuple = RowOf<typeof CONTEST_RATING.cols>;

const ofContest = statement(
  (d) =>
    `SELECT ${CONTEST_RATING.list(d)} FROM "team_ratings" r ` +
    `JOIN "contest_participants" p ON p."contestId" = r."contestId" AND p."teamId" = r."teamId" ` +
    `JOIN "teams" t ON t."id" = r."teamId" ` +
    `WHERE r."contestId" = ? ORDER BY p."side" DESC`,
);

export async function contestRatings(db: Db, contestId: number): Promise<ContestRatingTuple[]> {
  return (await sqlRows(db, ofContest, [contestId])) as unknown as ContestRatingTuple[];
}

/** A source's contests, their first and last kickoff days and those with a complete goal list. */
export const SOURCE_COVERAGE = columns(
  c.text("source", 's."source"'),
  c.count("contests", "count(*)"),
  c.dayOrNull("firstDate", 'min(c."kickoffAt")'),
  c.dayOrNull("lastDate", 'max(c."kickoffAt")'),
  c.intOrNull(
    "withGoalList",
    (d) => `sum(CASE WHEN c."goalList" = ${d.provider === "postgresql" ? "true" : "1"} THEN 1 ELSE 0 END)`,
  ),
);
export type SourceCoverageTuple = RowOf<typeof SOURCE_COVERAGE.cols>;

const coverage = statement(
  (d) =>
    `SELECT ${SOURCE_COVERAGE.list(d)} ` +
    `FROM "contest_sources" s JOIN "contests" c ON c."id" = s."contestId" GROUP BY s."source"`,
);

export async function sourceCoverage(db: Db): Promise<SourceCoverageTuple[]> {
  return (await sqlRows(db, coverage, [])) as unknown as SourceCoverageTuple[];
}
