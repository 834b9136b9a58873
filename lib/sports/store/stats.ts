import type { Db, DbOrTx } from "../../platform/db/client";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { int, sqlRows, statement, type Dialect } from "../../platform/db/sql";

/**
 * The stat-board's precomputed aggregates, maintained after every write to an edition's contest
 * stats: importers and the seed call this one function (nothing else writes these tables).
 *
 * Maintains PersonEditionStat (season totals that feed the stat-board) from PersonContestStat,
 * then the edition's stat names and its competition's totals over all editions
 * (rebuildCompetitionStats), so every stat-board request is an index read.
 * Set-based SQL that both SQLite and PostgreSQL accept: an upsert of the aggregates, touching only
 * rows whose totals changed (ids stay stable), then removal of totals with no contest rows left.
 * The team is the person's roster team in the edition, else the team of their contest rows.
 */
export async function rebuildEditionStats(db: DbOrTx, editionId: number): Promise<number> {
  const upserted = await db.$executeRaw`
    INSERT INTO "person_edition_stats" ("editionId", "personId", "teamId", "stat", "value", "contests")
    SELECT c."editionId", s."personId",
      COALESCE((SELECT r."teamId" FROM "roster_entries" r WHERE r."editionId" = c."editionId" AND r."personId" = s."personId"), MAX(s."teamId")),
      s."stat", SUM(s."value"), COUNT(*)
    FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId"
    WHERE c."editionId" = ${editionId}
    GROUP BY c."editionId", s."personId", s."stat"
    ON CONFLICT ("editionId", "stat", "personId") DO UPDATE
      SET "value" = excluded."value", "contests" = excluded."contests", "teamId" = excluded."teamId"
      WHERE "person_edition_stats"."value" <> excluded."value"
        OR "person_edition_stats"."contests" <> excluded."contests"
        OR "person_edition_stats"."teamId" IS DISTINCT FROM excluded."teamId"`;
  const deleted = await db.$executeRaw`
    DELETE FROM "person_edition_stats" WHERE "editionId" = ${editionId} AND NOT EXISTS (
      SELECT 1 FROM "person_contest_stats" s JOIN "contests" c ON c."id" = s."contestId"
      WHERE c."editionId" = "person_edition_stats"."editionId"
        AND s."personId" = "person_edition_stats"."personId" AND s."stat" = "person_edition_stats"."stat")`;
  await refreshBoardAggregates(db, editionId);
  return upserted + deleted;
}

/**
 * EditionStatName of the edition and CompetitionPersonStat of its competition, rebuilt whole
 * (delete + insert, set-based): a competition has a few editions and their totals, far fewer
 * rows than the contest stats the edition totals come from. Called by rebuildEditionStats; call
 * it directly only after writing PersonEditionStat rows some other way (test fixtures).
 */
export async function refreshBoardAggregates(db: DbOrTx, editionId: number): Promise<number> {
  const edition = await db.edition.findUnique({ where: { id: editionId }, select: { competitionId: true } });
  if (!edition) return 0;
  const { competitionId } = edition;
  await db.$executeRaw`DELETE FROM "edition_stat_names" WHERE "editionId" = ${editionId}`;
  await db.$executeRaw`
    INSERT INTO "edition_stat_names" ("editionId", "competitionId", "stat")
    SELECT DISTINCT "editionId", CAST(${competitionId} AS INTEGER), "stat" FROM "person_edition_stats" WHERE "editionId" = ${editionId}`;
  await db.$executeRaw`DELETE FROM "competition_person_stats" WHERE "competitionId" = ${competitionId}`;
  return db.$executeRaw`
    INSERT INTO "competition_person_stats" ("competitionId", "stat", "personId", "teamId", "value", "contests")
    SELECT e."competitionId", s."stat", s."personId",
      (SELECT s2."teamId" FROM "person_edition_stats" s2 JOIN "editions" e2 ON e2."id" = s2."editionId"
        WHERE e2."competitionId" = e."competitionId" AND s2."personId" = s."personId" AND s2."stat" = s."stat"
        ORDER BY e2."startDate" DESC, e2."id" DESC LIMIT 1),
      SUM(s."value"), SUM(s."contests")
    FROM "person_edition_stats" s JOIN "editions" e ON e."id" = s."editionId"
    WHERE e."competitionId" = CAST(${competitionId} AS INTEGER)
    GROUP BY e."competitionId", s."stat", s."personId"`;
}

/** A board row, from an edition's or a competition's person stats `s`. */
export const BOARD = columns(
  c.int("personId", 's."personId"'),
  c.text("personName", 'p."name"'),
  c.intOrNull("teamId", 's."teamId"'),
  c.int("value", 's."value"'),
  c.int("contests", 's."contests"'),
  c.textOrNull("teamName", 't."name"'),
);
export type BoardTuple = RowOf<typeof BOARD.cols>;
const B = BOARD.at;

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
    `SELECT ${BOARD.list(d)} FROM "person_edition_stats" s ` +
    `JOIN "persons" p ON p."id" = s."personId" LEFT JOIN "teams" t ON t."id" = s."teamId" WHERE s."editionId" = ? AND s."stat" = ? ` +
    `ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ${d.limit}`,
);
const competitionBoard = statement(
  (d) =>
    `SELECT ${BOARD.list(d)} FROM "competition_person_stats" s ` +
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
  `SELECT * FROM (SELECT CAST(NULL AS INTEGER), CAST(NULL AS TEXT), CAST(NULL AS TEXT), ${BOARD.list(d)} ` +
  `FROM "${table}" s JOIN "persons" p ON p."id" = s."personId" ` +
  `LEFT JOIN "teams" t ON t."id" = s."teamId" ` +
  `WHERE s."${scopeCol}" = ? AND s."stat" = ? ORDER BY s."value" DESC, s."contests", s."personId" LIMIT ${d.limit}) b`;
/** The scope's three columns (competition, sport, stat names) before the board's. */
const HEAD = 3;
const NO_BOARD = ", NULL".repeat(BOARD.cols.length);
const editionScoped = statement(
  (d) => `${editionHead(d, NO_BOARD)} UNION ALL ${boardBelow(d, "person_edition_stats", "editionId")}`,
);
const competitionScoped = statement(
  (d) =>
    `${competitionHead(d, NO_BOARD)} UNION ALL ${boardBelow(d, "competition_person_stats", "competitionId")}`,
);

/** The board's order: value desc, fewer contests, person id. */
const boardOrder = (a: BoardTuple, b: BoardTuple) =>
  Number(b[B.value]) - Number(a[B.value]) ||
  Number(a[B.contests]) - Number(b[B.contests]) ||
  Number(a[B.personId]) - Number(b[B.personId]);

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
  const rows = found.filter((r) => r[HEAD] != null).map((r) => r.slice(HEAD) as BoardTuple);
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
