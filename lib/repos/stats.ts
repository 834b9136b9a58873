import type { Db } from "../db";
import { int, sqlRows, statement } from "../db/sql";

/** A board row: [personId, personName, teamId, value, contests]. */
export type BoardTuple = [number, string, number | null, number, number];

export interface BoardScope {
  competitionId: number;
  sport: string;
  /** Statistic names recorded in the scope, sorted. */
  stats: string[];
}

// The scope and its recorded stat names in one statement, from the maintained edition_stat_names
// (lib/sports/stats.ts): one row per stat, or one row with a null stat when none is recorded.
const editionScope = statement(
  () =>
    `SELECT e."competitionId", c."sport", n."stat" FROM "editions" e JOIN "competitions" c ON c."id" = e."competitionId" ` +
    `LEFT JOIN "edition_stat_names" n ON n."editionId" = e."id" WHERE e."id" = ?`,
);
const competitionScope = statement(
  () =>
    `SELECT c."id", c."sport", n."stat" FROM "competitions" c ` +
    `LEFT JOIN "edition_stat_names" n ON n."competitionId" = c."id" WHERE c."id" = ? GROUP BY c."id", c."sport", n."stat"`,
);

function toScope(rows: unknown[][]): BoardScope | null {
  if (rows.length === 0) return null;
  const stats = rows.filter((r) => r[2] != null).map((r) => String(r[2]));
  // Code-unit order in JS: PostgreSQL's locale collation would order "_" differently.
  return { competitionId: int(rows[0][0]), sport: String(rows[0][1]), stats: stats.sort() };
}

/** The edition's competition, sport and recorded stats; null for an unknown edition. */
export async function editionBoardScope(db: Db, editionId: number): Promise<BoardScope | null> {
  return toScope(await sqlRows(db, editionScope, [editionId]));
}

/** The competition's sport and the stats recorded in any of its editions; null when unknown. */
export async function competitionBoardScope(db: Db, competitionId: number): Promise<BoardScope | null> {
  return toScope(await sqlRows(db, competitionScope, [competitionId]));
}

// Both boards read their top rows straight off an index whose order is the board's order
// (value desc, fewer contests, person id), with the person's name by primary key.
const editionBoard = statement(
  () =>
    `SELECT s."personId", p."name", s."teamId", s."value", s."contests" FROM "person_edition_stats" s ` +
    `JOIN "persons" p ON p."id" = s."personId" WHERE s."editionId" = ? AND s."stat" = ? ` +
    `ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ?`,
);
const competitionBoard = statement(
  () =>
    `SELECT s."personId", p."name", s."teamId", s."value", s."contests" FROM "competition_person_stats" s ` +
    `JOIN "persons" p ON p."id" = s."personId" WHERE s."competitionId" = ? AND s."stat" = ? ` +
    `ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ?`,
);

/** Top rows of an edition's board, or of a competition's (totals over all its editions). */
export async function statBoard(
  db: Db,
  scope: { editionId: number } | { competitionId: number },
  stat: string,
  limit: number,
): Promise<BoardTuple[]> {
  const rows =
    "editionId" in scope
      ? await sqlRows(db, editionBoard, [scope.editionId, stat, limit])
      : await sqlRows(db, competitionBoard, [scope.competitionId, stat, limit]);
  return rows as BoardTuple[];
}
