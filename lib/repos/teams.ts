import type { Db } from "../db";
import { int, sqlRows, statement, type SqlRow } from "../db/sql";

/** A team as a row: [id, name, shortName, code, country, founded, venue]. */
export type TeamTuple = [number, string, string, string, string | null, number | null, string | null];

const COLUMNS = `"id", "name", "shortName", "code", "country", "founded", "venue"`;

export interface TeamsPage {
  rows: TeamTuple[];
  total: number;
}

const count = statement(() => `SELECT count(*) FROM "teams"`);

/**
 * The page carries the total as a scalar subquery, so a page is one statement; only a page past
 * the end, where no row carries the total, needs the count alone. (A one-row count LEFT JOINed to
 * the page would need no second statement, but materialising and re-sorting the page cost every
 * request ~10 µs more on the bench database than the scalar subquery.) Ordered by id: stable, so
 * the offset loop visits every row exactly once.
 */
const page = statement(
  (d) =>
    `SELECT ${COLUMNS}, (SELECT count(*) FROM "teams") FROM "teams" ORDER BY "id" LIMIT ${d.limit} OFFSET ${d.limit}`,
);

export async function listTeams(db: Db, limit: number, offset: number): Promise<TeamsPage> {
  const rows = await sqlRows(db, page, [limit, offset]);
  let total = rows.length ? int(rows[0][7]) : 0;
  if (rows.length === 0 && offset > 0) total = int((await sqlRows(db, count, []))[0][0]);
  return { rows: rows as unknown as TeamTuple[], total };
}

const byId = statement(() => `SELECT ${COLUMNS} FROM "teams" WHERE "id" = ?`);

/** One team's row, or null (also the existence check of the contests and rosters filters). */
export async function getTeam(db: Db, id: number): Promise<TeamTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as TeamTuple | undefined) ?? null;
}
