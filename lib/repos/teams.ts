import type { Db } from "../platform/db";
import { int, sqlRows, statement, type SqlRow, type Statement } from "../platform/db/sql";

/** A team as a row: [id, name, shortName, code, country, founded, venue, demo]. */
export type TeamTuple = [
  number,
  string,
  string,
  string,
  string | null,
  number | null,
  string | null,
  boolean | number,
];

const COLUMNS = `"id", "name", "shortName", "code", "country", "founded", "venue", "demo"`;

export interface TeamsPage {
  rows: TeamTuple[];
  total: number;
}

const count = statement(() => `SELECT count(*) FROM "teams"`);

/**
 * The page carries the total as a scalar subquery, so a page is one statement; only a page past
 * the end, where no row carries the total, needs the count alone. (A one-row count LEFT JOINed to
 * the page would need no second statement, but materialising and re-sorting the page cost every
 * request ~10 µs more on the bench database than the scalar subquery.) Ordered by (demo, id):
 * imported teams before the generated demo teams, and stable, so the offset loop visits every row
 * exactly once.
 */
const page = statement(
  (d) =>
    `SELECT ${COLUMNS}, (SELECT count(*) FROM "teams") FROM "teams" ORDER BY "demo", "id" LIMIT ${d.limit} OFFSET ${d.limit}`,
);

/** `q`: every word (accent-free, [0-9a-z]) a substring of the name; teams are few, a scan of their names. */
const matching = (words: number) =>
  Array.from({ length: words }, () => `"nameNormalized" LIKE ?`).join(" AND ");
const searches = new Map<number, { page: Statement; count: Statement }>();
function searchStatements(words: number) {
  let s = searches.get(words);
  if (!s) {
    const where = matching(words);
    s = {
      page: statement(
        (d) =>
          `SELECT ${COLUMNS}, count(*) OVER () FROM "teams" WHERE ${where} ORDER BY "demo", "id" LIMIT ${d.limit} OFFSET ${d.limit}`,
      ),
      count: statement(() => `SELECT count(*) FROM "teams" WHERE ${where}`),
    };
    searches.set(words, s);
  }
  return s;
}

export async function listTeams(
  db: Db,
  limit: number,
  offset: number,
  words: string[] = [],
): Promise<TeamsPage> {
  const likes = words.map((w) => `%${w}%`);
  const search = words.length ? searchStatements(words.length) : { page, count };
  const rows = await sqlRows(db, search.page, [...likes, limit, offset]);
  let total = rows.length ? int(rows[0][8]) : 0;
  if (rows.length === 0 && offset > 0) total = int((await sqlRows(db, search.count, likes))[0][0]);
  return { rows: rows as unknown as TeamTuple[], total };
}

const byId = statement(() => `SELECT ${COLUMNS} FROM "teams" WHERE "id" = ?`);

/** One team's row, or null (also the existence check of the contests and rosters filters). */
export async function getTeam(db: Db, id: number): Promise<TeamTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as TeamTuple | undefined) ?? null;
}

const bySlug = statement(
  () => `SELECT "id" FROM "teams" WHERE "nameNormalized" = ? ORDER BY "demo", "id" LIMIT 1`,
);

/**
 * A team's id from its slug, the name lower-case and accent-free with hyphens ("bayern-munchen");
 * two teams of one spelling: the imported one, then the oldest. null when none has it.
 */
export async function teamIdBySlug(db: Db, slug: string): Promise<number | null> {
  const rows = await sqlRows(db, bySlug, [slug.replace(/-/g, " ")]);
  return rows.length ? Number(rows[0][0]) : null;
}
