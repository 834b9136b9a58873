/** Elo ratings' SQL for their writer (lib/sports/ratings.ts). */
import { insertRows, updateRows, type Cell, type Column } from "../../db/bulk";
import type { DbOrTx } from "../../db/client";
import type { Provider } from "../../db/config";

/** Every contest a source describes, with its facts, its order in the source and its two teams. */
export async function ratedContests(db: DbOrTx, source: string) {
  const rows = await db.contestSource.findMany({
    where: { source },
    select: {
      contestId: true,
      seq: true,
      facts: true,
      contest: { select: { participants: { select: { side: true, teamId: true } } } },
    },
  });
  return rows.map((r) => ({
    contestId: r.contestId,
    seq: r.seq,
    facts: r.facts,
    home: r.contest.participants.find((p) => p.side === "home")?.teamId ?? null,
    away: r.contest.participants.find((p) => p.side === "away")?.teamId ?? null,
  }));
}

export function storedRatings(db: DbOrTx) {
  return db.teamRating.findMany({
    select: { contestId: true, teamId: true, seq: true, before: true, after: true, expected: true },
  });
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
