import type { Db } from "../platform/db";
import { slugify } from "../sports/normalize";
import { sqlRows, statement, type Statement, type SqlRow } from "../platform/db/sql";
import { coverageColumns } from "./coverage";

/**
 * An edition as a row: [id, competitionId, name, startDate (YYYY-MM-DD), endDate (YYYY-MM-DD),
 * current, contests, teams, "format|kind|code|slug" of its competition, then the six coverage flags of
 * lib/repos/coverage.ts]. Contests and teams let the edition say how many contests it lacks.
 */
export type EditionTuple = [
  number,
  number,
  string,
  string,
  string,
  boolean | number,
  number | bigint,
  number | bigint,
  string,
  ...Array<boolean | number>,
];

const COLUMNS = (d: { day(col: string): string }) =>
  `e."id", e."competitionId", e."name", ${d.day('e."startDate"')}, ${d.day('e."endDate"')}, e."current", ` +
  `(SELECT count(*) FROM "contests" k WHERE k."editionId" = e."id"), ` +
  `(SELECT count(DISTINCT p."teamId") FROM "contest_participants" p JOIN "contests" k ON k."id" = p."contestId" WHERE k."editionId" = e."id"), ` +
  `(SELECT c2."format" || '|' || c2."kind" || '|' || coalesce(c2."code", '') || '|' || c2."slug" FROM "competitions" c2 WHERE c2."id" = e."competitionId"), ` +
  coverageColumns(`= e."id"`);

type CurrentFilter = "any" | "current" | "past";
const CURRENT: Record<CurrentFilter, string> = {
  any: "",
  current: ` AND e."current"`,
  past: ` AND NOT e."current"`,
};

/** All editions (by competition, start, id), optionally only the current or the past ones. */
const ofEveryCompetition = (f: CurrentFilter) =>
  statement(
    (d) =>
      `SELECT ${COLUMNS(d)} FROM "editions" e WHERE TRUE${CURRENT[f]} ORDER BY e."competitionId", e."startDate", e."id"`,
  );
const everyCompetition: Record<CurrentFilter, Statement> = {
  any: ofEveryCompetition("any"),
  current: ofEveryCompetition("current"),
  past: ofEveryCompetition("past"),
};

/**
 * One competition's editions, from the competition's row: an existing competition without a
 * matching edition is one row of nulls, an unknown one no row, so the 404 needs no second statement.
 */
const ofCompetition = (f: CurrentFilter) =>
  statement(
    (d) =>
      `SELECT ${COLUMNS(d)} FROM "competitions" c LEFT JOIN "editions" e ON e."competitionId" = c."id"${CURRENT[f]} ` +
      `WHERE c."id" = ? ORDER BY e."startDate", e."id"`,
  );
const oneCompetition: Record<CurrentFilter, Statement> = {
  any: ofCompetition("any"),
  current: ofCompetition("current"),
  past: ofCompetition("past"),
};

/** null: the competition filter names no competition. */
export async function listEditions(
  db: Db,
  filter: { competitionId?: number; current?: boolean },
): Promise<EditionTuple[] | null> {
  const f: CurrentFilter = filter.current === undefined ? "any" : filter.current ? "current" : "past";
  if (filter.competitionId === undefined) {
    return (await sqlRows(db, everyCompetition[f], [])) as unknown as EditionTuple[];
  }
  const rows = await sqlRows(db, oneCompetition[f], [filter.competitionId]);
  if (rows.length === 0) return null;
  return rows[0][0] === null ? [] : (rows as unknown as EditionTuple[]);
}

const byId = statement((d) => `SELECT ${COLUMNS(d)} FROM "editions" e WHERE e."id" = ?`);

export async function getEdition(db: Db, id: number): Promise<EditionTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as EditionTuple | undefined) ?? null;
}

const exists = statement(() => `SELECT 1 FROM "editions" WHERE "id" = ?`);

export async function editionExists(db: Db, id: number): Promise<boolean> {
  return (await sqlRows(db, exists, [id])).length > 0;
}

const names = statement(() => `SELECT "id", "name" FROM "editions" WHERE "competitionId" = ? ORDER BY "id"`);

/**
 * An edition's id from its competition's id and its season's slug ("2024-25" for "2024/25",
 * "2022"): the exact season, else a season starting in that year alone ("2024" for "2024/25", as
 * API-Football names seasons). null when none or two match.
 */
export async function editionIdBySeason(
  db: Db,
  competitionId: number,
  season: string,
): Promise<number | null> {
  const rows = await sqlRows(db, names, [competitionId]);
  const exact = rows.find((r) => slugify(String(r[1])) === season);
  if (exact) return Number(exact[0]);
  const starting = rows.filter((r) => slugify(String(r[1])).startsWith(`${season}-`));
  return starting.length === 1 ? Number(starting[0][0]) : null;
}
