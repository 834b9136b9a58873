/** Persons' and rosters' SQL: the writers' (importers, the ingest API) and the /v1 reads'. */
import type { Prisma } from "../../generated/sqlite/client";
import type { Db, DbOrTx } from "../../platform/db/client";
import { c, columns, type RowOf } from "../../platform/db/columns";
import { dialect, int, sqlRows, statement, type SqlParam, type SqlRow } from "../../platform/db/sql";

/** Creates a person and the name tokens the persons search matches; returns the new id. */
export async function insertPerson(
  db: DbOrTx,
  data: Prisma.PersonCreateInput,
  tokens: string[],
): Promise<number> {
  const { id } = await db.person.create({ data, select: { id: true } });
  await db.personNameToken.createMany({ data: tokens.map((token) => ({ token, personId: id })) });
  return id;
}

export async function personIdByRef(db: DbOrTx, externalRef: string): Promise<number | null> {
  return (await db.person.findUnique({ where: { externalRef }, select: { id: true } }))?.id ?? null;
}

/** The persons with these external refs (callers pass at most 500 at a time). */
export function personIdsByRefs(db: DbOrTx, refs: string[]) {
  return db.person.findMany({
    where: { externalRef: { in: refs } },
    select: { id: true, externalRef: true },
  });
}

/** Up to `take` persons of a sport with this normalised name. */
export function personsNamed(db: DbOrTx, nameNormalized: string, sport: string, take: number) {
  return db.person.findMany({ where: { nameNormalized, sport }, take });
}

/** An edition's rostered persons that have a team. */
export function rosteredPersons(db: DbOrTx, editionId: number) {
  return db.rosterEntry.findMany({
    where: { editionId, teamId: { not: null } },
    select: { teamId: true, person: { select: { id: true, name: true } } },
  });
}

/** Puts a person on an edition's roster (with this team) unless already there. */
export async function ensureRosterEntry(
  db: DbOrTx,
  editionId: number,
  personId: number,
  teamId: number,
): Promise<void> {
  await db.rosterEntry.upsert({
    where: { editionId_personId: { editionId, personId } },
    create: { editionId, personId, teamId, role: "player" },
    update: {},
  });
}

export const PERSON = columns(
  c.int("id", 'p."id"'),
  c.text("name", 'p."name"'),
  c.textOrNull("firstName", 'p."firstName"'),
  c.textOrNull("lastName", 'p."lastName"'),
  c.textOrNull("nationality", 'p."nationality"'),
  c.dayOrNull("birthDate", 'p."birthDate"'),
  c.textOrNull("position", 'p."position"'),
  c.text("sport", 'p."sport"'),
  c.bool("demo", 'p."demo"'),
);
export type PersonTuple = RowOf<typeof PERSON.cols>;
const COLUMNS = PERSON.list;
/** A page's rows carry the total after the person's columns. */
const TOTAL = PERSON.cols.length;

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
  let total = rows.length ? int(rows[0][TOTAL]) : 0;
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
