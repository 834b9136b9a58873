import type { Db } from "../platform/db";
import { int, sqlRows, statement, type Dialect } from "../platform/db/sql";

/** A board row: [personId, personName, teamId, value, contests, teamName]. */
export type BoardTuple = [number, string, number | null, number, number, string | null];

export interface BoardScope {
  competitionId: number;
  sport: string;
  /** Statistic names recorded in the scope, sorted. */
  stats: string[];
}

// The scope's row: its competition, sport and recorded stat names as one string, from the
// maintained edition_stat_names (lib/sports/store/stats.ts). `extra` appends columns (the NULLs under
// which the named-stat query below puts its board rows).
const SEP = "\u001f";
const agg = (d: Dialect, col: string) =>
  d.provider === "postgresql" ? `string_agg(${col}, chr(31))` : `group_concat(${col}, char(31))`;
const editionHead = (d: Dialect, extra = "") =>
  `SELECT e."competitionId", c."sport", (SELECT ${agg(d, `n."stat"`)} FROM "edition_stat_names" n WHERE n."editionId" = e."id")${extra} ` +
  `FROM "editions" e JOIN "competitions" c ON c."id" = e."competitionId" WHERE e."id" = ?`;
const competitionHead = (d: Dialect, extra = "") =>
  `SELECT c."id", c."sport", (SELECT ${agg(d, `u."stat"`)} FROM (SELECT DISTINCT n."stat" FROM "edition_stat_names" n WHERE n."competitionId" = c."id") u)${extra} ` +
  `FROM "competitions" c WHERE c."id" = ?`;
const editionScope = statement((d) => editionHead(d));
const competitionScope = statement((d) => competitionHead(d));

function scopeOf(row: unknown[] | undefined): BoardScope | null {
  if (row === undefined) return null;
  const [competitionId, sport, names] = row;
  return {
    competitionId: int(competitionId),
    sport: String(sport),
    // Code-unit order in JS: PostgreSQL's locale collation would order "_" differently.
    stats: names == null || names === "" ? [] : String(names).split(SEP).sort(),
  };
}

/** The edition's competition, sport and recorded stats; null for an unknown edition. */
export async function editionBoardScope(db: Db, editionId: number): Promise<BoardScope | null> {
  return scopeOf((await sqlRows(db, editionScope, [editionId]))[0]);
}

/** The competition's sport and the stats recorded in any of its editions; null when unknown. */
export async function competitionBoardScope(db: Db, competitionId: number): Promise<BoardScope | null> {
  return scopeOf((await sqlRows(db, competitionScope, [competitionId]))[0]);
}

// Both boards read their top rows straight off an index whose order is the board's order
// (value desc, fewer contests, person id), with the person's name by primary key.
const editionBoard = statement(
  (d) =>
    `SELECT s."personId", p."name", s."teamId", s."value", s."contests", t."name" FROM "person_edition_stats" s ` +
    `JOIN "persons" p ON p."id" = s."personId" LEFT JOIN "teams" t ON t."id" = s."teamId" WHERE s."editionId" = ? AND s."stat" = ? ` +
    `ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ${d.limit}`,
);
const competitionBoard = statement(
  (d) =>
    `SELECT s."personId", p."name", s."teamId", s."value", s."contests", t."name" FROM "competition_person_stats" s ` +
    `JOIN "persons" p ON p."id" = s."personId" LEFT JOIN "teams" t ON t."id" = s."teamId" WHERE s."competitionId" = ? AND s."stat" = ? ` +
    `ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ${d.limit}`,
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

// The scope and, for a named stat, its board in one statement (one round trip on PostgreSQL): the
// scope's row, then the board's rows (UNION ALL), each with NULLs in the other's columns, so an
// unknown stat still returns the scope's row. Joined instead (the scope repeated on every board
// row), the stat-names subquery ran and its string was read once per row: 223 µs for a 20-row
// board vs 174 µs this way, 715 vs 429 µs at 100 rows (better-sqlite3, bench database). The NULLs
// of the derived table are typed, else PostgreSQL reads them as text and cannot match the scope's
// integer column. Board rows are ordered in JS (at most `limit` of them), so the plan keeps the
// index order inside the subquery and no sort.
const boardBelow = (d: Dialect, table: string, scopeCol: string) =>
  `SELECT * FROM (SELECT CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TEXT), s."personId", p."name", ` +
  `s."teamId", s."value", s."contests", t."name" FROM "${table}" s JOIN "persons" p ON p."id" = s."personId" ` +
  `LEFT JOIN "teams" t ON t."id" = s."teamId" ` +
  `WHERE s."${scopeCol}" = ? AND s."stat" = ? ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ${d.limit}) b`;
const NO_BOARD = ", NULL, NULL, NULL, NULL, NULL, NULL";
const editionScoped = statement(
  (d) => `${editionHead(d, NO_BOARD)} UNION ALL ${boardBelow(d, "person_edition_stats", "editionId")}`,
);
const competitionScoped = statement(
  (d) =>
    `${competitionHead(d, NO_BOARD)} UNION ALL ${boardBelow(d, "competition_person_stats", "competitionId")}`,
);

/** The board's order: value desc, fewer contests, person id. */
const boardOrder = (a: BoardTuple, b: BoardTuple) =>
  Number(b[3]) - Number(a[3]) || Number(a[4]) - Number(b[4]) || Number(a[0]) - Number(b[0]);

/**
 * The scope (null when unknown) and the top rows of `stat` in it, in one statement; the rows are
 * empty when the scope does not record `stat`.
 */
export async function scopedStatBoard(
  db: Db,
  scope: { editionId: number } | { competitionId: number },
  stat: string,
  limit: number,
): Promise<{ scope: BoardScope | null; rows: BoardTuple[] }> {
  const id = "editionId" in scope ? scope.editionId : scope.competitionId;
  const found = await sqlRows(db, "editionId" in scope ? editionScoped : competitionScoped, [
    id,
    id,
    stat,
    limit,
  ]);
  const head = scopeOf(found.find((r) => r[0] != null));
  if (head === null) return { scope: null, rows: [] };
  const rows = found.filter((r) => r[3] != null).map((r) => r.slice(3) as BoardTuple);
  return { scope: head, rows: rows.sort(boardOrder) };
}

const tiedInEdition = statement(
  () => `SELECT count(*) FROM "person_edition_stats" WHERE "editionId" = ? AND "stat" = ? AND "value" = ?`,
);
const tiedInCompetition = statement(
  () =>
    `SELECT count(*) FROM "competition_person_stats" WHERE "competitionId" = ? AND "stat" = ? AND "value" = ?`,
);

/** How many persons of the scope share `value` of `stat` (the size of a tie on the board). */
export async function boardTieSize(
  db: Db,
  scope: { editionId: number } | { competitionId: number },
  stat: string,
  value: number,
): Promise<number> {
  const [stmt, id] =
    "editionId" in scope ? [tiedInEdition, scope.editionId] : [tiedInCompetition, scope.competitionId];
  return int((await sqlRows(db, stmt, [id, stat, value]))[0][0]);
}

// Appearances come only from lineups: a starter, or a substitute a substitution brought on.
const APPEARED =
  `(l."role" = 'starter' OR EXISTS (SELECT 1 FROM "match_events" m WHERE m."contestId" = l."contestId" ` +
  `AND m."type" = 'substitution' AND m."relatedPersonId" = l."personId" AND m."deletedAt" IS NULL))`;
const editionsOf = (scope: { editionId: number } | { competitionId: number }) =>
  "editionId" in scope
    ? { where: `c."editionId" = ?`, id: scope.editionId }
    : {
        where: `c."editionId" IN (SELECT "id" FROM "editions" WHERE "competitionId" = ?)`,
        id: scope.competitionId,
      };

/**
 * Appearances (from lineups) of the given persons in a scope, or null when no contest of the scope
 * has a lineup: a goal list says who scored, not who played.
 */
export async function appearancesIn(
  db: Db,
  scope: { editionId: number } | { competitionId: number },
  personIds: number[],
): Promise<Map<number, number> | null> {
  const { where, id } = editionsOf(scope);
  const any = await sqlRows(
    db,
    `SELECT 1 FROM "lineup_entries" l JOIN "contests" c ON c."id" = l."contestId" WHERE ${where} LIMIT 1`,
    [id],
  );
  if (!any.length) return null;
  const out = new Map<number, number>(personIds.map((p) => [p, 0]));
  if (!personIds.length) return out;
  const rows = await sqlRows(
    db,
    `SELECT l."personId", count(*) FROM "lineup_entries" l JOIN "contests" c ON c."id" = l."contestId" ` +
      `WHERE ${where} AND l."personId" IN (${personIds.map(() => "?").join(",")}) AND ${APPEARED} GROUP BY l."personId"`,
    [id, ...personIds],
  );
  for (const [person, n] of rows) out.set(int(person), int(n));
  return out;
}
