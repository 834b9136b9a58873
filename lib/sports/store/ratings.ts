/** Elo ratings' SQL for their writer (lib/sports/ratings.ts). */
import { insertRows, updateRows, type Cell, type Column } from "../../platform/db/bulk";
import type { DbOrTx } from "../../platform/db/client";
import type { Provider } from "../../platform/db/config";

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
