import type { Db } from "../platform/db";
import { dialect, int, sqlRows, statement, type SqlParam, type SqlRow } from "../platform/db/sql";

/** A person as a row: [id, name, firstName, lastName, nationality, birthDay, position, sport, demo]. */
export type PersonTuple = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  boolean | number,
];

const COLUMNS = (d: { day(col: string): string }) =>
  `p."id", p."name", p."firstName", p."lastName", p."nationality", ${d.day('p."birthDate"')}, p."position", p."sport", p."demo"`;

/** Tokens are [0-9a-z]; the smallest string above every string that starts with `w`, or null. */
export function prefixUpperBound(w: string): string | null {
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (let i = w.length - 1; i >= 0; i--) {
    const next = alphabet[alphabet.indexOf(w[i]) + 1];
    if (next) return w.slice(0, i) + next;
  }
  return null;
}

/**
 * SQL for the ids of the persons matching every word: each word prefix-matches one of the
 * person's name tokens. Each word is a range [w, upper(w)) on the (token, personId) primary key,
 * intersected in SQL, so a search costs what its matches cost. (Prisma's relation filter `some`
 * compiled to a correlated EXISTS that scanned every person.) The bound stays inside [0-9a-z],
 * which sorts the same under the C collation and the usual locale collations.
 */
function matchingIds(words: string[], params: SqlParam[]): string {
  const range = (w: string) => {
    const upper = prefixUpperBound(w);
    params.push(w);
    if (!upper) return `"token" >= ?`;
    params.push(upper);
    return `"token" >= ? AND "token" < ?`;
  };
  // INTERSECT also drops duplicates (a person with two tokens matching one word); one word needs DISTINCT.
  if (words.length === 1)
    return `SELECT DISTINCT "personId" FROM "person_name_tokens" WHERE ${range(words[0])}`;
  return words
    .map((w) => `SELECT "personId" FROM "person_name_tokens" WHERE ${range(w)}`)
    .join(" INTERSECT ");
}

export interface PersonsPage {
  rows: PersonTuple[];
  total: number;
}

/**
 * One statement per page, carrying the total: a search counts its matches with a window
 * (`count(*) OVER ()` before LIMIT) and reads only the page's persons; a listing reads the page in
 * id order off the primary key or (sport, id) with the count as a scalar subquery. Only a page
 * past the end, where no row carries the total, needs a second statement. Ordered by (demo, id):
 * imported persons before the generated demo set, and stable, so the offset loop visits every row
 * exactly once; the (demo, id) and (sport, demo, id) indexes keep a listing page off a sort.
 */
export async function listPersons(
  db: Db,
  words: string[],
  sport: string | undefined,
  limit: number,
  offset: number,
): Promise<PersonsPage> {
  const d = dialect(db);
  const params: SqlParam[] = [];
  let text: string;
  let count: string;
  if (words.length) {
    let ids = matchingIds(words, params);
    // The sport filter needs each match's row; without it only the page's rows are read.
    if (sport !== undefined) {
      ids = `SELECT m."personId" FROM (${ids}) AS m JOIN "persons" s ON s."id" = m."personId" WHERE s."sport" = ?`;
      params.push(sport);
    }
    count = `SELECT count(*) FROM (${ids}) AS m`;
    text =
      `SELECT ${COLUMNS(d)}, pg."total" FROM (SELECT m."personId" AS "id", count(*) OVER () AS "total" ` +
      `FROM (${ids}) AS m JOIN "persons" r ON r."id" = m."personId" ORDER BY r."demo", r."id" LIMIT ${d.limit} OFFSET ${d.limit}) AS pg ` +
      `JOIN "persons" p ON p."id" = pg."id" ORDER BY p."demo", p."id"`;
  } else {
    const filter = sport === undefined ? "" : ` WHERE "sport" = ?`;
    count = `SELECT count(*) FROM "persons"${filter}`;
    text = `SELECT ${COLUMNS(d)}, (${count}) FROM "persons" p${filter.replace('"sport"', 'p."sport"')} ORDER BY p."demo", p."id" LIMIT ${d.limit} OFFSET ${d.limit}`;
    if (sport !== undefined) params.push(sport, sport);
  }
  const rows = await sqlRows(db, text, [...params, Math.max(limit, 1), offset]);
  let total = rows.length ? int(rows[0][9]) : 0;
  if (rows.length === 0 && offset > 0) {
    const paramsOfCount = words.length || sport === undefined ? params : [sport];
    total = int((await sqlRows(db, count, paramsOfCount))[0][0]);
  }
  return { rows: limit > 0 ? (rows as unknown as PersonTuple[]) : [], total };
}

const byId = statement((d) => `SELECT ${COLUMNS(d)} FROM "persons" p WHERE p."id" = ?`);

export async function getPerson(db: Db, id: number): Promise<PersonTuple | null> {
  const rows: SqlRow[] = await sqlRows(db, byId, [id]);
  return (rows[0] as PersonTuple | undefined) ?? null;
}

const exists = statement(() => `SELECT 1 FROM "persons" WHERE "id" = ?`);

export async function personExists(db: Db, id: number): Promise<boolean> {
  return (await sqlRows(db, exists, [id])).length > 0;
}
